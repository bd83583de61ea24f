// @needs devnet postgres
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { localOperator } from '../../src/app/operator.ts';
import { walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { twoInstances } from '../support/two-instances.ts';

const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('audit trail across two instances on PostgreSQL', () => {
  const env = twoInstances();

  test('appends at the same moment on both instances keep one linear chain', async () => {
    const { a, b, db } = env;
    // Senders funded first: their sends go in the same burst as everything else.
    const senders = await Promise.all(
      [a.app, b].map(async (app) => {
        const user = await app.newUser();
        await fund({
          chain: 'evm-localnet',
          address: await walletOf(app, user.userId, 'ethereum'),
          amount: 10n ** 18n,
        });
        return { app, user };
      }),
    );
    const before = Number(
      (await db.query<{ n: string }>('select count(*)::text as n from audit_entries'))[0]?.n,
    );

    const PER_INSTANCE = 15;
    const burst = [a.app, b].flatMap((app, i) => {
      const op = localOperator(app.services);
      return Array.from({ length: PER_INSTANCE }, (_, j) =>
        op.createUser({ email: `burst-${i}-${j}-${process.pid}@example.test` }),
      );
    });
    // Accepted writes append in the send INSERT's own statement, on each instance.
    const sends = senders.flatMap(({ app, user }) =>
      Array.from({ length: 3 }, () =>
        write(
          app,
          '/send',
          { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '1' },
          user.key,
        ),
      ),
    );
    const [, answers] = await Promise.all([Promise.all(burst), Promise.all(sends)]);
    for (const res of answers) assert.equal(res.status, 200, await res.clone().text());

    const rows = await db.query<{ seq: string; action: string; prev_hash: string; hash: string }>(
      'select seq::text as seq, action, prev_hash, hash from audit_entries order by audit_entries.seq',
    );
    assert.equal(rows.length, before + 2 * PER_INSTANCE + 6);
    // One line: seq 1..n without a gap, each entry linking to the one before it.
    rows.forEach((r, i) => {
      assert.equal(r.seq, String(i + 1));
      if (i > 0) assert.equal(r.prev_hash, rows[i - 1]?.hash, `entry ${r.seq} links to entry ${i}`);
    });
    assert.equal(rows.filter((r) => r.action === 'write.accepted').length, 6);
    assert.equal(new Set(rows.map((r) => r.hash)).size, rows.length);
    // And both instances agree it verifies.
    assert.deepEqual(await a.app.services.audit.verify(), { ok: true, checked: rows.length });
    assert.deepEqual(await b.services.audit.verify(), { ok: true, checked: rows.length });
  });
});
