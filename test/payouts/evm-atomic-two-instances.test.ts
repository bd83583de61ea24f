// @needs devnet postgres
// Atomic EVM payouts (issue 31) run by two instances sharing PostgreSQL whose leases are stolen
// again and again: a pack pays all of its items, so a pack signed twice (by each instance, or at a
// new nonce) would pay each of them twice. Two payouts of two packs each: four transactions, no more.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { twoInstances } from '../support/two-instances.ts';
import { waitForPayout } from './payout-support.ts';

describe('atomic payouts on two instances sharing PostgreSQL', () => {
  const instances = twoInstances();

  test('both instances running the same atomic payouts at once (leases stolen) never sign a pack twice', async () => {
    const { a, b, db } = instances;
    const user = await a.app.newUser();
    const from = (await walletOf(a.app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('5') });
    const itemsOf = (base: number) =>
      Array.from({ length: 230 }, (_, i) => ({
        to: privateKeyToAddress(generatePrivateKey()),
        amount: String(base + i),
      }));
    const first = itemsOf(1000);
    const second = itemsOf(2000);
    let stealing = true;
    const thief = (async () => {
      while (stealing) {
        await db.query('update payouts set run_after = now() where run_after is not null');
        await new Promise((r) => setTimeout(r, 30));
      }
    })();
    const body = (items: typeof first) => ({ chain: 'evm-localnet', asset: 'native', atomic: true, items });
    const [ra, rb] = await Promise.all([
      write(a.app, '/payouts', body(first), user.key),
      write(b, '/payouts', body(second), user.key),
    ]);
    assert.equal(ra.status, 202, await ra.clone().text());
    assert.equal(rb.status, 202, await rb.clone().text());
    const [pa, pb] = [await ra.json(), await rb.json()];
    try {
      const [da, dbb] = await Promise.all([
        waitForPayout(a.app, user.key, pa.id),
        waitForPayout(b, user.key, pb.id),
      ]);
      assert.equal(da.status, 'completed', JSON.stringify(da.totals));
      assert.equal(dbb.status, 'completed', JSON.stringify(dbb.totals));
      assert.equal(da.totals.transactions, 2);
      assert.equal(dbb.totals.transactions, 2);
    } finally {
      stealing = false;
      await thief;
    }
    const balances = await Promise.all(
      [...first, ...second].map((item) => a.evm.getBalance({ address: item.to as Address })),
    );
    for (const [i, item] of [...first, ...second].entries())
      assert.equal(balances[i], BigInt(item.amount), `item ${i}`);
    assert.equal(await a.evm.getTransactionCount({ address: from }), 4, 'two packs a payout, no more');
    const rows = await db.query<{ n: number }>(
      'select count(*)::int as n from transactions where wallet_id = (select wallet_id from payouts where id = $1)',
      [pa.id],
    );
    assert.equal(rows[0]?.n, 4, 'one recorded transaction per pack');
  });
});
