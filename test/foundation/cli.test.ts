import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cli, freePort, startServerProcess } from '../support/processes.ts';

describe('operator CLI (wallet-api)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-cli-'));
  const env = { DATA_DIR: dataDir, DEVNET: 'off' };
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  let port = 0;
  const api = (path: string, key: string) =>
    fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'x-api-key': key } });

  before(async () => {
    port = await freePort();
  });
  after(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('seeds a demo user on first start, and works while the server runs on the same embedded data', async () => {
    server = await startServerProcess({ ...env, PORT: String(port) });
    assert.match(server.output(), /Demo API key/);
    const demoKeyFile = join(dataDir, 'demo-api-key');
    assert.equal(statSync(demoKeyFile).mode & 0o777, 0o600);
    const demoKey = readFileSync(demoKeyFile, 'utf8').trim();
    assert.match(server.output(), new RegExp(demoKey), 'printed once at first start');
    assert.equal((await api('/api/v1/wallets', demoKey)).status, 200);

    // migrate needs the database to itself, and says what to do instead of pointing at itself.
    const migrate = cli(['migrate'], env);
    assert.equal(migrate.status, 1);
    assert.match(migrate.stderr, /a running server applies its migrations itself when it starts/);
    assert.ok(!/use the CLI/.test(migrate.stderr));

    const user = cli(['--json', 'users', 'create', '--email', 'ops@example.test'], env);
    assert.equal(user.status, 0, user.stderr);
    const wallet = cli(
      ['--json', 'wallets', 'create', '--user', 'ops@example.test', '--chain-type', 'solana'],
      env,
    );
    assert.equal(wallet.status, 0, wallet.stderr);
    const { address } = JSON.parse(wallet.stdout);
    const keyOut = cli(
      ['--json', 'keys', 'create', '--user', 'ops@example.test', '--name', 'bot', '--expires', '30d'],
      env,
    );
    assert.equal(keyOut.status, 0, keyOut.stderr);
    const { key, apiKey } = JSON.parse(keyOut.stdout);
    assert.match(key, /^wak_[A-Za-z0-9]{4}_[A-Za-z0-9]{32}$/);
    assert.equal(apiKey.status, 'Active');

    const listed = await (await api('/api/v1/wallets', key)).json();
    assert.deepEqual(
      listed.wallets.map((w: { address: string; isDefault: boolean; automationEnabled: boolean }) => [
        w.address,
        w.isDefault,
        w.automationEnabled,
      ]),
      [[address, true, true]],
    );

    const off = cli(['wallets', 'automation', '--address', address, '--off'], env);
    assert.equal(off.status, 0, off.stderr);
    assert.equal((await (await api('/api/v1/wallets', key)).json()).wallets[0].automationEnabled, false);

    const list = cli(['keys', 'list', '--user', 'ops@example.test'], env);
    assert.equal(list.status, 0, list.stderr);
    assert.match(list.stdout, /bot/);
    assert.ok(!list.stdout.includes(key), 'listing never shows the key');

    const revoke = cli(['keys', 'revoke', apiKey.id], env);
    assert.equal(revoke.status, 0, revoke.stderr);
    assert.equal((await api('/api/v1/wallets', key)).status, 401, 'revoked on the next request');
    const listedJson = JSON.parse(cli(['--json', 'keys', 'list', '--user', 'ops@example.test'], env).stdout);
    assert.equal(listedJson[0].status, 'Revoked');
  });

  test('bad input gives a clear one-line error and a non-zero exit', () => {
    const r = cli(['keys', 'create', '--user', 'nobody@example.test', '--name', 'x'], env);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /No user with email nobody@example.test/);
    const badExpiry = cli(
      ['keys', 'create', '--user', 'ops@example.test', '--name', 'x', '--expires', '2d'],
      env,
    );
    assert.notEqual(badExpiry.status, 0);
    assert.match(badExpiry.stderr, /Allowed choices are never, 7d, 30d, 90d, 180d, 1y/);
  });

  test('keys create takes scopes, chains, limits and allowlists; the key is held to them', async () => {
    const created = cli(
      [
        '--json',
        'keys',
        'create',
        '--user',
        'ops@example.test',
        '--name',
        'agent',
        '--scopes',
        'read,trade',
        '--chains',
        'base,solana',
        '--limit',
        'base:native:1000:-',
        '--limit',
        'base:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913:-:5000000',
        '--recipients',
        '0x000000000000000000000000000000000000dEaD',
        '--allow-unlimited-approvals',
      ],
      env,
    );
    assert.equal(created.status, 0, created.stderr);
    const { key, apiKey } = JSON.parse(created.stdout);
    assert.deepEqual(apiKey.policy, {
      scopes: ['read', 'trade'],
      chains: ['base', 'solana'],
      limits: [
        { chain: 'base', asset: 'native', perTransaction: '1000', perDay: null },
        {
          chain: 'base',
          asset: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
          perTransaction: null,
          perDay: '5000000',
        },
      ],
      recipients: ['0x000000000000000000000000000000000000dead'],
      contracts: null,
      allowUnlimitedApprovals: true,
    });
    const self = await (await api('/api/v1/keys/self', key)).json();
    assert.deepEqual(self.scopes, ['read', 'trade']);
    assert.equal(self.allowUnlimitedApprovals, true);
    assert.equal(self.limits[1].remainingLast24h, '5000000');
    const send = await fetch(`http://127.0.0.1:${port}/api/v1/send`, {
      method: 'POST',
      headers: {
        'x-api-key': key,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({
        chain: 'base',
        to: '0x000000000000000000000000000000000000dEaD',
        asset: 'native',
        amount: '1',
      }),
    });
    assert.equal(send.status, 403);
    assert.match((await send.json()).error, /does not have the write scope/);
    const bad = cli(
      ['keys', 'create', '--user', 'ops@example.test', '--name', 'x', '--limit', 'base:native:1'],
      env,
    );
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /expected chain:asset:perTx:perDay/);
    const unknown = cli(
      ['keys', 'create', '--user', 'ops@example.test', '--name', 'x', '--chains', 'mars'],
      env,
    );
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /unknown chain "mars"/);
  });

  test('the server stops cleanly on SIGTERM and releases the data directory', async () => {
    assert.ok(server);
    assert.equal(await server.stop('SIGTERM'), 0);
    server = null;
  });

  test('works on the embedded database when no server is running', () => {
    const created = cli(['--json', 'users', 'create', '--email', 'offline@example.test'], env);
    assert.equal(created.status, 0, created.stderr);
    assert.equal(JSON.parse(created.stdout).email, 'offline@example.test');
    const duplicate = cli(['users', 'create', '--email', 'OFFLINE@example.test'], env);
    assert.equal(duplicate.status, 1);
    assert.match(duplicate.stderr, /already exists/);
    const keys = cli(['--json', 'keys', 'list', '--user', 'ops@example.test'], env);
    assert.equal(keys.status, 0, keys.stderr);
    assert.equal(
      JSON.parse(keys.stdout).length,
      2,
      'what the server stored is there (the bot and agent keys)',
    );
    const migrate = cli(['migrate'], env);
    assert.equal(migrate.status, 0, migrate.stderr);
    assert.match(migrate.stdout, /up to date/);
  });
});
