// @needs devnet
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  isSolanaError,
  lamports,
  pipe,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { findAssociatedTokenPda } from '@solana-program/token';
import { waitForSignature } from '@wallet-api/devnet/solana/client';
import { fund, useDevnet } from '../support/devnet.ts';

const info = await useDevnet();
const rpc = createSolanaRpc(info.solana.rpcUrl);
const splMint = address(info.solana.splMint.address);
const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');

async function rawCall(method: string, params: unknown[]) {
  const res = await fetch(info.solana.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as {
    result?: unknown;
    error?: { code: number; message: string; data?: unknown };
  };
}

async function fundedWallet() {
  const wallet = await generateKeyPairSigner();
  await fund({ chain: 'solana-localnet', address: wallet.address, amount: 3_000_000_000n });
  await fund({ chain: 'solana-localnet', address: wallet.address, amount: 2_500_000n, token: splMint });
  return wallet;
}

async function signedTransfer(from: Awaited<ReturnType<typeof fundedWallet>>, amount: bigint) {
  const to = await generateKeyPairSigner();
  const { value: latest } = await rpc.getLatestBlockhash().send();
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: from, destination: to.address, amount: lamports(amount) }),
          m,
        ),
    ),
  );
}

describe('solana-localnet answers @solana/kit with the shapes of a real node', () => {
  test('node and cluster methods return their documented values', async () => {
    assert.equal(await rpc.getHealth().send(), 'ok');
    const version = await rpc.getVersion().send();
    assert.equal(typeof version['solana-core'], 'string');
    assert.equal(typeof version['feature-set'], 'number');
    assert.match(await rpc.getGenesisHash().send(), /^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    assert.equal(typeof (await rpc.getSlot().send()), 'bigint');
    assert.equal(typeof (await rpc.getBlockHeight({ commitment: 'confirmed' }).send()), 'bigint');
    const epoch = await rpc.getEpochInfo().send();
    assert.deepEqual(Object.keys(epoch).sort(), [
      'absoluteSlot',
      'blockHeight',
      'epoch',
      'slotIndex',
      'slotsInEpoch',
      'transactionCount',
    ]);
    assert.equal(epoch.slotsInEpoch, 432_000n);
  });

  test('the latest blockhash is valid and comes with a context slot and last valid block height', async () => {
    const { context, value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    assert.equal(typeof context.slot, 'bigint');
    assert.ok(value.lastValidBlockHeight > (await rpc.getBlockHeight().send()));
    assert.equal((await rpc.isBlockhashValid(value.blockhash).send()).value, true);
    const unknown = '11111111111111111111111111111111' as Blockhash;
    assert.equal((await rpc.isBlockhashValid(unknown).send()).value, false);
  });

  test('accounts read back in base64, base58 and jsonParsed, one at a time or several', async () => {
    const wallet = await fundedWallet();
    const balance = await rpc.getBalance(wallet.address).send();
    assert.equal(balance.value, 3_000_000_000n);

    const b64 = await rpc.getAccountInfo(wallet.address, { encoding: 'base64' }).send();
    assert.deepEqual(b64.value?.data, ['', 'base64']);
    assert.equal(b64.value?.owner, '11111111111111111111111111111111');
    assert.equal(b64.value?.space, 0n);
    const b58 = await rpc.getAccountInfo(splMint, { encoding: 'base58' }).send();
    assert.equal(b58.value?.data[1], 'base58');

    const parsedMint = await rpc.getAccountInfo(splMint, { encoding: 'jsonParsed' }).send();
    const mintData = parsedMint.value?.data;
    assert.ok(mintData && 'parsed' in mintData);
    assert.equal(mintData.program, 'spl-token');
    assert.equal(mintData.parsed.type, 'mint');
    assert.equal((mintData.parsed.info as { decimals?: number } | undefined)?.decimals, 6);

    const missing = await generateKeyPairSigner();
    const many = await rpc
      .getMultipleAccounts([wallet.address, missing.address], { encoding: 'base64' })
      .send();
    assert.equal(many.value.length, 2);
    assert.equal(many.value[0]?.lamports, 3_000_000_000n);
    assert.equal(many.value[1], null);
  });

  test('token accounts are found by mint and by program, with balances and supply', async () => {
    const wallet = await fundedWallet();
    const byMint = await rpc
      .getTokenAccountsByOwner(wallet.address, { mint: splMint }, { encoding: 'jsonParsed' })
      .send();
    assert.equal(byMint.value.length, 1);
    assert.equal(byMint.value[0]?.account.data.parsed.info.tokenAmount.amount, '2500000');
    assert.equal(byMint.value[0]?.account.data.parsed.info.owner, wallet.address);
    const byProgram = await rpc
      .getTokenAccountsByOwner(wallet.address, { programId: TOKEN_PROGRAM }, { encoding: 'base64' })
      .send();
    assert.equal(byProgram.value.length, 1);
    assert.equal(byProgram.value[0]?.account.data[1], 'base64');

    const [ata] = await findAssociatedTokenPda({
      owner: wallet.address,
      mint: splMint,
      tokenProgram: TOKEN_PROGRAM,
    });
    assert.equal(byMint.value[0]?.pubkey, ata);
    const balance = await rpc.getTokenAccountBalance(ata).send();
    assert.deepEqual(balance.value, { amount: '2500000', decimals: 6, uiAmount: 2.5, uiAmountString: '2.5' });
    const supply = await rpc.getTokenSupply(splMint).send();
    assert.ok(BigInt(supply.value.amount) >= 2_500_000n);
    assert.equal(supply.value.decimals, 6);
  });

  test('fees, rent and prioritization fees are quoted', async () => {
    const wallet = await fundedWallet();
    const tx = await signedTransfer(wallet, 1000n);
    const message = Buffer.from(tx.messageBytes).toString('base64') as TransactionMessageBytesBase64;
    assert.equal((await rpc.getFeeForMessage(message).send()).value, 5000n);
    const rent = await rpc.getMinimumBalanceForRentExemption(165n).send();
    assert.equal(rent, 2_039_280n);
    const fees = await rpc.getRecentPrioritizationFees().send();
    assert.ok(fees.length > 0);
    assert.equal(typeof fees[0]?.prioritizationFee, 'bigint');
  });

  test('a simulated transfer reports logs and units without landing, then the sent one lands', async () => {
    const wallet = await fundedWallet();
    const tx = await signedTransfer(wallet, 1_000_000n);
    const wire = getBase64EncodedWireTransaction(tx);
    const sim = await rpc
      .simulateTransaction(wire, {
        encoding: 'base64',
        sigVerify: true,
        accounts: { addresses: [wallet.address], encoding: 'base64' },
      })
      .send();
    assert.equal(sim.value.err, null);
    assert.ok(sim.value.logs?.some((l) => l.includes('success')));
    assert.equal(typeof sim.value.unitsConsumed, 'bigint');
    assert.equal(sim.value.accounts?.[0]?.lamports, 3_000_000_000n - 1_000_000n - 5000n);
    assert.equal((await rpc.getBalance(wallet.address).send()).value, 3_000_000_000n);

    const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    await waitForSignature(rpc, signature);
    const statuses = await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send();
    assert.equal(statuses.value[0]?.err, null);
    assert.ok(['confirmed', 'finalized'].includes(statuses.value[0]?.confirmationStatus ?? ''));
    const landed = await rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
        encoding: 'jsonParsed',
      })
      .send();
    assert.equal(landed?.transaction.signatures[0], signature);
    assert.equal(landed?.transaction.message.accountKeys[0]?.pubkey, wallet.address);
    assert.deepEqual(landed?.meta?.status, { Ok: null });
    const b64 = await rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
        encoding: 'base64',
      })
      .send();
    assert.equal(b64?.transaction[0], wire);
  });

  test('an airdrop is a transaction with a status like any other', async () => {
    const wallet = await generateKeyPairSigner();
    const signature = await rpc.requestAirdrop(wallet.address, lamports(1_000_000_000n)).send();
    await waitForSignature(rpc, signature);
    assert.equal((await rpc.getBalance(wallet.address).send()).value, 1_000_000_000n);
    const tx = await rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
        encoding: 'json',
      })
      .send();
    assert.equal(tx?.meta?.err, null);
  });

  test('bad parameters get the JSON-RPC error codes of a real node', async () => {
    await assert.rejects(rpc.getBalance('not-an-address' as never).send(), (err) =>
      isSolanaError(err, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS),
    );
    const wallet = await generateKeyPairSigner();
    await fund({ chain: 'solana-localnet', address: wallet.address, amount: 1_000_000n });
    assert.equal((await rawCall('getTokenAccountBalance', [wallet.address])).error?.code, -32602);
    assert.equal(
      (await rawCall('getTokenSupply', [wallet.address])).error?.message,
      'Invalid param: not a Token mint',
    );
    assert.equal((await rawCall('getNoSuchThing', [])).error?.code, -32601);
    assert.equal((await rawCall('getTokenAccountsByOwner', [wallet.address, {}])).error?.code, -32602);
    assert.equal((await rawCall('sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.code, -32602);
    const badJson = await fetch(info.solana.rpcUrl, { method: 'POST', body: '{"jsonrpc":' });
    assert.equal(((await badJson.json()) as { error: { code: number } }).error.code, -32700);

    const airdrop = await rpc.requestAirdrop(wallet.address, lamports(1n)).send();
    await waitForSignature(rpc, airdrop);
    const legacyClient = await rawCall('getTransaction', [airdrop, { commitment: 'confirmed' }]);
    assert.equal(legacyClient.error?.code, -32015);
  });
});
