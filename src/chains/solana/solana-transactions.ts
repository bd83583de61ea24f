import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Instruction,
  isSolanaError,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionPartialSigner,
} from '@solana/kit';
import {
  estimateComputeUnitLimitFactory,
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { AppError } from '../../errors/app-error.ts';
import { type BroadcastResult, refusedBroadcast, uncertainBroadcast } from '../broadcast.ts';
import type { Chain } from '../chain-registry.ts';
import { rpcError, type SolanaRpc } from '../rpc-clients.ts';

export const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
export const TOKEN_2022_PROGRAM = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
/** The rent-exempt minimum of a 165-byte token account (what creating a recipient's ATA costs). */
const TOKEN_ACCOUNT_SIZE = 165n;
const SIGNATURE_FEE = 5000n;

export type SolanaTransfer =
  | { kind: 'sol'; to: Address; amount: bigint }
  | { kind: 'token'; to: Address; mint: Address; amount: bigint };

export interface PreparedSolanaTransaction {
  instructions: Instruction[];
  /** Lamports leaving the wallet besides the amount: fee, and rent of a recipient account it creates. */
  lamportsNeeded: bigint;
  /** Token units leaving the wallet (0 for SOL). */
  tokensNeeded: bigint;
  lamportBalance: bigint;
  tokenBalance: bigint;
  computeUnitLimit: number;
  computeUnitPrice: bigint;
  /** What the transaction can cost in fees (signature fee plus priority fee). */
  fee: bigint;
}

const u64At = (data: Uint8Array, offset: number): bigint =>
  new DataView(data.buffer, data.byteOffset).getBigUint64(offset, true);

function decodeBase64(data: readonly [string, string] | undefined): Uint8Array {
  return data ? new Uint8Array(Buffer.from(data[0], 'base64')) : new Uint8Array();
}

/**
 * Builds a SOL or token transfer from `from`: for tokens, the recipient's associated token account
 * is created if missing (idempotent instruction) and `transferChecked` is used, under whichever
 * program (Token or Token-2022) owns the mint. Compute units come from a simulation, the unit
 * price from recent prioritization fees, capped.
 */
export async function prepareSolanaTransfer(
  rpc: SolanaRpc,
  chain: Chain,
  from: TransactionPartialSigner,
  transfer: SolanaTransfer,
  options: { priorityFeeCapMicroLamports: bigint },
): Promise<PreparedSolanaTransaction> {
  try {
    let instructions: Instruction[];
    let tokensNeeded = 0n;
    let tokenBalance = 0n;
    let rent = 0n;
    let lamportBalance: bigint;
    const writable: Address[] = [from.address];
    if (transfer.kind === 'sol') {
      lamportBalance = (await rpc.getBalance(from.address, { commitment: 'confirmed' }).send()).value;
      instructions = [
        getTransferSolInstruction({
          source: from,
          destination: transfer.to,
          amount: lamports(transfer.amount),
        }),
      ];
      writable.push(transfer.to);
    } else {
      const mintInfo = (
        await rpc.getAccountInfo(transfer.mint, { encoding: 'base64', commitment: 'confirmed' }).send()
      ).value;
      if (!mintInfo || (mintInfo.owner !== TOKEN_PROGRAM && mintInfo.owner !== TOKEN_2022_PROGRAM))
        throw new AppError('INVALID_INPUT', `token: ${transfer.mint} is not an SPL Token or Token-2022 mint`);
      const tokenProgram = mintInfo.owner;
      const mintData = decodeBase64(mintInfo.data);
      const decimals = mintData[44] ?? 0;
      const [source] = await findAssociatedTokenPda({
        owner: from.address,
        mint: transfer.mint,
        tokenProgram,
      });
      const [destination] = await findAssociatedTokenPda({
        owner: transfer.to,
        mint: transfer.mint,
        tokenProgram,
      });
      const { value: accounts } = await rpc
        .getMultipleAccounts([from.address, source, destination], {
          encoding: 'base64',
          commitment: 'confirmed',
        })
        .send();
      lamportBalance = accounts[0]?.lamports ?? 0n;
      tokenBalance = accounts[1] ? u64At(decodeBase64(accounts[1].data), 64) : 0n;
      if (!accounts[2]) rent = await rpc.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send();
      tokensNeeded = transfer.amount;
      instructions = [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: from,
          ata: destination,
          owner: transfer.to,
          mint: transfer.mint,
          tokenProgram,
        }),
        getTransferCheckedInstruction(
          { source, mint: transfer.mint, destination, authority: from, amount: transfer.amount, decimals },
          { programAddress: tokenProgram },
        ),
      ];
      writable.push(source, destination);
    }

    const fees = await rpc.getRecentPrioritizationFees(writable).send();
    const computeUnitPrice = capped(
      median(fees.map((f) => BigInt(f.prioritizationFee))),
      options.priorityFeeCapMicroLamports,
    );
    const amountLamports = transfer.kind === 'sol' ? transfer.amount : 0n;
    // Funds are checked against the most the fee can be (the default compute-unit limit) before
    // simulating: a simulation of an unfunded transfer says so less clearly.
    const worstFee = SIGNATURE_FEE + (computeUnitPrice * 200_000n + 999_999n) / 1_000_000n;
    if (tokenBalance < tokensNeeded)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Wallet ${from.address} holds ${tokenBalance} of ${transfer.kind === 'token' ? transfer.mint : 'the token'}, needs ${tokensNeeded}`,
      );
    const needed = amountLamports + rent + worstFee;
    if (lamportBalance < needed)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Wallet ${from.address} holds ${lamportBalance} lamports, needs ${needed} (amount, fee up to ${worstFee}, and rent of accounts it creates)`,
      );
    const left = lamportBalance - needed;
    if (left > 0n) {
      const floor = await rentFloor(rpc);
      if (left < floor)
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `The send would leave wallet ${from.address} with ${left} lamports, below the rent-exempt minimum of ${floor}; send all of it or less`,
        );
    }
    const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    const units = await estimateComputeUnitLimitFactory({ rpc })(message);
    // 20% headroom, plus the two compute-budget instructions themselves.
    const computeUnitLimit = Math.ceil(units * 1.2) + 300;
    const fee = SIGNATURE_FEE + (computeUnitPrice * BigInt(computeUnitLimit) + 999_999n) / 1_000_000n;
    return {
      instructions: [
        getSetComputeUnitLimitInstruction({ units: computeUnitLimit }),
        getSetComputeUnitPriceInstruction({ microLamports: computeUnitPrice }),
        ...instructions,
      ],
      lamportsNeeded: amountLamports + rent + fee,
      tokensNeeded,
      lamportBalance,
      tokenBalance,
      computeUnitLimit,
      computeUnitPrice,
      fee,
    };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isSolanaError(err) && /simulat/i.test(err.message))
      throw new AppError('INVALID_INPUT', `The transaction would fail: ${simulationReason(err)}`, {
        cause: err,
      });
    throw rpcError(chain, err);
  }
}

/** The transaction error behind kit's "failed when simulated" error, e.g. InsufficientFundsForRent. */
function simulationReason(err: Error): string {
  const cause = err.cause as (Error & { context?: Record<string, unknown> }) | undefined;
  return cause?.message ?? err.message.split('.')[0] ?? 'simulation failed';
}

const rentFloors = new WeakMap<SolanaRpc, bigint>();
/** The rent-exempt minimum of an empty account: a wallet may hold 0 or at least this. */
async function rentFloor(rpc: SolanaRpc): Promise<bigint> {
  const known = rentFloors.get(rpc);
  if (known !== undefined) return known;
  const floor = await rpc.getMinimumBalanceForRentExemption(0n).send();
  rentFloors.set(rpc, floor);
  return floor;
}

function median(values: bigint[]): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.floor(sorted.length / 2)] ?? 0n;
}

const capped = (v: bigint, cap: bigint) => (v > cap ? cap : v);

export interface SignedSolanaTransaction {
  signature: Signature;
  wire: string;
  lastValidBlockHeight: bigint;
}

/** Signs against a fresh blockhash and records its last valid block height. */
export async function signSolanaTransaction(
  rpc: SolanaRpc,
  chain: Chain,
  from: TransactionPartialSigner,
  instructions: Instruction[],
): Promise<SignedSolanaTransaction> {
  let latest: {
    blockhash: Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0]['blockhash'];
    lastValidBlockHeight: bigint;
  };
  try {
    latest = (await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()).value;
  } catch (err) {
    throw rpcError(chain, err);
  }
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return {
    signature: getSignatureFromTransaction(signed),
    wire: getBase64EncodedWireTransaction(signed),
    lastValidBlockHeight: latest.lastValidBlockHeight,
  };
}

/**
 * Adds the wallet's signature to a transaction someone else built (an aggregator's swap), keeping
 * the signatures it already has. Refuses one whose fee payer is not the wallet, or that fails in
 * simulation (nothing is signed then).
 */
export async function signPrebuiltSolanaTransaction(
  rpc: SolanaRpc,
  chain: Chain,
  from: TransactionPartialSigner,
  wire: string,
  lastValidBlockHeight: bigint,
  spendLamports: bigint,
): Promise<SignedSolanaTransaction> {
  let transaction: ReturnType<ReturnType<typeof getTransactionDecoder>['decode']>;
  try {
    transaction = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  } catch (err) {
    throw new AppError('SEND_FAILED', 'The aggregator returned a transaction that cannot be decoded', {
      cause: err,
    });
  }
  const signers = Object.keys(transaction.signatures);
  if (signers[0] !== from.address)
    throw new AppError('SEND_FAILED', `The aggregator's transaction is not paid by wallet ${from.address}`);
  try {
    const { value: simulation } = await rpc
      .simulateTransaction(wire as Parameters<SolanaRpc['simulateTransaction']>[0], {
        encoding: 'base64',
        sigVerify: false,
        commitment: 'confirmed',
      })
      .send();
    if (simulation.err) {
      const text = JSON.stringify(simulation.err, bigintJson);
      const logs = (simulation.logs ?? []).join(' ');
      if (/insufficient (funds|lamports)/i.test(`${text} ${logs}`))
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `Wallet ${from.address} cannot pay for the swap (${spendLamports} lamports plus fees)`,
        );
      throw new AppError('INVALID_INPUT', `The transaction would fail: ${text}`);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw rpcError(chain, err);
  }
  // A decoded wire transaction is within the size limit and carries its lifetime in its message:
  // the brands kit wants for freshly compiled ones hold by construction.
  const [mine] = await from.signTransactions([
    transaction as Parameters<TransactionPartialSigner['signTransactions']>[0][number],
  ]);
  const signed = { ...transaction, signatures: { ...transaction.signatures, ...mine } };
  return {
    signature: getSignatureFromTransaction(signed),
    wire: getBase64EncodedWireTransaction(signed),
    lastValidBlockHeight,
  };
}

/** Sends a signed transaction with preflight. A duplicate of one already processed counts as sent. */
export async function broadcastSolanaTransaction(
  rpc: SolanaRpc,
  chain: Chain,
  wire: string,
): Promise<BroadcastResult> {
  try {
    await rpc
      .sendTransaction(wire as Parameters<SolanaRpc['sendTransaction']>[0], {
        encoding: 'base64',
        preflightCommitment: 'confirmed',
        maxRetries: 0n,
      })
      .send();
    return { ok: true };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/already been processed|AlreadyProcessed/i.test(message)) return { ok: true };
    if (isSolanaError(err)) return refusedBroadcast(chain, message, err);
    return uncertainBroadcast(chain, err);
  }
}

export type SolanaStatus =
  | { state: 'pending' }
  | { state: 'confirmed'; slot: bigint }
  | { state: 'failed'; error: string }
  | { state: 'expired' };

/**
 * Where a sent transaction stands. The block height is read before the status so that "not found
 * and past its last valid block height" really means it can no longer land.
 */
export async function solanaTransactionStatus(
  rpc: SolanaRpc,
  chain: Chain,
  signature: Signature,
  lastValidBlockHeight: bigint,
): Promise<SolanaStatus> {
  try {
    const height = await rpc.getBlockHeight({ commitment: 'confirmed' }).send();
    const { value } = await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send();
    const status = value[0];
    if (status) {
      if (status.err)
        return { state: 'failed', error: `Transaction failed: ${JSON.stringify(status.err, bigintJson)}` };
      if (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')
        return { state: 'confirmed', slot: status.slot };
      return { state: 'pending' };
    }
    return height > lastValidBlockHeight ? { state: 'expired' } : { state: 'pending' };
  } catch (err) {
    throw rpcError(chain, err);
  }
}

const bigintJson = (_key: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);
