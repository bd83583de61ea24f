// The operator links users to Privy from the command line (no server running on the data).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type FakePrivy, privyEnv, startFakePrivy } from '../support/privy.ts';
import { cliAsync } from '../support/processes.ts';

describe('wallet-api users link (Privy)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-privy-cli-'));
  let fake: FakePrivy;
  let env: Record<string, string>;
  before(async () => {
    fake = await startFakePrivy();
    env = { ...privyEnv(fake), DATA_DIR: dataDir, DEVNET: 'off', SEED_DEMO: 'off' };
  });
  after(async () => {
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('links by DID or by email lookup, lists the derived wallets, and refuses a DID Privy does not know', async () => {
    for (const email of ['a@example.test', 'b@example.test'])
      assert.equal((await cliAsync(['users', 'create', '--email', email], env)).status, 0);
    const a = await fake.createUser({ email: 'a@example.test' });
    const b = await fake.createUser({ email: 'B@example.test', wallets: ['solana'] });

    const byDid = await cliAsync(
      ['--json', 'users', 'link', '--email', 'a@example.test', '--privy-user', a.id],
      env,
    );
    assert.equal(byDid.status, 0, byDid.stderr);
    const linked = JSON.parse(byDid.stdout);
    assert.equal(linked.providerUserId, a.id);
    assert.deepEqual(
      linked.wallets.map((w: { chainType: string; isDefault: boolean; automationEnabled: boolean }) => [
        w.chainType,
        w.isDefault,
        w.automationEnabled,
      ]),
      [
        ['ethereum', true, true],
        ['solana', true, true],
      ],
    );

    const byEmail = await cliAsync(['users', 'link', '--email', 'b@example.test'], env);
    assert.equal(byEmail.status, 0, byEmail.stderr);
    assert.match(byEmail.stdout, new RegExp(`Linked b@example.test to ${b.id}: 1 wallet`));

    const unknown = await cliAsync(
      ['users', 'link', '--email', 'a@example.test', '--privy-user', 'did:privy:unknown000000000000000000'],
      env,
    );
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /Privy does not know/);
    assert.ok(!unknown.stderr.includes(fake.appSecret), 'the app secret is never printed');

    const unlink = await cliAsync(['users', 'unlink', '--email', 'a@example.test'], env);
    assert.equal(unlink.status, 0, unlink.stderr);
  });
});
