import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cliAsync, freePort, startServerProcess } from '../support/processes.ts';

describe('wallet-api audit while a server holds the embedded database', () => {
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let env: Record<string, string>;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-audit-cli-'));
    env = { DATA_DIR: dataDir, DEVNET: 'off', SEED_DEMO: 'off', PORT: String(await freePort()) };
    server = await startServerProcess(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('operator changes through the running server are recorded as the operator, then listed and verified', async () => {
    const created = await cliAsync(['users', 'create', '--email', 'cli-audit@example.test'], env);
    assert.equal(created.status, 0, created.stderr);
    const key = await cliAsync(['keys', 'create', '--user', 'cli-audit@example.test', '--name', 'bot'], env);
    assert.equal(key.status, 0, key.stderr);
    const secret = /wak_[A-Za-z0-9]{4}_[A-Za-z0-9]{32}/.exec(key.stdout)?.[0] ?? '';
    assert.ok(secret);

    const listed = await cliAsync(['--json', 'audit', 'list', '--user', 'cli-audit@example.test'], env);
    assert.equal(listed.status, 0, listed.stderr);
    const page = JSON.parse(listed.stdout) as { entries: { action: string; actor: { type: string } }[] };
    assert.deepEqual(
      page.entries.map((e) => [e.action, e.actor.type]),
      [
        ['key.created', 'operator'],
        ['user.created', 'operator'],
      ],
    );
    assert.ok(!listed.stdout.includes(secret), 'the key is not in the trail');

    const verified = await cliAsync(['audit', 'verify'], env);
    assert.equal(verified.status, 0, verified.stderr);
    assert.match(verified.stdout, /Audit trail verified: 2 entries/);
  });
});
