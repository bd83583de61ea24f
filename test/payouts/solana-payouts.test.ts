// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { address, generateKeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { TOKEN_PROGRAM } from '../../src/chains/solana/solana-transfers.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { waitForPayout } from './payout-support.ts';

const CHAIN = 'solana-localnet';
const SOL = 1_000_000_000n;

describe('Solana payouts on solana-localnet', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  before(async () => {
    ctx = await startChainApp();
    app = ctx.app;
  });
  after(async () => {
    await app.stop();
  });

  async function fundedUser(sol: bigint) {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await fund({ chain: CHAIN, address: wallet, amount: sol * SOL });
    return { ...user, wallet };
  }
  const tokenBalance = async (owner: string, mint: string) => {
    const [ata] = await findAssociatedTokenPda({
      owner: address(owner),
      mint: address(mint),
      tokenProgram: TOKEN_PROGRAM,
    });
    const { value } = await ctx.solana.getTokenAccountBalance(ata, { commitment: 'confirmed' }).send();
    return BigInt(value.amount);
  };
  const owners = (n: number) =>
    Promise.all(Array.from({ length: n }, async () => (await generateKeyPairSigner()).address));

  test('an SPL payout of 100 items to new owners creates their token accounts and pays each once, packed', async () => {
    const mint = ctx.info.solana.splMint.address;
    const user = await fundedUser(2n);
    await fund({ chain: CHAIN, address: user.wallet, amount: 1_000_000n, token: mint });
    const recipients = await owners(100);
    const items = recipients.map((to, i) => ({ to, amount: String(10 + i), reference: `w-${i}` }));
    const res = await write(app, '/payouts', { chain: CHAIN, asset: 'spl', token: mint, items }, user.key);
    assert.equal(res.status, 202, await res.clone().text());
    const created = await res.json();
    const done = await waitForPayout(app, user.key, created.id);
    assert.equal(
      done.status,
      'completed',
      JSON.stringify(done.items.filter((i: { status: string }) => i.status !== 'CONFIRMED').slice(0, 3)),
    );
    let sum = 0n;
    for (const item of items) {
      assert.equal(await tokenBalance(item.to, mint), BigInt(item.amount), item.reference);
      sum += BigInt(item.amount);
    }
    assert.equal(await tokenBalance(user.wallet, mint), 1_000_000n - sum);
    // Packed: far fewer transactions than items, several items sharing each.
    const txs = new Set(done.items.map((i: { transactionId: string }) => i.transactionId));
    assert.equal(done.totals.transactions, txs.size);
    assert.ok(txs.size < 25, `${txs.size} transactions for 100 transfers`);
    // GET /tx/{id} of a shared transaction says what it carries: the sum of its items.
    const shared = done.items[0].transactionId;
    const carried = done.items.filter((i: { transactionId: string }) => i.transactionId === shared);
    assert.ok(carried.length > 1);
    const tx = await (await app.get(`/api/v1/tx/${shared}`, user.key)).json();
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.intent.asset, 'spl');
    assert.equal(tx.intent.token, mint);
    assert.equal(
      tx.intent.amount,
      String(carried.reduce((s: bigint, i: { amount: string }) => s + BigInt(i.amount), 0n)),
    );
    // Each transaction's signature landed, once, without error.
    const hashes = [...new Set(done.items.map((i: { hash: string }) => i.hash))] as string[];
    assert.equal(hashes.length, txs.size);
    const { value } = await ctx.solana
      .getSignatureStatuses(hashes as never, { searchTransactionHistory: true })
      .send();
    for (const status of value) assert.equal(status?.err, null);
  });

  test('a native payout pays each recipient once; a total above the balance is refused with nothing sent', async () => {
    const user = await fundedUser(1n);
    const recipients = await owners(30);
    const items = recipients.map((to) => ({ to, amount: String(SOL / 100n) }));
    const res = await write(
      app,
      '/payouts',
      { chain: CHAIN, asset: 'native', items },
      user.key,
      randomUUID(),
    );
    assert.equal(res.status, 202, await res.clone().text());
    const done = await waitForPayout(app, user.key, (await res.json()).id);
    assert.equal(done.status, 'completed');
    for (const to of recipients)
      assert.equal((await ctx.solana.getBalance(to, { commitment: 'confirmed' }).send()).value, SOL / 100n);
    const tooMuch = await write(
      app,
      '/payouts',
      {
        chain: CHAIN,
        asset: 'native',
        items: recipients.slice(0, 2).map((to) => ({ to, amount: String(SOL) })),
      },
      user.key,
    );
    assert.equal(tooMuch.status, 400);
    const body = await tooMuch.json();
    assert.equal(body.code, 'INSUFFICIENT_FUNDS');
    assert.ok(body.details.some((d: { path: string }) => d.path === 'shortfall'));
    for (const to of recipients.slice(0, 2))
      assert.equal((await ctx.solana.getBalance(to, { commitment: 'confirmed' }).send()).value, SOL / 100n);
  });
});
