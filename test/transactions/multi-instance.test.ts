// @needs devnet postgres
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { KEY_CACHE_TTL_MS } from '../../src/app/api-keys.ts';
import type { TestApp } from '../support/app.ts';
import { waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { twoInstances } from '../support/two-instances.ts';

// Two instances of the service on one PostgreSQL database: what B2 asks to hold across instances
// (advisory-lock nonces, one execution per idempotency key, SKIP LOCKED tracking) is checked here.

describe('two instances on one PostgreSQL database', () => {
  const instances = twoInstances();
  let a: ReturnType<typeof twoInstances>['a'];
  let b: TestApp;
  let db: ReturnType<typeof twoInstances>['db'];
  before(() => {
    ({ a, b, db } = instances);
  });

  test('20 parallel sends from one wallet through both instances confirm with contiguous nonces', async () => {
    const user = await a.app.newUser();
    const from = (await walletOf(a.app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('10') });
    const start = await a.evm.getTransactionCount({ address: from });
    const recipients = Array.from({ length: 20 }, () => privateKeyToAddress(generatePrivateKey()));
    const responses = await Promise.all(
      recipients.map((to, i) =>
        write(
          i % 2 === 0 ? a.app : b,
          '/send',
          { chain: 'evm-localnet', to, asset: 'native', amount: String(500 + i) },
          user.key,
        ),
      ),
    );
    for (const r of responses) assert.equal(r.status, 200, await r.clone().text());
    const txs = await Promise.all(
      responses.map(async (r, i) => waitForFinal(i % 2 === 0 ? a.app : b, (await r.json()).id, user.key)),
    );
    assert.ok(txs.every((t) => t.status === 'CONFIRMED'));
    const nonces = await Promise.all(
      txs.map(async (t) => (await a.evm.getTransaction({ hash: t.hash })).nonce),
    );
    assert.deepEqual(
      [...nonces].sort((x, y) => x - y),
      Array.from({ length: 20 }, (_, i) => start + i),
    );
    assert.equal(await a.evm.getTransactionCount({ address: from }), start + 20, 'no other transaction');
    for (const [i, to] of recipients.entries())
      assert.equal(await a.evm.getBalance({ address: to }), BigInt(500 + i), `${to} paid once`);
  });

  test('one idempotency key sent to both instances at once executes once', async () => {
    const user = await a.app.newUser();
    const from = (await walletOf(a.app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('1') });
    const key = crypto.randomUUID();
    const to = privateKeyToAddress(generatePrivateKey());
    const body = { chain: 'evm-localnet', to, asset: 'native', amount: '4242' };
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => write(i % 2 ? a.app : b, '/send', body, user.key, key)),
    );
    assert.ok(responses.some((r) => r.status === 200));
    assert.ok(responses.every((r) => r.status === 200 || r.status === 409));
    const ok = responses.find((r) => r.status === 200)!;
    await waitForFinal(a.app, (await ok.json()).id, user.key);
    assert.equal(await a.evm.getBalance({ address: to }), 4242n);
    assert.equal(await a.evm.getTransactionCount({ address: from }), 1);
  });

  test('a key revoked through one instance is refused by the other on the next request', async () => {
    const user = await a.app.newUser();
    assert.equal((await b.get('/api/v1/wallets', user.key)).status, 200);
    const [k] = await a.app.services.apiKeys.list(user.userId);
    await a.app.services.apiKeys.revoke(k!.id, user.userId);
    // The notification crosses instances through PostgreSQL; it arrives within milliseconds.
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      status = (await b.get('/api/v1/wallets', user.key)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(status, 401);
  });

  test('after its LISTEN connection is terminated (pg_terminate_backend), an instance still sees revocations', async () => {
    const user = await a.app.newUser();
    assert.equal((await b.get('/api/v1/wallets', user.key)).status, 200);
    const killed = await db.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    assert.ok((killed[0]?.n ?? 0) >= 1, 'a LISTEN connection was terminated');
    const [k] = await a.app.services.apiKeys.list(user.userId);
    await a.app.services.apiKeys.revoke(k!.id, user.userId);
    // Reconnected (and reset) within about a second; the key cache's TTL bounds it in any case.
    const deadline = Date.now() + KEY_CACHE_TTL_MS + 1_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await b.get('/api/v1/wallets', user.key)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 401);
  });
});
