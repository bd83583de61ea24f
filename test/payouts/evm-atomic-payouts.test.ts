// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Address, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { waitForPayout } from './payout-support.ts';

const CHAIN = 'evm-localnet';
const ETH = 10n ** 18n;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());
/** Runtime code that reverts on every call: a contract refusing ETH. */
const REVERTS = '0x60006000fd';
/**
 * Runtime code that takes ETH from a wallet (caller = origin) and reverts when a contract pays it:
 * a direct estimate passes, only the estimate of the Multicall3 transaction finds it.
 */
const REFUSES_CONTRACTS = '0x333214600a57600080fd5b00';
/** Runtime code that takes ETH only from contracts: it reverts when the caller is the transaction's origin. */
const REFUSES_WALLETS = '0x333214600a57000000005b600080fd';

describe('atomic EVM native payouts through Multicall3', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  before(async () => {
    ctx = await startChainApp();
    app = ctx.app;
  });
  after(async () => {
    await app.stop();
  });

  async function fundedUser(on: TestApp = app, eth = 10n) {
    const user = await on.newUser();
    const address = (await walletOf(on, user.userId, 'ethereum')) as Address;
    if (eth > 0n) await fund({ chain: CHAIN, address, amount: eth * ETH });
    return { ...user, address };
  }
  const nonceOf = (address: Address) => ctx.evm.getTransactionCount({ address, blockTag: 'latest' });
  const payout = (key: string, body: unknown, on: TestApp = app) =>
    write(on, '/payouts', body, key, randomUUID());
  const contractAt = async (code: Hex) => {
    const address = randomAddress();
    await ctx.evm.request({ method: 'hardhat_setCode' as never, params: [address, code] as never });
    return address;
  };

  test('a 50-item atomic payout lands each item exactly once in one transaction', async () => {
    const user = await fundedUser();
    const before = await nonceOf(user.address);
    const items = Array.from({ length: 50 }, (_, i) => ({
      to: randomAddress(),
      amount: String(1_000_000_000n + BigInt(i)),
      reference: `inv-${i}`,
    }));
    const res = await payout(user.key, { chain: CHAIN, asset: 'native', atomic: true, items });
    assert.equal(res.status, 202, await res.clone().text());
    const created = await res.json();
    const done = await waitForPayout(app, user.key, created.id);
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    assert.equal(done.totals.confirmed, 50);
    assert.equal(done.totals.transactions, 1, 'one transaction carries every item');
    const ids = new Set(done.items.map((i: { transactionId: string }) => i.transactionId));
    assert.equal(ids.size, 1, 'the items share their transaction');
    for (const [i, item] of items.entries())
      assert.equal(
        await ctx.evm.getBalance({ address: item.to as Address }),
        BigInt(item.amount),
        `item ${i}`,
      );
    assert.equal((await nonceOf(user.address)) - before, 1, "the sender's nonce moved by one");
    const tx = await (await app.get(`/api/v1/tx/${done.items[0].transactionId}`, user.key)).json();
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.to.toLowerCase(), ctx.info.evm.multicall3.toLowerCase());
    assert.equal(tx.intent.amount, created.totals.amount, 'the transaction moves the sum of its items');
  });

  test('a recipient that refuses the payment is found before anything is signed (400 naming it)', async () => {
    const user = await fundedUser();
    const items = Array.from({ length: 40 }, () => ({ to: randomAddress(), amount: '1000' }));
    (items[3] as { to: string }).to = await contractAt(REVERTS);
    const res = await payout(user.key, { chain: CHAIN, asset: 'native', atomic: true, items });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.code, 'INVALID_INPUT');
    assert.match(body.error, /items\[3\]/);
    // Only the Multicall3 transaction's estimate (bisected) can find this one.
    items[3] = { to: randomAddress(), amount: '1000' };
    (items[37] as { to: string }).to = await contractAt(REFUSES_CONTRACTS);
    const refused = await payout(user.key, { chain: CHAIN, asset: 'native', atomic: true, items });
    assert.equal(refused.status, 400);
    const why = await refused.json();
    assert.match(why.error, /^items\[37\]: the atomic payout would revert/);
    assert.deepEqual(
      why.details.map((d: { path: string }) => d.path),
      ['items/37/to'],
    );
    assert.equal(await nonceOf(user.address), 0, 'nothing was signed');
    assert.deepEqual((await (await app.get('/api/v1/payouts', user.key)).json()).payouts, []);
    for (const item of items.slice(0, 3))
      assert.equal(await ctx.evm.getBalance({ address: item.to as Address }), 0n);
  });

  test('a contract that takes ETH only from other contracts is paid through the pack (no direct estimate from the wallet)', async () => {
    const user = await fundedUser();
    const picky = await contractAt(REFUSES_WALLETS);
    const other = randomAddress();
    const items = [
      { to: picky, amount: '1000' },
      { to: other, amount: '2000' },
    ];
    const res = await payout(user.key, { chain: CHAIN, asset: 'native', atomic: true, items });
    assert.equal(res.status, 202, await res.clone().text());
    const done = await waitForPayout(app, user.key, (await res.json()).id);
    assert.equal(done.status, 'completed', JSON.stringify(done.items));
    assert.equal(done.atomic, true);
    assert.equal(await ctx.evm.getBalance({ address: picky }), 1000n);
    assert.equal(await ctx.evm.getBalance({ address: other }), 2000n);
    // Paid by the wallet directly (not atomic) it refuses, and the payout is refused before signing.
    const direct = await payout(user.key, { chain: CHAIN, asset: 'native', items });
    assert.equal(direct.status, 400);
    assert.match((await direct.json()).error, /items\[0\]\.to: the payment to contract .* would fail/);
  });

  test('atomic is refused for token payouts, and on a chain without Multicall3', async () => {
    const user = await fundedUser();
    const items = [{ to: randomAddress(), amount: '1' }];
    const token = ctx.info.evm.testToken.address;
    const erc20 = await payout(user.key, { chain: CHAIN, asset: 'erc20', token, atomic: true, items });
    assert.equal(erc20.status, 400);
    assert.match((await erc20.json()).error, /^atomic: only for native payouts on EVM chains/);
    const spl = await payout(user.key, { chain: 'solana-localnet', asset: 'native', atomic: true, items });
    assert.equal(spl.status, 400);
    const other = await startChainApp({ env: { MULTICALL3_ADDRESS_EVM_LOCALNET: randomAddress() } });
    try {
      const u = await fundedUser(other.app);
      const res = await payout(u.key, { chain: CHAIN, asset: 'native', atomic: true, items }, other.app);
      assert.equal(res.status, 400);
      assert.match((await res.json()).error, /has no Multicall3 contract at 0x[0-9a-fA-F]{40}/);
      assert.equal(await nonceOf(u.address), 0);
    } finally {
      await other.app.stop();
    }
  });
});
