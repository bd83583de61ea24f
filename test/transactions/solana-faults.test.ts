// @needs devnet
// The Solana write path behind an RPC that misbehaves (issue 10): lost answers after forwarding,
// sends acknowledged and dropped, preflight refusals, blockhash expiry (re-signed with a fresh
// blockhash, then FAILED once re-signs are used up), identical payments, and the commitment setting.
// A private LiteSVM node, since expiring blockhashes moves its clock for everyone on it.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { address, generateKeyPairSigner, getBase64Encoder, getTransactionDecoder } from '@solana/kit';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, waitForTx, walletOf, write } from '../support/chain-app.ts';
import { type PrivateSolana, startPrivateSolana } from '../support/private-chains.ts';
import {
  type Fault,
  type JsonRpcCall,
  LOST_AFTER_FORWARDING,
  type RpcProxy,
  sentId,
  startRpcProxy,
} from '../support/rpc-proxy.ts';

const SEND = 'sendTransaction';
const SOL = 1_000_000_000n;

/** The fee payer (first account) of a sendTransaction call. */
function feePayerOf(call: JsonRpcCall): string {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(String(call.params?.[0])));
  return Object.keys(tx.signatures)[0] ?? '';
}

describe('Solana writes under RPC faults', () => {
  let node: PrivateSolana;
  let proxy: RpcProxy;
  let app: TestApp;
  /** COMMITMENT_SOLANA_LOCALNET=finalized, one re-sign at most. */
  let strict: TestApp;
  before(async () => {
    node = await startPrivateSolana();
    proxy = await startRpcProxy(node.url);
    [app, strict] = await Promise.all([
      startChainApp({ solanaRpcUrl: proxy.url, env: { RPC_TIMEOUT_MS: '1000' } }).then((c) => c.app),
      startChainApp({
        solanaRpcUrl: proxy.url,
        env: { RPC_TIMEOUT_MS: '1000', COMMITMENT_SOLANA_LOCALNET: 'finalized', SOLANA_MAX_RESIGNS: '1' },
      }).then((c) => c.app),
    ]);
  });
  after(async () => {
    await Promise.all([app.stop(), strict.stop()]);
    await proxy.close();
    await node.stop();
  });

  async function fundedUser(on: TestApp = app) {
    const user = await on.newUser();
    const wallet = await walletOf(on, user.userId, 'solana');
    await node.fund(wallet, 2n * SOL);
    return { ...user, wallet };
  }
  const body = (to: string, amount: bigint) => ({
    chain: 'solana-localnet',
    to,
    asset: 'native',
    amount: String(amount),
  });
  const recipient = async () => (await generateKeyPairSigner()).address;
  const balance = async (a: string) =>
    (await node.rpc.getBalance(address(a), { commitment: 'confirmed' }).send()).value;
  /** An account must hold at least the rent-exempt minimum: payments here are above it. */
  const AMOUNT = 1_000_000n;

  async function nextSendConfirms(user: { key: string }, on: TestApp = app) {
    const to = await recipient();
    const res = await write(on, '/send', body(to, AMOUNT), user.key);
    assert.equal(res.status, 200, await res.clone().text());
    const tx = await waitForFinal(on, (await res.json()).id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(await balance(to), AMOUNT);
  }

  const lost: ReadonlyArray<readonly [string, Fault]> = [
    ...LOST_AFTER_FORWARDING,
    [
      'node-unhealthy error, not forwarded',
      { kind: 'error', code: -32005, message: 'Node is behind by 42 slots' },
    ],
    ['send acknowledged but dropped, not forwarded', { kind: 'swallow' }],
  ];
  for (const [label, fault] of lost)
    test(`${label}: 200 SUBMITTED with the signature, a same-key retry replays it, paid exactly once`, async () => {
      const user = await fundedUser();
      const to = await recipient();
      const key = randomUUID();
      const fired = proxy.injected[fault.kind] ?? 0;
      proxy.inject(SEND, fault);
      const payerBefore = await balance(user.wallet);
      const res = await write(app, '/send', body(to, AMOUNT), user.key, key);
      assert.equal(proxy.injected[fault.kind], fired + 1, 'the fault hit the broadcast');
      assert.equal(res.status, 200, await res.clone().text());
      const first = await res.text();
      const submission = JSON.parse(first);
      assert.equal(submission.status, 'SUBMITTED');
      const retry = await write(app, '/send', body(to, AMOUNT), user.key, key);
      assert.equal(retry.status, 200);
      assert.equal(await retry.text(), first);
      const tx = await waitForFinal(app, submission.id, user.key);
      assert.equal(tx.status, 'CONFIRMED', tx.error);
      assert.equal(tx.hash, submission.hash);
      assert.equal(await balance(to), AMOUNT, 'paid exactly once');
      const spent = payerBefore - (await balance(user.wallet));
      assert.ok(spent >= AMOUNT && spent < 2n * AMOUNT, `the wallet paid once, with its fee (${spent})`);
      await nextSendConfirms(user);
    });

  test('a preflight refusal burns the key with the reason and sends nothing', async () => {
    const user = await fundedUser();
    const to = await recipient();
    const key = randomUUID();
    proxy.inject(SEND, {
      kind: 'error',
      code: -32002,
      message: 'Transaction simulation failed: Error processing Instruction 2: custom program error: 0x1',
      data: { err: { InstructionError: [2, { Custom: 1 }] }, logs: [], accounts: null, unitsConsumed: 0 },
    });
    const res = await write(app, '/send', body(to, AMOUNT), user.key, key);
    assert.equal(res.status, 502, await res.clone().text());
    assert.equal((await res.json()).code, 'SEND_FAILED');
    const retry = await write(app, '/send', body(to, AMOUNT), user.key, key);
    assert.equal(retry.status, 409);
    assert.match((await retry.json()).error, /failed \(SEND_FAILED: .*refused the transaction/);
    assert.equal(await balance(to), 0n);
    await nextSendConfirms(user);
  });

  test('a send whose blockhash provably expired is re-signed with a fresh one and lands once', async () => {
    const user = await fundedUser();
    const to = await recipient();
    // The request's own broadcast, and every later send of that signature, is acknowledged and dropped.
    proxy.inject(SEND, { kind: 'swallow' }, { match: (call) => feePayerOf(call) === user.wallet });
    const submission = await (await write(app, '/send', body(to, AMOUNT), user.key)).json();
    proxy.inject(
      SEND,
      { kind: 'swallow' },
      { times: 10_000, match: (call) => sentId(call) === submission.hash },
    );
    await node.advanceSlots(400);
    const tx = await waitForFinal(app, submission.id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.attempts.length, 2);
    assert.equal(tx.attempts[0], submission.hash);
    assert.equal(tx.hash, tx.attempts[1], 'the re-signed one landed');
    assert.equal(await balance(to), AMOUNT, 'paid exactly once');
    proxy.clearFaults();
  });

  test('re-signs used up: FAILED with the expiry, nothing paid', async () => {
    const user = await fundedUser(strict);
    const to = await recipient();
    proxy.inject(
      SEND,
      { kind: 'swallow' },
      { times: 10_000, match: (call) => feePayerOf(call) === user.wallet },
    );
    try {
      const submission = await (await write(strict, '/send', body(to, AMOUNT), user.key)).json();
      let tx = await waitForTx(strict, submission.id, user.key, () => true);
      for (let i = 0; i < 20 && tx.status !== 'FAILED'; i++) {
        await node.advanceSlots(400);
        tx = await waitForTx(
          strict,
          submission.id,
          user.key,
          (t) => t.status === 'FAILED' || t.attempts.length > i + 1,
          10_000,
        ).catch(() => tx);
      }
      assert.equal(tx.status, 'FAILED');
      assert.match(tx.error, /expired: it did not land before block height \d+.*re-signed 1 time/);
      assert.equal(tx.attempts.length, 2);
      assert.equal(await balance(to), 0n);
    } finally {
      proxy.clearFaults();
    }
  });

  test('two identical payments with different keys are two transactions, and both land', async () => {
    const user = await fundedUser();
    const to = await recipient();
    const [a, b] = await Promise.all([
      write(app, '/send', body(to, AMOUNT), user.key),
      write(app, '/send', body(to, AMOUNT), user.key),
    ]);
    assert.equal(a.status, 200, await a.clone().text());
    assert.equal(b.status, 200, await b.clone().text());
    const [sa, sb] = [await a.json(), await b.json()];
    assert.notEqual(sa.hash, sb.hash, 'a memo with the transaction id makes each signature unique');
    assert.equal((await waitForFinal(app, sa.id, user.key)).status, 'CONFIRMED');
    assert.equal((await waitForFinal(app, sb.id, user.key)).status, 'CONFIRMED');
    assert.equal(await balance(to), 2n * AMOUNT);
  });

  test('with finalized commitment, CONFIRMED only once the slot is finalized', async () => {
    const user = await fundedUser(strict);
    const to = await recipient();
    const submission = await (await write(strict, '/send', body(to, AMOUNT), user.key)).json();
    assert.equal(await balance(to), AMOUNT, 'landed at once on this node');
    await new Promise((r) => setTimeout(r, 1500));
    const landed = await (await strict.get(`/api/v1/tx/${submission.id}`, user.key)).json();
    assert.equal(landed.status, 'SUBMITTED', 'confirmed, not yet finalized');
    await node.advanceSlots(64);
    assert.equal((await waitForFinal(strict, submission.id, user.key)).status, 'CONFIRMED');
  });
});
