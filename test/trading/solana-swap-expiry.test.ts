// @needs devnet
// A Solana swap is never re-signed (src/chains/solana/solana-adapter.ts: a new blockhash needs a new
// quote): when its blockhash provably expires without it landing, it is FAILED with one attempt,
// and nothing moved. The node here says the chain moved past the blockhash (its height and slots
// rewritten by a proxy, as a node further on would answer), so the shared network's clock is
// left alone; the swap's broadcasts are acknowledged and dropped.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { address, createSolanaRpc, getBase64Encoder, getTransactionDecoder } from '@solana/kit';
import type { TestApp } from '../support/app.ts';
import { waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { type DevnetInfo, fund, useDevnet } from '../support/devnet.ts';
import { type JsonRpcCall, type RpcProxy, sentId, startRpcProxy } from '../support/rpc-proxy.ts';
import { startTradingApp } from './trading-app.ts';

const SOL = 1_000_000_000n;
const CHAIN = 'solana-localnet';
/** How far ahead the rewritten node answers: far past any blockhash's last valid height. */
const AHEAD = 100_000n;

const feePayerOf = (call: JsonRpcCall) =>
  Object.keys(
    getTransactionDecoder().decode(getBase64Encoder().encode(String(call.params?.[0]))).signatures,
  )[0];

describe('a Solana swap whose blockhash expired', () => {
  let info: DevnetInfo;
  let proxy: RpcProxy;
  let app: TestApp;
  before(async () => {
    info = await useDevnet();
    proxy = await startRpcProxy(info.solana.rpcUrl);
    app = await startTradingApp({ ...info, solana: { ...info.solana, rpcUrl: proxy.url } });
  });
  after(async () => {
    await app.stop();
    await proxy.close();
  });

  test('is FAILED with its one attempt, never re-signed, and nothing moved', async () => {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await fund({ chain: CHAIN, address: wallet, amount: 2n * SOL });
    const chain = createSolanaRpc(info.solana.rpcUrl);
    const solBefore = (await chain.getBalance(address(wallet), { commitment: 'confirmed' }).send()).value;
    proxy.inject(
      'sendTransaction',
      { kind: 'swallow' },
      { times: 10_000, match: (c) => feePayerOf(c) === wallet },
    );

    const res = await write(
      app,
      '/trade/swap',
      {
        chain: CHAIN,
        fromToken: 'NATIVE',
        toToken: info.solana.splMint.address,
        amount: String(SOL / 10n),
        slippage: 1,
      },
      user.key,
      randomUUID(),
    );
    assert.equal(res.status, 200, await res.clone().text());
    const submission = await res.json();
    assert.equal(submission.status, 'SUBMITTED');
    assert.ok((proxy.injected.swallow ?? 0) >= 1, 'the broadcast was dropped');

    // From now on the node answers as one far past the blockhash's last valid height.
    const ahead = (n: unknown) => (BigInt(String(n)) + AHEAD).toString();
    proxy.rewrite('getEpochInfo', (r) => {
      const e = r as { absoluteSlot: number; blockHeight: number };
      return { ...e, absoluteSlot: Number(ahead(e.absoluteSlot)), blockHeight: Number(ahead(e.blockHeight)) };
    });
    proxy.rewrite('getSignatureStatuses', (r) => {
      const s = r as { context: { slot: number } };
      return { ...s, context: { ...s.context, slot: Number(ahead(s.context.slot)) } };
    });
    try {
      const tx = await waitForFinal(app, submission.id, user.key);
      assert.equal(tx.status, 'FAILED');
      assert.match(tx.error, /a swap is not re-signed, as a new blockhash needs a new quote/);
      assert.deepEqual(tx.attempts, [submission.hash], 'one signature, never re-signed');
    } finally {
      proxy.clearFaults();
    }
    const sent = proxy.calls.filter((c) => c.method === 'sendTransaction' && feePayerOf(c) === wallet);
    assert.deepEqual([...new Set(sent.map(sentId))], [submission.hash], 'only that signature was ever sent');
    const solAfter = (await chain.getBalance(address(wallet), { commitment: 'confirmed' }).send()).value;
    assert.equal(solAfter, solBefore, 'nothing left the wallet, not even a fee');
  });
});
