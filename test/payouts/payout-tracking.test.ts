// @needs devnet
// How the tracker looks at a payout's transactions (issue 31, its benchmark): together, with one
// head read and one batched receipt or status read for the whole payout, rather than one look per
// transaction, 25 a run. The service runs on a manual clock whose tracker loop waits a minute
// between runs, so the test runs the tracker itself, once, and counts what it read through a
// JSON-RPC proxy.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { generateKeyPairSigner } from '@solana/kit';
import { type Address, type Hex, parseEther, parseTransaction } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { ManualClock } from '../../src/support/clock.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';
import { type PayoutJson, waitForPayout } from './payout-support.ts';

describe("the tracker looks at a payout's transactions together", () => {
  const clock = new ManualClock(new Date());
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  let evmProxy: RpcProxy;
  let solanaProxy: RpcProxy;
  before(async () => {
    const info = await useDevnet();
    evmProxy = await startRpcProxy(info.evm.rpcUrl);
    solanaProxy = await startRpcProxy(info.solana.rpcUrl);
    ctx = await startChainApp({
      clock,
      evmRpcUrl: evmProxy.url,
      solanaRpcUrl: solanaProxy.url,
      // The loop's first run is at start; the next a minute after it: this test runs the tracker.
      env: { TRACKER_INTERVAL_MS: '60000' },
    });
    app = ctx.app;
  });
  after(async () => {
    await app?.stop();
    await evmProxy?.close();
    await solanaProxy?.close();
  });

  /** Polls the payout until every item was signed and broadcast (the runner's work, not the tracker's). */
  async function allSubmitted(key: string, id: string): Promise<PayoutJson> {
    for (;;) {
      const payout = (await (await app.get(`/api/v1/payouts/${id}`, key)).json()) as PayoutJson;
      if (payout.totals.pending === 0) return payout;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** One tracker run, once the first check of every transaction is due; the proxy's calls it made. */
  async function oneTrackerRun(proxy: RpcProxy) {
    clock.advance(5_000);
    const from = proxy.calls.length;
    const looked = await app.services.transactions.trackDue();
    return { looked, calls: proxy.calls.slice(from).map((c) => c.method) };
  }
  /**
   * Earlier tests' transactions past their reorg watch, so that only this test's are due from now
   * on (a run claims the 25 due first, then their payouts' others).
   */
  async function quiet() {
    clock.advance(11 * 60_000);
    while ((await app.services.transactions.trackDue()) > 0);
  }
  const count = (methods: string[], name: string) => methods.filter((m) => m === name).length;
  const statuses = (p: PayoutJson) => new Set(p.items.map((i: { status: string }) => i.status));

  test('60 EVM payments are confirmed by one tracker run: one head read and one receipt read each', async () => {
    const user = await app.newUser();
    const wallet = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: wallet, amount: parseEther('1') });
    const items = Array.from({ length: 60 }, (_, i) => ({
      to: privateKeyToAddress(generatePrivateKey()),
      amount: String(1000 + i),
    }));
    const res = await write(app, '/payouts', { chain: 'evm-localnet', asset: 'native', items }, user.key);
    assert.equal(res.status, 202, await res.clone().text());
    const { id } = await res.json();
    const sent = await allSubmitted(user.key, id);
    assert.deepEqual(statuses(sent), new Set(['SUBMITTED']), 'the tracker has not looked yet');

    const { looked, calls } = await oneTrackerRun(evmProxy);
    assert.equal(looked, 60);
    const after = (await (await app.get(`/api/v1/payouts/${id}`, user.key)).json()) as PayoutJson;
    assert.equal(after.totals.confirmed, 60, JSON.stringify(after.totals));
    assert.equal(count(calls, 'eth_getBlockByNumber'), 1, calls.join(' '));
    assert.equal(count(calls, 'eth_getTransactionReceipt'), 60);
    assert.equal(count(calls, 'eth_getTransactionCount'), 0);
    const done = await waitForPayout(app, user.key, id);
    assert.equal(done.status, 'completed');
    for (const item of items)
      assert.equal(await ctx.evm.getBalance({ address: item.to as Address }), BigInt(item.amount));
  });

  test('a transaction of the payout the node never got is not taken as landed: its own look sends it again, it lands once', async () => {
    await quiet();
    const user = await app.newUser();
    const wallet = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: wallet, amount: parseEther('1') });
    const nonceBefore = await ctx.evm.getTransactionCount({ address: wallet });
    // The payout's last transaction (its highest nonce, so no other waits on it) is acknowledged
    // by the "node" and never forwarded: a node that drops it.
    const last = BigInt(nonceBefore + 29);
    evmProxy.inject(
      'eth_sendRawTransaction',
      { kind: 'swallow' },
      {
        times: 1,
        match: (call) => {
          const tx = parseTransaction(call.params?.[0] as Hex);
          return tx.nonce !== undefined && BigInt(tx.nonce) === last;
        },
      },
    );
    const items = Array.from({ length: 30 }, (_, i) => ({
      to: privateKeyToAddress(generatePrivateKey()),
      amount: String(2000 + i),
    }));
    const res = await write(app, '/payouts', { chain: 'evm-localnet', asset: 'native', items }, user.key);
    assert.equal(res.status, 202, await res.clone().text());
    const { id } = await res.json();
    await allSubmitted(user.key, id);
    assert.equal(evmProxy.injected.swallow, 1);

    const first = await oneTrackerRun(evmProxy);
    const seen = (await (await app.get(`/api/v1/payouts/${id}`, user.key)).json()) as PayoutJson;
    assert.equal(seen.totals.confirmed, 29, JSON.stringify(seen.totals));
    assert.equal(seen.totals.submitted, 1);
    assert.equal(count(first.calls, 'eth_sendRawTransaction'), 1, 'the dropped one alone is sent again');

    await oneTrackerRun(evmProxy);
    const done = await waitForPayout(app, user.key, id);
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    assert.equal(await ctx.evm.getTransactionCount({ address: wallet }), nonceBefore + 30);
    for (const item of items)
      assert.equal(await ctx.evm.getBalance({ address: item.to as Address }), BigInt(item.amount));
  });

  test('a Solana payout of several transactions is confirmed by one signature-status read', async () => {
    await quiet();
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await fund({ chain: 'solana-localnet', address: wallet, amount: 2n * 10n ** 9n });
    const items = await Promise.all(
      Array.from({ length: 70 }, async (_, i) => ({
        to: (await generateKeyPairSigner()).address as string,
        amount: String(1_000_000 + i),
      })),
    );
    const res = await write(
      app,
      '/payouts',
      { chain: 'solana-localnet', asset: 'native', items },
      user.key,
      randomUUID(),
    );
    assert.equal(res.status, 202, await res.clone().text());
    const { id } = await res.json();
    const sent = await allSubmitted(user.key, id);
    assert.ok(sent.totals.transactions >= 4, `packed into ${sent.totals.transactions} transactions`);

    const { calls } = await oneTrackerRun(solanaProxy);
    const after = (await (await app.get(`/api/v1/payouts/${id}`, user.key)).json()) as PayoutJson;
    assert.equal(after.totals.confirmed, 70, JSON.stringify(after.totals));
    assert.equal(count(calls, 'getSignatureStatuses'), 1, calls.join(' '));
    assert.equal(count(calls, 'getEpochInfo'), 0, calls.join(' '));
    const done = await waitForPayout(app, user.key, id);
    assert.equal(done.status, 'completed');
  });
});
