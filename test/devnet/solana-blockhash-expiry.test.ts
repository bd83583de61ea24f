// Runs its own Solana node: moving the slot clock forward on the shared one would expire the
// blockhashes of transactions other test files are signing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  pipe,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import type { ManagedChild } from '@wallet-api/devnet/child-process';
import { type SolanaRpc, solanaRpc, waitForSignature } from '@wallet-api/devnet/solana/client';
import { startSolanaNode } from '@wallet-api/devnet/solana/solana-node';
import pino from 'pino';

let node: ManagedChild;
let rpc: SolanaRpc;

before(async () => {
  node = await startSolanaNode({ logger: pino({ level: 'silent' }) });
  rpc = solanaRpc(node.url);
});
after(() => node.stop());

async function advanceSlots(n: number): Promise<bigint> {
  const res = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'devnet_advanceSlots', params: [n] }),
  });
  return BigInt(((await res.json()) as { result: number }).result);
}

async function transfer(payer: KeyPairSigner, amount: bigint) {
  const to = await generateKeyPairSigner();
  const { value: latest } = await rpc.getLatestBlockhash().send();
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: payer, destination: to.address, amount: lamports(amount) }),
          m,
        ),
    ),
  );
  return { wire: getBase64EncodedWireTransaction(signed), latest, to };
}

async function fundedPayer(): Promise<KeyPairSigner> {
  const payer = await generateKeyPairSigner();
  await waitForSignature(rpc, await rpc.requestAirdrop(payer.address, lamports(5_000_000_000n)).send());
  return payer;
}

describe('solana-localnet blockhash lifetime', () => {
  test('slots advance with wall-clock time', async () => {
    const first = await rpc.getSlot().send();
    await new Promise((r) => setTimeout(r, 1000));
    assert.ok((await rpc.getSlot().send()) > first);
  });

  test('a transaction signed with an older, still valid blockhash lands', async () => {
    const payer = await fundedPayer();
    const { wire, to } = await transfer(payer, 1_000_000n);
    await advanceSlots(100);
    await waitForSignature(rpc, await rpc.sendTransaction(wire, { encoding: 'base64' }).send());
    assert.equal((await rpc.getBalance(to.address).send()).value, 1_000_000n);
  });

  test('an expired blockhash is rejected like a real node rejects it, and nothing moves', async () => {
    const payer = await fundedPayer();
    const { wire, latest, to } = await transfer(payer, 1_000_000n);
    const height = await advanceSlots(151);
    assert.ok(height > latest.lastValidBlockHeight);
    assert.equal((await rpc.isBlockhashValid(latest.blockhash).send()).value, false);

    await assert.rejects(rpc.sendTransaction(wire, { encoding: 'base64' }).send(), (err) => {
      assert.ok(isSolanaError(err, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE));
      assert.ok(isSolanaError(err.cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND));
      return true;
    });
    const raw = await fetch(node.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [wire, { encoding: 'base64' }],
      }),
    });
    const body = (await raw.json()) as { error: { code: number; message: string; data: { err: unknown } } };
    assert.equal(body.error.code, -32002);
    assert.equal(body.error.message, 'Transaction simulation failed: Blockhash not found');
    assert.equal(body.error.data.err, 'BlockhashNotFound');

    // With preflight skipped a node acknowledges the signature but drops the transaction.
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send();
    assert.equal((await rpc.getSignatureStatuses([signature]).send()).value[0], null);
    assert.equal((await rpc.getBalance(to.address).send()).value, 0n);
  });

  test('sending the same signed transaction twice is refused as already processed', async () => {
    const payer = await fundedPayer();
    const { wire, to } = await transfer(payer, 2_000_000n);
    await waitForSignature(rpc, await rpc.sendTransaction(wire, { encoding: 'base64' }).send());
    await assert.rejects(rpc.sendTransaction(wire, { encoding: 'base64' }).send(), (err) => {
      assert.ok(isSolanaError(err, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE));
      assert.ok(isSolanaError(err.cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED));
      return true;
    });
    assert.equal((await rpc.getBalance(to.address).send()).value, 2_000_000n);
  });

  test('a landed transaction becomes finalized once enough slots have passed', async () => {
    const payer = await fundedPayer();
    const { wire } = await transfer(payer, 1_000_000n);
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    await waitForSignature(rpc, signature);
    const before = (await rpc.getSignatureStatuses([signature]).send()).value[0];
    assert.equal(before?.confirmationStatus, 'confirmed');
    assert.equal(
      await rpc
        .getTransaction(signature, {
          commitment: 'finalized',
          maxSupportedTransactionVersion: 0,
          encoding: 'json',
        })
        .send(),
      null,
    );
    await advanceSlots(40);
    const after = (await rpc.getSignatureStatuses([signature]).send()).value[0];
    assert.equal(after?.confirmationStatus, 'finalized');
    assert.equal(after?.confirmations, null);
    const tx = await rpc
      .getTransaction(signature, {
        commitment: 'finalized',
        maxSupportedTransactionVersion: 0,
        encoding: 'json',
      })
      .send();
    assert.equal(tx?.slot, before?.slot);
  });
});
