// @needs devnet
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  pipe,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { waitForSignature } from '@wallet-api/devnet/solana/client';
import { fund, useDevnet } from '../support/devnet.ts';

const TOKEN_PROGRAM: Address = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const TOKEN_2022_PROGRAM: Address = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');

const info = await useDevnet();
const rpc = createSolanaRpc(info.solana.rpcUrl);

async function send(payer: KeyPairSigner, instructions: Instruction[]) {
  const { value: latest } = await rpc.getLatestBlockhash().send();
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  );
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
    .send();
  await waitForSignature(rpc, signature);
  return signature;
}

async function tokenBalance(owner: string, mint: string, tokenProgram: Address) {
  const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram });
  const { value } = await rpc.getTokenAccountBalance(ata).send();
  return BigInt(value.amount);
}

describe('solana-localnet transfers built with @solana/kit', () => {
  test('a SOL transfer lands and moves the balances by the amount and the fee', async () => {
    const alice = await generateKeyPairSigner();
    const bob = await generateKeyPairSigner();
    await fund({ chain: 'solana-localnet', address: alice.address, amount: 2_000_000_000n });

    const signature = await send(alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: lamports(750_000_000n) }),
    ]);

    assert.equal((await rpc.getBalance(bob.address).send()).value, 750_000_000n);
    assert.equal((await rpc.getBalance(alice.address).send()).value, 2_000_000_000n - 750_000_000n - 5000n);
    const tx = await rpc
      .getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
        encoding: 'json',
      })
      .send();
    assert.ok(tx);
    assert.equal(tx.meta?.err, null);
    assert.equal(tx.meta?.fee, 5000n);
  });

  for (const [label, program, mintOf] of [
    ['an SPL Token', TOKEN_PROGRAM, () => info.solana.splMint.address],
    ['a Token-2022', TOKEN_2022_PROGRAM, () => info.solana.token2022Mint.address],
  ] as const) {
    test(`${label} transfer with transferChecked lands and shows in both token balances`, async () => {
      const mint = address(mintOf());
      const alice = await generateKeyPairSigner();
      const bob = await generateKeyPairSigner();
      await fund({ chain: 'solana-localnet', address: alice.address, amount: 1_000_000_000n });
      await fund({ chain: 'solana-localnet', address: alice.address, amount: 5_000_000n, token: mint });
      assert.equal(await tokenBalance(alice.address, mint, program), 5_000_000n);

      const [source] = await findAssociatedTokenPda({ owner: alice.address, mint, tokenProgram: program });
      const [destination] = await findAssociatedTokenPda({ owner: bob.address, mint, tokenProgram: program });
      await send(alice, [
        await getCreateAssociatedTokenIdempotentInstructionAsync({
          payer: alice,
          owner: bob.address,
          mint,
          tokenProgram: program,
        }),
        getTransferCheckedInstruction(
          { source, mint, destination, authority: alice, amount: 1_250_000n, decimals: 6 },
          { programAddress: program },
        ),
      ]);

      assert.equal(await tokenBalance(alice.address, mint, program), 3_750_000n);
      assert.equal(await tokenBalance(bob.address, mint, program), 1_250_000n);
      const { value: owned } = await rpc
        .getTokenAccountsByOwner(bob.address, { programId: program }, { encoding: 'jsonParsed' })
        .send();
      assert.equal(owned.length, 1);
      assert.equal(owned[0]?.account.data.parsed.info.tokenAmount.uiAmountString, '1.25');
      assert.equal(
        owned[0]?.account.data.program,
        program === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022',
      );
    });
  }

  test('a transfer exceeding the balance is refused by preflight and changes nothing', async () => {
    const alice = await generateKeyPairSigner();
    const bob = await generateKeyPairSigner();
    await fund({ chain: 'solana-localnet', address: alice.address, amount: 1_000_000_000n });
    await assert.rejects(
      send(alice, [
        getTransferSolInstruction({
          source: alice,
          destination: bob.address,
          amount: lamports(5n * 10n ** 9n),
        }),
      ]),
      (err) => {
        assert.ok(
          isSolanaError(err, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
        );
        assert.ok(isSolanaError(err.cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM));
        assert.equal(err.cause.context.code, 1);
        assert.ok(err.context.logs?.some((l) => l.includes('insufficient lamports')));
        return true;
      },
    );
    assert.equal((await rpc.getBalance(alice.address).send()).value, 1_000_000_000n);
  });
});
