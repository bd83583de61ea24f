import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { cliAsync, freePort, startServerProcess } from '../support/processes.ts';
import { type Receiver, startReceiver, verify } from '../support/webhook-receiver.ts';

describe('wallet-api webhooks', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-webhooks-cli-'));
  const env = { DATA_DIR: dataDir, DEVNET: 'off', SEED_DEMO: 'off' };
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  let receiver: Receiver | null = null;
  after(async () => {
    await server?.stop();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('add, list, test and rm, on the database and through a running server; the test event arrives signed', async () => {
    receiver = await startReceiver();
    const run = async (args: string[]) => {
      const r = await cliAsync(args, env);
      assert.equal(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    await run(['users', 'create', '--email', 'hooks@example.test']);
    const added = JSON.parse(
      await run([
        '--json',
        'webhooks',
        'add',
        '--user',
        'hooks@example.test',
        '--url',
        receiver.url,
        '--types',
        'webhook.test,transaction.confirmed',
      ]),
    );
    assert.match(added.secret, /^whsec_/);
    assert.deepEqual(added.types, ['transaction.confirmed', 'webhook.test']);
    const text = await run(['webhooks', 'list', '--user', 'hooks@example.test']);
    assert.match(text, new RegExp(added.id));
    assert.ok(!text.includes(added.secret), 'the secret is printed once, by add');

    server = await startServerProcess({ ...env, PORT: String(await freePort()) });
    const { eventId } = JSON.parse(
      await run(['--json', 'webhooks', 'test', added.id, '--user', 'hooks@example.test']),
    );
    const [d] = await receiver.waitFor((r) => r.some((x) => x.id === eventId));
    assert.ok(d);
    assert.equal(verify(added.secret, d).type, 'webhook.test');

    await run(['webhooks', 'rm', added.id, '--user', 'hooks@example.test']);
    assert.deepEqual(
      JSON.parse(await run(['--json', 'webhooks', 'list', '--user', 'hooks@example.test'])),
      [],
    );
    const missing = await cliAsync(['webhooks', 'test', added.id, '--user', 'hooks@example.test'], env);
    assert.notEqual(missing.status, 0);
    assert.match(missing.stderr, /not found/i);
  });
});
