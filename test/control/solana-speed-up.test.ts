// @needs devnet
// A Solana speed-up naming a compute-unit price (issue 29), on a LiteSVM node behind a proxy that
// swallows every send until the test lets them through: the speed-up is 400 as any Solana speed-up
// (a signed transaction cannot be replaced while its blockhash is valid), the price is recorded, and
// the re-sign after the blockhash is proven expired pays it: decoded from the transaction that landed.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import {
  address,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Signature,
} from '@solana/kit';
import { findSetComputeUnitPriceInstructionIndexAndMicroLamports } from '@solana-program/compute-budget';
import { localOperator } from '../../src/app/operator.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, waitForTx, walletOf, write } from '../support/chain-app.ts';
import { type PrivateSolana, startPrivateSolana } from '../support/private-chains.ts';
import { type RpcProxy, sentId, startRpcProxy } from '../support/rpc-proxy.ts';
import { control } from './control-support.ts';

const AMOUNT = 1_000_000n;

/** The SetComputeUnitPrice of a signed transaction (base64 wire), in micro-lamports; 0 without one. */
function unitPriceOf(wire: string): bigint {
  const { messageBytes } = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const message = decompileTransactionMessage(getCompiledTransactionMessageDecoder().decode(messageBytes));
  return findSetComputeUnitPriceInstructionIndexAndMicroLamports(message)?.microLamports ?? 0n;
}

describe('a Solana speed-up with a compute-unit price', () => {
  let node: PrivateSolana;
  let proxy: RpcProxy;
  let app: TestApp;
  before(async () => {
    node = await startPrivateSolana();
    proxy = await startRpcProxy(node.url);
    app = (
      await startChainApp({
        solanaRpcUrl: proxy.url,
        env: { RPC_TIMEOUT_MS: '1000', SPEED_UP_MAX_COMPUTE_UNIT_PRICE_SOLANA_LOCALNET: '50000' },
      })
    ).app;
  });
  after(async () => {
    await app.stop();
    await proxy.close();
    await node.stop();
  });

  test('is 400 and recorded; the re-sign after the proven expiry pays at least it, and the payment lands once', async () => {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await node.fund(wallet, 2_000_000_000n);
    const to = (await generateKeyPairSigner()).address;
    // Every send is acknowledged and dropped: the transaction stays pending until its blockhash expires.
    proxy.inject('sendTransaction', { kind: 'swallow' }, { times: 10_000 });
    const res = await write(
      app,
      '/send',
      { chain: 'solana-localnet', to, asset: 'native', amount: AMOUNT.toString() },
      user.key,
    );
    assert.equal(res.status, 200, await res.clone().text());
    const { id } = await res.json();

    const tooHigh = await control(app, id, 'speed-up', user.key, { computeUnitPrice: '50001' });
    assert.equal(tooHigh.status, 400);
    assert.match(
      (await tooHigh.json()).error,
      /^computeUnitPrice: 50001 micro-lamports is above the operator's ceiling for a speed-up on solana-localnet, 50000 micro-lamports \(SPEED_UP_MAX_COMPUTE_UNIT_PRICE_SOLANA_LOCALNET\)/,
    );
    const onCancel = await control(app, id, 'cancel', user.key, { computeUnitPrice: '40000' });
    assert.equal(onCancel.status, 400, 'a cancel takes no compute-unit price');

    const speedUp = await control(app, id, 'speed-up', user.key, { computeUnitPrice: '40000' });
    assert.equal(speedUp.status, 400);
    const refused = await speedUp.json();
    assert.equal(refused.code, 'INVALID_INPUT');
    assert.match(
      refused.error,
      /cannot be sped up: while its blockhash is valid.*re-signs it with a fresh blockhash and a compute-unit price of at least 40000 micro-lamports/,
    );
    // A lower price asked later (here by the operator, as `wallet-api tx speed-up` does) keeps the higher.
    await assert.rejects(
      localOperator(app.services).controlTransaction({
        email: user.email,
        id,
        action: 'speed-up',
        idempotencyKey: randomUUID(),
        computeUnitPrice: '30000',
      }),
      (err: Error) => /compute-unit price of at least 40000 micro-lamports/.test(err.message),
    );

    const first = proxy.calls.find((c) => c.method === 'sendTransaction');
    assert.ok(first, 'the first attempt was sent');
    const firstPrice = unitPriceOf(String(first.params?.[0]));
    assert.ok(firstPrice < 40_000n, `the first attempt paid ${firstPrice}, less than asked`);

    await node.advanceSlots(400);
    const resigned = await waitForTx(
      app,
      id,
      user.key,
      (tx) => tx.attempts.length > 1 || tx.status === 'FAILED',
    );
    assert.equal(resigned.attempts.length, 2, JSON.stringify(resigned));
    proxy.clearFaults();
    const tx = await waitForFinal(app, id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.hash, resigned.attempts[1], 'the re-signed attempt landed');

    const landed = await node.rpc
      .getTransaction(tx.hash as Signature, {
        encoding: 'base64',
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      })
      .send();
    assert.ok(landed, 'the node has the landed transaction');
    assert.equal(unitPriceOf(landed.transaction[0]), 40_000n, 'the re-sign paid the price asked');
    assert.ok(
      proxy.calls.some((c) => c.method === 'sendTransaction' && sentId(c) === tx.hash),
      'the re-sign went through the service',
    );
    assert.equal(
      (await node.rpc.getBalance(address(to), { commitment: 'confirmed' }).send()).value,
      AMOUNT,
      'paid once',
    );
  });
});
