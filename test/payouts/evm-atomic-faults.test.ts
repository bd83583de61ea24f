// @needs devnet
// Atomic EVM payouts (issue 31, `"atomic": true`) when things go wrong between the service and the
// node: the packed transaction's broadcast answer lost after the node took it, reads that lag after
// it landed (no receipt, the wallet's nonce read as before it), and payouts that take several packs.
// A packed transaction pays all of its items: one sent twice at a NEW nonce would pay each of them
// twice, so every test checks the wallet's nonce moved by exactly the number of packs and that every
// transaction the wallet ever sent used one of those nonces. Through a JSON-RPC proxy in front of the
// shared development node.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Address, type Hex, parseEther, parseTransaction, recoverTransactionAddress } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, write } from '../support/chain-app.ts';
import { useDevnet } from '../support/devnet.ts';
import { type Fault, type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';
import { fundedEvmUser, type PayoutJson, paidOut, waitForPayout } from './payout-support.ts';

const CHAIN = 'evm-localnet';
const SEND = 'eth_sendRawTransaction';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

type Item = { to: string; amount: string; reference: string };
const itemsOf = (n: number, base: bigint): Item[] =>
  Array.from({ length: n }, (_, i) => ({
    to: randomAddress(),
    amount: String(base + BigInt(i)),
    reference: `r-${i}`,
  }));

/**
 * The service with its EVM RPC through a proxy (with `hooks`), started before the suite's tests and
 * stopped after them; the returned object is filled in `before`.
 */
function proxiedApp(env: Record<string, string> = {}, hooks: Parameters<typeof startRpcProxy>[1] = {}) {
  const s = {} as { proxy: RpcProxy; ctx: Awaited<ReturnType<typeof startChainApp>>; app: TestApp };
  before(async () => {
    const info = await useDevnet();
    s.proxy = await startRpcProxy(info.evm.rpcUrl, hooks);
    s.ctx = await startChainApp({ evmRpcUrl: s.proxy.url, env: { RPC_TIMEOUT_MS: '1500', ...env } });
    s.app = s.ctx.app;
  });
  after(async () => {
    await s.app?.stop();
    await s.proxy?.close();
  });
  return s;
}

/** The nonces of every transaction `from` sent through the proxy since call `since` (each raw once). */
async function noncesSent(proxy: RpcProxy, from: Address, since: number): Promise<number[]> {
  const raws = [
    ...new Set(proxy.calls.slice(since).flatMap((c) => (c.method === SEND ? [String(c.params?.[0])] : []))),
  ] as Hex[];
  const nonces: number[] = [];
  for (const raw of raws) {
    const tx = parseTransaction(raw);
    // biome-ignore lint/suspicious/noExplicitAny: a parsed signed transaction is what recovery takes
    const sender = await recoverTransactionAddress({ serializedTransaction: raw as any });
    if (sender.toLowerCase() === from.toLowerCase()) nonces.push(tx.nonce ?? -1);
  }
  return nonces;
}

describe('an atomic payout whose broadcast answer is lost', () => {
  const s = proxiedApp();

  const lost: [string, Fault][] = [
    ['connection dropped after forwarding', { kind: 'drop' }],
    ['HTTP 502 after forwarding', { kind: 'status', status: 502 }],
    ['answer held past the timeout after forwarding', { kind: 'hold', ms: 2500 }],
    // Acknowledged and never forwarded: the tracker finds it unknown to the node and sends it again.
    ['send acknowledged but never forwarded', { kind: 'swallow' }],
  ];
  for (const [what, fault] of lost)
    test(`${what} (twice): every item lands once, in one transaction`, async () => {
      const { proxy, ctx, app } = s;
      const { user, from } = await fundedEvmUser(app, parseEther('1'));
      const items = itemsOf(40, 5_000n);
      const since = proxy.calls.length;
      const injected = proxy.injected[fault.kind] ?? 0;
      // The pack's first send (in a JSON-RPC batch) and the next one of it (the runner's or the
      // tracker's): neither answer reaches the service.
      proxy.inject(SEND, fault, { times: 2 });
      const done = await paidOut(app, user.key, { chain: CHAIN, asset: 'native', atomic: true, items });
      assert.equal(proxy.injected[fault.kind], injected + 2, 'both answers were lost');
      assert.equal(done.status, 'completed', JSON.stringify(done.totals));
      assert.equal(done.totals.confirmed, 40);
      assert.equal(done.totals.transactions, 1);
      for (const [i, item] of items.entries())
        assert.equal(
          await ctx.evm.getBalance({ address: item.to as Address }),
          BigInt(item.amount),
          `item ${i}`,
        );
      assert.equal(await ctx.evm.getTransactionCount({ address: from }), 1, 'one transaction, once');
      assert.deepEqual([...new Set(await noncesSent(proxy, from, since))], [0], 'only nonce 0 was ever sent');
    });
});

describe('an atomic payout read through a node that lags after its transaction landed', () => {
  const s = proxiedApp({ REPLACE_AFTER_MS_EVM_LOCALNET: '1000' });

  test('two packs, no receipt and the nonce read as before: only their own nonces are ever re-signed, each item paid once', async () => {
    const { proxy, ctx, app } = s;
    const { user, from } = await fundedEvmUser(app, parseEther('1'));
    const items = itemsOf(230, 9_000n);
    const since = proxy.calls.length;
    // A node behind the chain: it knows no receipt, and counts the wallet's transactions as none.
    proxy.rewrite('eth_getTransactionReceipt', () => null);
    proxy.rewrite('eth_getTransactionCount', (result, call) =>
      String(call.params?.[0]).toLowerCase() === from.toLowerCase() ? '0x0' : result,
    );
    let id: string;
    let during: PayoutJson;
    try {
      const res = await write(
        app,
        '/payouts',
        { chain: CHAIN, asset: 'native', atomic: true, items },
        user.key,
      );
      assert.equal(res.status, 202, await res.clone().text());
      id = (await res.json()).id;
      const deadline = Date.now() + 60_000;
      for (const [i, item] of items.entries())
        while ((await ctx.evm.getBalance({ address: item.to as Address })) !== BigInt(item.amount)) {
          assert.ok(Date.now() < deadline, `item ${i} never landed`);
          await new Promise((r) => setTimeout(r, 100));
        }
      // The tracker sees a transaction at the head of the queue, unmined past the replacement age:
      // it re-prices it, at the same nonce (which the node refuses: that nonce was used, by it).
      while ((await noncesSent(proxy, from, since)).length < 3) {
        assert.ok(Date.now() < deadline, 'no fee replacement');
        await new Promise((r) => setTimeout(r, 100));
      }
      // And keeps looking at the lagging node a while after that.
      const rewrites = proxy.injected.rewrite ?? 0;
      while ((proxy.injected.rewrite ?? 0) - rewrites < 20) {
        assert.ok(Date.now() < deadline, 'the tracker kept looking');
        await new Promise((r) => setTimeout(r, 100));
      }
      during = await (await app.get(`/api/v1/payouts/${id}`, user.key)).json();
    } finally {
      proxy.clearFaults();
    }
    for (const item of during.items) assert.notEqual(item.status, 'FAILED', JSON.stringify(item));
    const done = await waitForPayout(app, user.key, id);
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    assert.equal(done.totals.transactions, 2);
    const first = await (await app.get(`/api/v1/tx/${done.items[0].transactionId}`, user.key)).json();
    assert.equal(first.status, 'CONFIRMED');
    assert.ok(first.attempts.length >= 2, `re-signed by the tracker: ${JSON.stringify(first.attempts)}`);
    assert.equal(first.hash, first.attempts[0], 'the first signing is the one that landed');
    const nonces = await noncesSent(proxy, from, since);
    assert.deepEqual(
      [...new Set(nonces)].sort(),
      [0, 1],
      `every signing used a pack's nonce: ${nonces.join(',')}`,
    );
    for (const [i, item] of items.entries())
      assert.equal(
        await ctx.evm.getBalance({ address: item.to as Address }),
        BigInt(item.amount),
        `item ${i}`,
      );
    assert.equal(await ctx.evm.getTransactionCount({ address: from }), 2, 'the nonce moved by two');
  });
});

describe('an atomic payout of more items than one transaction carries', () => {
  const s = proxiedApp();

  test('450 items: three packs (200, 200, 50), items of a pack share its transaction, each paid once', async () => {
    const { proxy, ctx, app } = s;
    const { user, from } = await fundedEvmUser(app, parseEther('1'));
    const items = itemsOf(450, 1_000n);
    const since = proxy.calls.length;
    const done = await paidOut(app, user.key, { chain: CHAIN, asset: 'native', atomic: true, items });
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    assert.equal(done.totals.confirmed, 450);
    assert.equal(done.totals.transactions, 3);
    const byTx = new Map<string, number[]>();
    for (const item of done.items)
      byTx.set(item.transactionId, [...(byTx.get(item.transactionId) ?? []), item.index]);
    assert.deepEqual(
      [...byTx.values()].map((indexes) => [indexes.length, Math.min(...indexes), Math.max(...indexes)]),
      [
        [200, 0, 199],
        [200, 200, 399],
        [50, 400, 449],
      ],
      'consecutive items packed in order, 200 a transaction',
    );
    for (const [txId, indexes] of byTx) {
      const tx = await (await app.get(`/api/v1/tx/${txId}`, user.key)).json();
      assert.equal(tx.status, 'CONFIRMED');
      const sum = indexes.reduce((s, i) => s + BigInt(items[i]?.amount ?? 0), 0n);
      assert.equal(tx.intent.amount, String(sum), 'the transaction moves the sum of its items');
    }
    const balances = await Promise.all(
      items.map((item) => ctx.evm.getBalance({ address: item.to as Address })),
    );
    for (const [i, item] of items.entries()) assert.equal(balances[i], BigInt(item.amount), `item ${i}`);
    assert.equal(await ctx.evm.getTransactionCount({ address: from }), 3, 'the nonce moved by the packs');
    assert.deepEqual([...new Set(await noncesSent(proxy, from, since))].sort(), [0, 1, 2]);
  });
});

/** Runtime code that reverts on every call: a contract refusing ETH. */
const REVERTS = '0x60006000fd';

describe('an atomic pack that reverts on chain', () => {
  /** Turned into a contract refusing ETH as the first transaction is sent (after it was estimated and signed). */
  let refuseAtSend: Address | null = null;
  const s = proxiedApp(
    {},
    {
      beforeForward: async (call) => {
        if (call.method !== SEND || !refuseAtSend) return;
        const address = refuseAtSend;
        refuseAtSend = null;
        await s.ctx.evm.request({ method: 'hardhat_setCode' as never, params: [address, REVERTS] as never });
      },
    },
  );

  test('a recipient that starts refusing after signing sinks its pack only: those items FAILED and unpaid, the other pack paid', async () => {
    const { proxy, ctx, app } = s;
    const { user, from } = await fundedEvmUser(app, parseEther('1'));
    const items = itemsOf(230, 3_000n);
    refuseAtSend = items[7]?.to as Address;
    const since = proxy.calls.length;
    const done = await paidOut(app, user.key, { chain: CHAIN, asset: 'native', atomic: true, items });
    assert.equal(refuseAtSend, null, 'the recipient turned at the first send');
    assert.equal(done.status, 'completed_with_failures', JSON.stringify(done.totals));
    assert.equal(done.totals.transactions, 2);
    assert.equal(done.totals.failed, 200);
    assert.equal(done.totals.confirmed, 30);
    const sunk = await (await app.get(`/api/v1/tx/${done.items[0].transactionId}`, user.key)).json();
    assert.equal(sunk.status, 'FAILED');
    assert.match(String(sunk.error), /revert/i);
    for (const item of done.items) assert.equal(item.status, item.index < 200 ? 'FAILED' : 'CONFIRMED');
    const balances = await Promise.all(
      items.map((item) => ctx.evm.getBalance({ address: item.to as Address })),
    );
    for (const [i, item] of items.entries())
      assert.equal(balances[i], i < 200 ? 0n : BigInt(item.amount), `item ${i}`);
    // The reverted pack used its nonce; its items were never signed again.
    assert.equal(await ctx.evm.getTransactionCount({ address: from }), 2);
    assert.deepEqual([...new Set(await noncesSent(proxy, from, since))].sort(), [0, 1]);
  });
});
