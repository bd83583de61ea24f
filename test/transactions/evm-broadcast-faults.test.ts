// @needs devnet
// The EVM write path behind an RPC that misbehaves the way public endpoints do (issue 10): for each
// fault, what the caller sees, what a same-key retry sees, what GET /tx converges to, that the
// recipient is paid exactly once, and that the wallet's next send still confirms.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { type PrivateEvm, startPrivateEvm } from '../support/private-chains.ts';
import {
  type Fault,
  LOST_AFTER_FORWARDING,
  type RpcProxy,
  sentId,
  startRpcProxy,
} from '../support/rpc-proxy.ts';

const SEND = 'eth_sendRawTransaction';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('EVM writes under RPC faults', () => {
  let evm: PrivateEvm;
  let proxy: RpcProxy;
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  before(async () => {
    evm = await startPrivateEvm();
    proxy = await startRpcProxy(evm.url);
    ctx = await startChainApp({ evmRpcUrl: proxy.url, env: { RPC_TIMEOUT_MS: '1000' } });
  });
  after(async () => {
    await ctx.app.stop();
    await proxy.close();
    await evm.stop();
  });

  async function fundedUser() {
    const user = await ctx.app.newUser();
    const address = (await walletOf(ctx.app, user.userId, 'ethereum')) as Address;
    await evm.fund(address, 10n ** 19n);
    return { ...user, address };
  }
  const body = (to: string, amount: bigint) => ({
    chain: 'evm-localnet',
    to,
    asset: 'native',
    amount: String(amount),
  });
  const balance = (address: string) => evm.client.getBalance({ address: address as Address });
  /** How many transactions of the wallet the chain has included (its next nonce). */
  const chainNonce = (address: Address) => evm.client.getTransactionCount({ address, blockTag: 'latest' });

  /** The wallet is not jammed: a fresh payment confirms and lands. */
  async function nextSendConfirms(user: { key: string }) {
    const to = randomAddress();
    const res = await write(ctx.app, '/send', body(to, 5n), user.key);
    assert.equal(res.status, 200, await res.clone().text());
    const tx = await waitForFinal(ctx.app, (await res.json()).id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(await balance(to), 5n);
  }

  const lost: ReadonlyArray<readonly [string, Fault]> = [
    ...LOST_AFTER_FORWARDING,
    [
      'JSON-RPC error that proves nothing, not forwarded',
      { kind: 'error', code: -32603, message: 'internal error' },
    ],
  ];
  for (const [label, fault] of lost)
    test(`${label}: 200 SUBMITTED with the hash, a same-key retry replays it, paid exactly once`, async () => {
      const user = await fundedUser();
      const to = randomAddress();
      const key = randomUUID();
      const fired = proxy.injected[fault.kind] ?? 0;
      proxy.inject(SEND, fault);
      const res = await write(ctx.app, '/send', body(to, 777n), user.key, key);
      assert.equal(proxy.injected[fault.kind], fired + 1, 'the fault hit the broadcast');
      assert.equal(res.status, 200, await res.clone().text());
      const first = await res.text();
      const submission = JSON.parse(first);
      assert.equal(submission.status, 'SUBMITTED');
      assert.match(submission.hash, /^0x[0-9a-f]{64}$/);

      const retry = await write(ctx.app, '/send', body(to, 777n), user.key, key);
      assert.equal(retry.status, 200);
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.equal(await retry.text(), first, 'the stored answer, byte for byte');

      const tx = await waitForFinal(ctx.app, submission.id, user.key);
      assert.equal(tx.status, 'CONFIRMED', tx.error);
      assert.equal(tx.hash, submission.hash);
      assert.equal(tx.nonce, 0);
      assert.equal(await balance(to), 777n, 'paid exactly once');
      assert.equal(await chainNonce(user.address), 1, 'one transaction of the wallet on chain');
      await nextSendConfirms(user);
      assert.equal(await chainNonce(user.address), 2);
    });

  test('a definite refusal burns the key with the reason, sends nothing, and frees the nonce', async () => {
    const user = await fundedUser();
    const to = randomAddress();
    const key = randomUUID();
    proxy.inject(SEND, {
      kind: 'error',
      code: -32000,
      message: 'insufficient funds for gas * price + value',
    });
    const res = await write(ctx.app, '/send', body(to, 1000n), user.key, key);
    assert.equal(res.status, 400, await res.clone().text());
    const error = await res.json();
    assert.equal(error.code, 'INSUFFICIENT_FUNDS');
    assert.match(error.error, /refused the transaction: insufficient funds/);

    const retry = await write(ctx.app, '/send', body(to, 1000n), user.key, key);
    assert.equal(retry.status, 409);
    const replay = await retry.json();
    assert.equal(replay.code, 'IDEMPOTENT_REPLAY');
    assert.match(replay.error, /failed \(INSUFFICIENT_FUNDS: .*insufficient funds/);
    assert.match(replay.error, /nothing was sent/);
    assert.equal(retry.headers.get('retry-after'), null);

    proxy.inject(SEND, { kind: 'error', code: -32000, message: 'nonce too low' });
    const refused = await write(ctx.app, '/send', body(to, 1000n), user.key);
    assert.equal(refused.status, 502);
    assert.equal((await refused.json()).code, 'SEND_FAILED');

    assert.equal(await balance(to), 0n);
    const next = await write(ctx.app, '/send', body(to, 1000n), user.key);
    const tx = await waitForFinal(ctx.app, (await next.json()).id, user.key);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.nonce, 0, 'the refused transactions gave their nonce back');
    assert.equal(await balance(to), 1000n);
  });

  test('a retry while the first request is still running is 409 with Retry-After, then replays', async () => {
    const user = await fundedUser();
    const key = randomUUID();
    const to = randomAddress();
    proxy.inject('eth_getBalance', { kind: 'hold', ms: 700 });
    const first = write(ctx.app, '/send', body(to, 9n), user.key, key);
    await new Promise((r) => setTimeout(r, 200));
    const during = await write(ctx.app, '/send', body(to, 9n), user.key, key);
    assert.equal(during.status, 409);
    assert.equal(during.headers.get('retry-after'), '2');
    assert.match((await during.json()).error, /still in progress/);
    const done = await first;
    assert.equal(done.status, 200, await done.clone().text());
    const replay = await write(ctx.app, '/send', body(to, 9n), user.key, key);
    assert.equal(replay.status, 200);
    assert.equal(await replay.text(), await done.text());
  });

  test('while the node cannot be read, a retry of a write that went through still gets its answer, and a reused key its mismatch', async () => {
    // A write's checks against the chain run while its key is claimed: what the key says must win
    // over what those reads meet.
    const user = await fundedUser();
    const key = randomUUID();
    const to = randomAddress();
    const done = await write(ctx.app, '/send', body(to, 11n), user.key, key);
    const answer = await done.text();
    assert.equal(done.status, 200, answer);
    proxy.inject('eth_getBalance', { kind: 'hold', ms: 2500 }, { times: 4 });
    try {
      const replay = await write(ctx.app, '/send', body(to, 11n), user.key, key);
      assert.equal(replay.status, 200, await replay.clone().text());
      assert.equal(replay.headers.get('idempotent-replayed'), 'true');
      assert.equal(await replay.text(), answer);
      const reused = await write(ctx.app, '/send', body(to, 12n), user.key, key);
      assert.equal(reused.status, 409);
      assert.equal((await reused.json()).code, 'IDEMPOTENT_BODY_MISMATCH');
      const fresh = await write(ctx.app, '/send', body(to, 13n), user.key);
      assert.equal(fresh.status, 502, 'a new write does need the node');
    } finally {
      proxy.clearFaults();
    }
    const tx = await waitForFinal(ctx.app, JSON.parse(answer).id, user.key);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(await balance(to), 11n, 'paid once');
    await nextSendConfirms(user);
  });

  test("while the node cannot be read, a write past its API key's limits is refused by the key's rules, and the key stays unused", async () => {
    // The key's rules are checked with the claim, beside the chain reads: their refusal wins over
    // whatever the reads meet (here a node that does not answer within the RPC timeout), with
    // nothing signed and nothing spent.
    const user = await fundedUser();
    const { key: limited } = await ctx.app.services.apiKeys.create(user.userId, {
      name: 'limited',
      policy: { limits: [{ chain: 'evm-localnet', asset: 'native', perTransaction: '100' }] },
    });
    const to = randomAddress();
    const idempotencyKey = randomUUID();
    proxy.inject('eth_getBalance', { kind: 'hold', ms: 2500 }, { times: 4 });
    try {
      const refused = await write(ctx.app, '/send', body(to, 101n), limited, idempotencyKey);
      const refusal = await refused.json();
      assert.equal(refused.status, 403, JSON.stringify(refusal));
      assert.equal(refusal.code, 'FORBIDDEN');
      assert.match(refusal.error, /exceeds this API key's maximum per transaction of 100/);
    } finally {
      proxy.clearFaults();
    }
    // The key was left unused: the same key with an allowed body now goes through, once.
    const ok = await write(ctx.app, '/send', body(to, 100n), limited, idempotencyKey);
    assert.equal(ok.status, 200, await ok.clone().text());
    const tx = await waitForFinal(ctx.app, (await ok.json()).id, limited);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(await balance(to), 100n, 'only the allowed payment landed');
  });

  test('a wallet never jams: an uncertain send at N, N+1 sent, N refused on its rebroadcast: both land in order', async () => {
    const user = await fundedUser();
    const [toA, toB] = [randomAddress(), randomAddress()];
    // N never reaches the node (an error that proves nothing); its first rebroadcast is refused.
    proxy.inject(SEND, { kind: 'error', code: -32603, message: 'upstream connect error' });
    const a = await (await write(ctx.app, '/send', body(toA, 11n), user.key)).json();
    assert.equal(a.status, 'SUBMITTED');
    proxy.inject(
      SEND,
      { kind: 'error', code: -32000, message: 'insufficient funds for gas * price + value' },
      {
        match: (call) => sentId(call) === a.hash,
      },
    );
    // N+1: the node cannot take it before N (Hardhat refuses a gap while automining): SUBMITTED, waiting.
    const resB = await write(ctx.app, '/send', body(toB, 22n), user.key);
    assert.equal(resB.status, 200, await resB.clone().text());
    const b = await resB.json();
    const [txA, txB] = [
      await waitForFinal(ctx.app, a.id, user.key),
      await waitForFinal(ctx.app, b.id, user.key),
    ];
    assert.equal(txA.status, 'CONFIRMED', txA.error);
    assert.equal(txB.status, 'CONFIRMED', txB.error);
    assert.deepEqual([txA.nonce, txB.nonce], [0, 1]);
    assert.equal(await balance(toA), 11n);
    assert.equal(await balance(toB), 22n);
    await nextSendConfirms(user);
  });
  test('API key daily limits count a send whose answer was lost (it may land) and give back one the node refused', async () => {
    const user = await fundedUser();
    const { key } = await ctx.app.services.apiKeys.create(user.userId, {
      name: 'capped',
      policy: { limits: [{ chain: 'evm-localnet', asset: 'native', perDay: '3000' }] },
    });
    const left = async () =>
      (await (await ctx.app.get('/api/v1/keys/self', key)).json()).limits[0].remainingLast24h;
    const to = randomAddress();

    proxy.inject(SEND, { kind: 'error', code: -32000, message: 'nonce too low' });
    const refused = await write(ctx.app, '/send', body(to, 1000n), key);
    assert.equal(refused.status, 502);
    assert.equal(await left(), '3000', 'refused at its only broadcast: nothing left, nothing counted');

    proxy.inject(SEND, { kind: 'status', status: 504 });
    const lost = await write(ctx.app, '/send', body(to, 2000n), key);
    assert.equal(lost.status, 200, await lost.clone().text());
    assert.equal(await left(), '1000', 'an answer lost after forwarding counts: the payment may land');
    const over = await write(ctx.app, '/send', body(to, 1001n), key);
    assert.equal(over.status, 403);
    assert.match((await over.json()).error, /1000 of 3000 left/);

    const tx = await waitForFinal(ctx.app, (await lost.json()).id, key);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(await balance(to), 2000n);
    assert.equal(await left(), '1000');
  });
});
