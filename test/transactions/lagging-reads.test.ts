// @needs devnet
// Reads from a node that lags, lacks history or disagrees with the others behind a load balancer
// (issue 26, item 1): null signature statuses, block heights from a node that is ahead, receipts
// that are not there. A read is evidence only with its context (read-evidence.ts): a landed payment
// is never paid again, never FAILED, and CONFIRMED stays CONFIRMED. Private nodes behind a JSON-RPC
// proxy that rewrites their answers; the service's clock runs ten times faster than the wall's, so
// the tracker's looks (every 10 s of service time on a confirmed one) come quickly.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { address, generateKeyPairSigner } from '@solana/kit';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { ManualClock } from '../../src/support/clock.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, waitForTx, walletOf, write } from '../support/chain-app.ts';
import {
  type PrivateEvm,
  type PrivateSolana,
  startPrivateEvm,
  startPrivateSolana,
} from '../support/private-chains.ts';
import { type RpcProxy, sentId, startRpcProxy } from '../support/rpc-proxy.ts';

const SOL = 1_000_000_000n;
const AMOUNT = 1_000_000n;

type Statuses = { context: { slot: number }; value: unknown[] };
type Epoch = { blockHeight: number };

/** A snapshot-restored node without history: every status null, at an up-to-date context slot. */
const nullStatuses = (r: unknown) => ({ ...(r as Statuses), value: (r as Statuses).value.map(() => null) });
/** A node far ahead: a block height past every blockhash the service holds. */
const heightFarAhead = (r: unknown) => ({ ...(r as Epoch), blockHeight: (r as Epoch).blockHeight + 100_000 });

/**
 * The transaction once the proxy has rewritten `count` more answers (the fault is seen to fire), or
 * as soon as it leaves `status` (then the caller's assertion says how).
 */
async function afterRewrites(
  proxy: RpcProxy,
  count: number,
  read: () => Promise<{ status: string } & Record<string, unknown>>,
  status: string,
) {
  const start = proxy.injected.rewrite ?? 0;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const tx = await read();
    if (tx.status !== status || (proxy.injected.rewrite ?? 0) - start >= count) return tx;
    if (Date.now() > deadline) throw new Error(`only ${(proxy.injected.rewrite ?? 0) - start} rewrites`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('reads that lag or disagree never move money again', () => {
  const clock = new ManualClock();
  let ticking: NodeJS.Timeout;
  let solana: PrivateSolana;
  let evm: PrivateEvm;
  let solanaProxy: RpcProxy;
  let evmProxy: RpcProxy;
  let app: TestApp;
  before(async () => {
    ticking = setInterval(() => clock.advance(1000), 100);
    [solana, evm] = await Promise.all([startPrivateSolana(), startPrivateEvm()]);
    [solanaProxy, evmProxy] = await Promise.all([startRpcProxy(solana.url), startRpcProxy(evm.url)]);
    app = (
      await startChainApp({
        solanaRpcUrl: solanaProxy.url,
        evmRpcUrl: evmProxy.url,
        clock,
        // Fee replacements would add attempts of their own: not what these tests are about.
        env: { RPC_TIMEOUT_MS: '2000', REPLACE_AFTER_MS_EVM_LOCALNET: '3600000' },
      })
    ).app;
  });
  after(async () => {
    clearInterval(ticking);
    await app.stop();
    await Promise.all([solanaProxy.close(), evmProxy.close()]);
    await Promise.all([solana.stop(), evm.stop()]);
  });

  const solanaBalance = async (a: string) =>
    (await solana.rpc.getBalance(address(a), { commitment: 'confirmed' }).send()).value;
  const evmBalance = (a: string) => evm.client.getBalance({ address: a as Address });
  const read = (id: string, key: string) => async () => (await app.get(`/api/v1/tx/${id}`, key)).json();
  const sends = (proxy: RpcProxy, method: string) => proxy.calls.filter((c) => c.method === method);

  async function solanaUser() {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await solana.fund(wallet, 2n * SOL);
    return user;
  }
  async function evmUser() {
    const user = await app.newUser();
    const wallet = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await evm.fund(wallet, 10n ** 19n);
    return user;
  }
  const solanaSend = (key: string, to: string) =>
    write(app, '/send', { chain: 'solana-localnet', to, asset: 'native', amount: String(AMOUNT) }, key);
  const evmSend = (key: string, to: string) =>
    write(app, '/send', { chain: 'evm-localnet', to, asset: 'native', amount: String(AMOUNT) }, key);

  test('Solana: null statuses and a height past expiry after CONFIRMED: it stays CONFIRMED, signed once, paid once', async () => {
    const user = await solanaUser();
    const to = (await generateKeyPairSigner()).address;
    const res = await solanaSend(user.key, to);
    assert.equal(res.status, 200, await res.clone().text());
    const submission = await res.json();
    assert.equal((await waitForFinal(app, submission.id, user.key)).status, 'CONFIRMED');
    const sentBefore = sends(solanaProxy, 'sendTransaction').length;
    solanaProxy.rewrite('getSignatureStatuses', nullStatuses);
    solanaProxy.rewrite('getEpochInfo', heightFarAhead);
    try {
      // Five looks of the reorg watch, each reading both (10 s of service time apart).
      const tx = await afterRewrites(solanaProxy, 10, read(submission.id, user.key), 'CONFIRMED');
      assert.equal(tx.status, 'CONFIRMED');
      assert.deepEqual(tx.attempts, [submission.hash], 'never re-signed');
      assert.equal(sends(solanaProxy, 'sendTransaction').length, sentBefore, 'nothing sent again');
      assert.equal(await solanaBalance(to), AMOUNT, 'paid exactly once');
    } finally {
      solanaProxy.clearFaults();
    }
  });

  test('Solana: landed before the service saw it, then only null statuses past expiry: "already processed" ends it, never re-signed', async () => {
    const user = await solanaUser();
    const to = (await generateKeyPairSigner()).address;
    solanaProxy.rewrite('getSignatureStatuses', nullStatuses);
    solanaProxy.rewrite('getEpochInfo', heightFarAhead);
    let submission: { id: string; hash: string };
    try {
      const res = await solanaSend(user.key, to);
      assert.equal(res.status, 200, await res.clone().text());
      submission = await res.json();
      assert.equal(await solanaBalance(to), AMOUNT, 'it landed on the node');
      // The looks agree that nothing is there, past expiry; the last send before a re-sign is
      // answered "already processed", which ends the question.
      const held = await waitForTx(app, submission.id, user.key, (t) =>
        /seen landed/.test(t.stuckReason ?? ''),
      );
      assert.equal(held.status, 'SUBMITTED');
      assert.deepEqual(held.attempts, [submission.hash]);
      const later = await afterRewrites(solanaProxy, 10, read(submission.id, user.key), 'SUBMITTED');
      assert.deepEqual(later.attempts, [submission.hash], 'never re-signed');
      const sent = new Set(sends(solanaProxy, 'sendTransaction').map(sentId));
      assert.ok(sent.has(submission.hash));
      assert.equal(await solanaBalance(to), AMOUNT, 'paid exactly once');
    } finally {
      solanaProxy.clearFaults();
    }
    // The node reports it again: CONFIRMED, with its one signature.
    const tx = await waitForFinal(app, submission.id, user.key);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.hash, submission.hash);
  });

  test('EVM: receipts missing on a lagging node after CONFIRMED: it stays CONFIRMED, never FAILED', async () => {
    const user = await evmUser();
    const to = privateKeyToAddress(generatePrivateKey());
    const res = await evmSend(user.key, to);
    assert.equal(res.status, 200, await res.clone().text());
    const submission = await res.json();
    assert.equal((await waitForFinal(app, submission.id, user.key)).status, 'CONFIRMED');
    evmProxy.rewrite('eth_getTransactionReceipt', () => null);
    try {
      const tx = await afterRewrites(evmProxy, 5, read(submission.id, user.key), 'CONFIRMED');
      assert.equal(tx.status, 'CONFIRMED');
      assert.equal(tx.error, null);
      assert.equal(await evmBalance(to), AMOUNT);
    } finally {
      evmProxy.clearFaults();
    }
  });

  test('EVM: no receipt ever, nonce taken: the block that took the nonce holds it, so it is never FAILED', async () => {
    const user = await evmUser();
    const to = privateKeyToAddress(generatePrivateKey());
    evmProxy.rewrite('eth_getTransactionReceipt', () => null);
    let submission: { id: string; hash: string };
    try {
      const res = await evmSend(user.key, to);
      assert.equal(res.status, 200, await res.clone().text());
      submission = await res.json();
      assert.equal(await evmBalance(to), AMOUNT, 'mined on the node');
      const tx = await afterRewrites(evmProxy, 8, read(submission.id, user.key), 'SUBMITTED');
      assert.equal(tx.status, 'SUBMITTED', String(tx.error));
      assert.deepEqual(tx.attempts, [submission.hash]);
    } finally {
      evmProxy.clearFaults();
    }
    const tx = await waitForFinal(app, submission.id, user.key);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(await evmBalance(to), AMOUNT, 'paid exactly once');
  });

  test('EVM: a head that lags behind the chain, with receipts missing: the nonce read at that head is free, so it is never FAILED', async () => {
    const user = await evmUser();
    const to = privateKeyToAddress(generatePrivateKey());
    // A node stuck at the block before the payment: its "latest" is that block, it has no receipt.
    const stale = await evm.rpc('eth_getBlockByNumber', ['latest', false]);
    evmProxy.rewrite('eth_getBlockByNumber', (result, call) =>
      call.params?.[0] === 'latest' ? stale : result,
    );
    evmProxy.rewrite('eth_getTransactionReceipt', () => null);
    let submission: { id: string; hash: string };
    try {
      const res = await evmSend(user.key, to);
      assert.equal(res.status, 200, await res.clone().text());
      submission = await res.json();
      assert.equal(await evmBalance(to), AMOUNT, 'mined on the up-to-date node');
      const tx = await afterRewrites(evmProxy, 16, read(submission.id, user.key), 'SUBMITTED');
      assert.equal(tx.status, 'SUBMITTED', String(tx.error));
      assert.deepEqual(tx.attempts, [submission.hash]);
    } finally {
      evmProxy.clearFaults();
    }
    const tx = await waitForFinal(app, submission.id, user.key);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(await evmBalance(to), AMOUNT, 'paid exactly once');
  });
});
