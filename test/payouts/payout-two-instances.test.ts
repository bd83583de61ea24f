// @needs devnet postgres
// Payouts (issue 31) run by two instances sharing PostgreSQL whose leases are stolen again and
// again, so each instance keeps claiming payouts the other one is working on. An item signed twice
// (by each instance, or at a new nonce) would be paid twice; in atomic mode a pack signed twice would
// pay every one of its items twice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { twoInstances } from '../support/two-instances.ts';
import { waitForPayout } from './payout-support.ts';

describe('payouts on two instances sharing PostgreSQL', () => {
  const instances = twoInstances();

  /**
   * One payout of `perPayout` items through each instance at once, every lease running out again
   * and again; returns the payouts when done, the sender, and what was recorded for its wallet.
   */
  async function twoPayoutsLeasesStolen(perPayout: number, atomic: boolean) {
    const { a, b, db } = instances;
    const user = await a.app.newUser();
    const from = (await walletOf(a.app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('5') });
    const itemsOf = (base: number) =>
      Array.from({ length: perPayout }, (_, i) => ({
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
    const body = (items: typeof first) => ({ chain: 'evm-localnet', asset: 'native', atomic, items });
    const [ra, rb] = await Promise.all([
      write(a.app, '/payouts', body(first), user.key),
      write(b, '/payouts', body(second), user.key),
    ]);
    assert.equal(ra.status, 202, await ra.clone().text());
    assert.equal(rb.status, 202, await rb.clone().text());
    const [pa, pb] = [await ra.json(), await rb.json()];
    let done: Awaited<ReturnType<typeof waitForPayout>>[];
    try {
      done = await Promise.all([waitForPayout(a.app, user.key, pa.id), waitForPayout(b, user.key, pb.id)]);
    } finally {
      stealing = false;
      await thief;
    }
    for (const d of done) assert.equal(d.status, 'completed', JSON.stringify(d.totals));
    const balances = await Promise.all(
      [...first, ...second].map((item) => a.evm.getBalance({ address: item.to as Address })),
    );
    for (const [i, item] of [...first, ...second].entries())
      assert.equal(balances[i], BigInt(item.amount), `item ${i}`);
    const [recorded] = await db.query<{ n: number }>(
      'select count(*)::int as n from transactions where wallet_id = (select wallet_id from payouts where id = $1)',
      [pa.id],
    );
    return { done, nonce: await a.evm.getTransactionCount({ address: from }), recorded: recorded?.n };
  }

  test('both instances running the same payouts at once (leases stolen) never pay an item twice', async () => {
    const { nonce, recorded } = await twoPayoutsLeasesStolen(40, false);
    assert.equal(nonce, 80, 'one transaction per item, no more');
    assert.equal(recorded, 80, 'one recorded transaction per item');
  });

  test('both instances running the same atomic payouts at once (leases stolen) never sign a pack twice', async () => {
    const { done, nonce, recorded } = await twoPayoutsLeasesStolen(230, true);
    for (const d of done) assert.equal(d.totals.transactions, 2);
    assert.equal(nonce, 4, 'two packs a payout, no more');
    assert.equal(recorded, 4, 'one recorded transaction per pack');
  });
});
