// @needs devnet postgres
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

  test('both instances running the same payouts at once (leases stolen) never pay an item twice', async () => {
    const { a, b, db } = instances;
    const user = await a.app.newUser();
    const from = (await walletOf(a.app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('5') });
    const itemsOf = (base: number) =>
      Array.from({ length: 40 }, (_, i) => ({
        to: privateKeyToAddress(generatePrivateKey()),
        amount: String(base + i),
      }));
    const first = itemsOf(1000);
    const second = itemsOf(2000);
    // Every lease runs out at once, again and again: each instance's runner keeps claiming payouts
    // the other one is working on.
    let stealing = true;
    const thief = (async () => {
      while (stealing) {
        await db.query('update payouts set run_after = now() where run_after is not null');
        await new Promise((r) => setTimeout(r, 30));
      }
    })();
    const [ra, rb] = await Promise.all([
      write(a.app, '/payouts', { chain: 'evm-localnet', asset: 'native', items: first }, user.key),
      write(b, '/payouts', { chain: 'evm-localnet', asset: 'native', items: second }, user.key),
    ]);
    assert.equal(ra.status, 202, await ra.clone().text());
    assert.equal(rb.status, 202, await rb.clone().text());
    const [pa, pb] = [await ra.json(), await rb.json()];
    try {
      const [da, dbb] = await Promise.all([
        waitForPayout(a.app, user.key, pa.id),
        waitForPayout(b, user.key, pb.id),
      ]);
      assert.equal(da.status, 'completed');
      assert.equal(dbb.status, 'completed');
    } finally {
      stealing = false;
      await thief;
    }
    for (const item of [...first, ...second])
      assert.equal(await a.evm.getBalance({ address: item.to as Address }), BigInt(item.amount));
    assert.equal(await a.evm.getTransactionCount({ address: from }), 80, 'one transaction per item, no more');
    const rows = await db.query<{ n: number }>(
      'select count(*)::int as n from transactions where wallet_id = (select wallet_id from payouts where id = $1)',
      [pa.id],
    );
    assert.equal(rows[0]?.n, 80, 'one recorded transaction per item');
  });
});
