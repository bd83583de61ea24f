// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { generateKeyPairSigner } from '@solana/kit';
import type { TestApp } from '../support/app.ts';
import { waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { type DevnetInfo, fund, useDevnet } from '../support/devnet.ts';
import { balanceOf, startTradingApp } from './trading-app.ts';

const SOL = 1_000_000_000n;
const WSOL = 'So11111111111111111111111111111111111111112';
const CHAIN = 'solana-localnet';

describe('trading on solana-localnet through the local Jupiter API', () => {
  let app: TestApp;
  let info: DevnetInfo;
  before(async () => {
    info = await useDevnet();
    app = await startTradingApp(info);
  });
  after(async () => {
    await app.stop();
  });

  async function fundedUser(sol = 5n) {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await fund({ chain: CHAIN, address: wallet, amount: sol * SOL });
    return { ...user, wallet };
  }
  const quote = (key: string, body: Record<string, unknown>) => app.post('/api/v1/trade/quote', body, key);

  test('swaps SOL for TSPL: quote, swap co-signed by the pool, CONFIRMED, balances moved within slippage', async () => {
    const user = await fundedUser();
    const tspl = info.solana.splMint.address;
    const q = await quote(user.key, {
      chain: CHAIN,
      fromToken: 'Native',
      toToken: tspl,
      amount: SOL.toString(),
    });
    assert.equal(q.status, 200, await q.clone().text());
    const { quote: body } = await q.json();
    assert.equal(body.fromToken, WSOL, 'NATIVE is the wrapped SOL mint');
    assert.equal(body.toToken, tspl);
    assert.equal(body.srcAmount, SOL.toString());
    assert.equal(body.approvalNeeded, false);
    assert.equal(body.raw.outAmount, body.dstAmount, 'raw is the upstream Jupiter quote');
    assert.deepEqual(body.raw.platformFee, { amount: '0', feeBps: 0 }, 'no platform fee, as Jupiter says it');
    const quoted = BigInt(body.dstAmount);
    assert.ok(
      quoted > 140n * 10n ** 6n && quoted < 150n * 10n ** 6n,
      `about 150 TSPL per SOL, got ${quoted}`,
    );

    const solBefore = await balanceOf(app, user.key, CHAIN, user.wallet, null);
    const key = randomUUID();
    const swapBody = {
      chain: CHAIN,
      fromToken: 'NATIVE',
      toToken: tspl,
      amount: SOL.toString(),
      slippage: 1,
    };
    const res = await write(app, '/trade/swap', swapBody, user.key, key);
    const text = await res.clone().text();
    assert.equal(res.status, 200, text);
    const submission = await res.json();
    assert.equal(submission.status, 'SUBMITTED');
    assert.ok(submission.hash, 'the signature is known at submission');
    const tx = await waitForFinal(app, submission.id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.kind, 'swap');
    assert.equal(tx.value, SOL.toString());
    assert.equal(
      tx.to,
      info.solana.pools.find((p) => p.pair === 'SOL/TSPL')?.address,
      'the pool it went through',
    );

    const received = await balanceOf(app, user.key, CHAIN, user.wallet, tspl);
    assert.ok(
      received >= (quoted * 99n) / 100n && received <= (quoted * 101n) / 100n,
      `received ${received}, quoted ${quoted}`,
    );
    const spent = solBefore - (await balanceOf(app, user.key, CHAIN, user.wallet, null));
    // 1 SOL in, plus the fee and the rent of the new token account.
    assert.ok(spent > SOL && spent < SOL + SOL / 100n, `spent ${spent}`);

    const replay = await write(app, '/trade/swap', swapBody, user.key, key);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(await replay.text(), text);
  });

  test('swaps TSPL for the Token-2022 mint and back to SOL', async () => {
    const user = await fundedUser(2n);
    const tspl = info.solana.splMint.address;
    const t22 = info.solana.token2022Mint.address;
    await fund({ chain: CHAIN, address: user.wallet, amount: 50_000_000n, token: tspl });

    const q = await (
      await quote(user.key, { chain: CHAIN, fromToken: tspl, toToken: t22, amount: '50000000' })
    ).json();
    const res = await write(
      app,
      '/trade/swap',
      { chain: CHAIN, fromToken: tspl, toToken: t22, amount: '50000000', slippage: 2 },
      user.key,
    );
    assert.equal(res.status, 200, await res.clone().text());
    const tx = await waitForFinal(app, (await res.json()).id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.value, '0');
    assert.equal(await balanceOf(app, user.key, CHAIN, user.wallet, tspl), 0n);
    const got = await balanceOf(app, user.key, CHAIN, user.wallet, t22);
    assert.ok(got >= (BigInt(q.quote.dstAmount) * 98n) / 100n, `received ${got}`);

    const solBefore = await balanceOf(app, user.key, CHAIN, user.wallet, null);
    const back = await write(
      app,
      '/trade/swap',
      { chain: CHAIN, fromToken: t22, toToken: 'native', amount: got.toString() },
      user.key,
    );
    assert.equal(back.status, 200, await back.clone().text());
    assert.equal((await waitForFinal(app, (await back.json()).id, user.key)).status, 'CONFIRMED');
    assert.ok((await balanceOf(app, user.key, CHAIN, user.wallet, null)) > solBefore, 'SOL came back');
  });

  test('a mint Jupiter does not trade is 400 QUOTE_FAILED "Token not tradable on Jupiter"', async () => {
    const user = await app.newUser();
    const mint = (await generateKeyPairSigner()).address;
    const res = await quote(user.key, { chain: CHAIN, fromToken: 'NATIVE', toToken: mint, amount: '1000' });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.code, 'QUOTE_FAILED');
    assert.equal(body.error, 'Token not tradable on Jupiter');
  });

  test('a swap above the wallet’s balance is 400 INSUFFICIENT_FUNDS, like on EVM, and nothing is sent', async () => {
    const user = await fundedUser(1n);
    const res = await app.post(
      '/api/v1/trade/swap',
      { chain: CHAIN, fromToken: 'NATIVE', toToken: info.solana.splMint.address, amount: String(50n * SOL) },
      user.key,
      { 'idempotency-key': randomUUID() },
    );
    const body = await res.json();
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(body.code, 'INSUFFICIENT_FUNDS');
    assert.equal(await balanceOf(app, user.key, CHAIN, user.wallet, null), 1n * SOL);
  });

  test('Solana devnet and testnet have no trading: 400 CHAIN_UNKNOWN', async () => {
    const user = await app.newUser();
    for (const chain of ['solana-devnet', 'solana-testnet']) {
      const res = await quote(user.key, {
        chain,
        fromToken: 'NATIVE',
        toToken: info.solana.splMint.address,
        amount: '1000',
      });
      assert.equal(res.status, 400);
      const body = await res.json();
      assert.equal(body.code, 'CHAIN_UNKNOWN');
      assert.match(body.error, /mainnet only/);
    }
  });
});
