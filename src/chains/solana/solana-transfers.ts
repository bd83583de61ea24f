import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createNoopSigner,
  createTransactionMessage,
  type Instruction,
  isSolanaError,
  lamports,
  pipe,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import {
  estimateComputeUnitLimitFactory,
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { getAddMemoInstruction } from '@solana-program/memo';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { AppError } from '../../errors/app-error.ts';
import type { Chain } from '../chain-registry.ts';
import { rpcError, type SolanaRpc } from '../rpc-clients.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './program-ids.ts';

/**
 * The memo that makes each transfer unique is written with SPL Memo v1, which every cluster still
 * executes and LiteSVM runs too (it refuses Memo v2 with InvalidProgramForExecution); unsigned memos
 * need nothing v2 adds.
 */
const MEMO_V1_PROGRAM = address('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo');
export const TOKEN_PROGRAM = TOKEN_PROGRAM_ADDRESS;
export const TOKEN_2022_PROGRAM = TOKEN_2022_PROGRAM_ADDRESS;
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
 * Builds a SOL or token transfer from `fromAddress`: for tokens, the recipient's associated token
 * account is created if missing (idempotent instruction) and `transferChecked` is used, under
 * whichever program (Token or Token-2022) owns the mint. A memo carries `memo` (the service
 * transaction id), so two identical payments never share a signature. Compute units come from a
 * simulation, the unit price from recent prioritization fees, capped. Funds are checked first.
 */
export async function prepareSolanaTransfer(
  rpc: SolanaRpc,
  chain: Chain,
  fromAddress: Address,
  transfer: SolanaTransfer,
  options: { priorityFeeCapMicroLamports: bigint; memo: string },
): Promise<PreparedSolanaTransaction> {
  // Builders mark the wallet as a signer; the wallet provider signs the compiled message later.
  const from = createNoopSigner(fromAddress);
  try {
    let instructions: Instruction[];
    let tokensNeeded = 0n;
    let tokenBalance = 0n;
    let rent = 0n;
    let lamportBalance: bigint;
    const writable: Address[] = [from.address];
    if (transfer.kind === 'sol') {
      // One read for both: the wallet's lamports and what the recipient is.
      const { value: accounts } = await rpc
        .getMultipleAccounts([from.address, transfer.to], { encoding: 'base64', commitment: 'confirmed' })
        .send();
      refuseTokenProgramRecipient(transfer.to, accounts[1]);
      await refuseBelowRent(rpc, transfer.to, accounts[1], transfer.amount);
      lamportBalance = accounts[0]?.lamports ?? 0n;
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
        .getMultipleAccounts([from.address, source, destination, transfer.to], {
          encoding: 'base64',
          commitment: 'confirmed',
        })
        .send();
      refuseTokenProgramRecipient(transfer.to, accounts[3]);
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
    instructions.push(getAddMemoInstruction({ memo: options.memo }, { programAddress: MEMO_V1_PROGRAM }));

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
      (m) => setTransactionMessageFeePayer(fromAddress, m),
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
      throw new AppError('INVALID_INPUT', `The transaction would fail: ${await simulationReason(rpc, err)}`, {
        cause: err,
      });
    throw rpcError(chain, err);
  }
}

/**
 * A recipient owned by the Token or Token-2022 program is a mint or a token account, never a wallet:
 * SOL sent there is stuck (the program only lets the account's own rules move lamports) and tokens
 * sent "to" it land in an associated account no one can sign for. Refused before anything is signed.
 */
function refuseTokenProgramRecipient(to: Address, account: { owner: Address } | null | undefined): void {
  if (!account || (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM)) return;
  const program = account.owner === TOKEN_PROGRAM ? 'SPL Token' : 'Token-2022';
  throw new AppError(
    'INVALID_INPUT',
    `to: ${to} is a ${program} account (a mint or a token account), not a wallet: funds sent there would be lost; send to the owner's wallet address`,
    { details: [{ path: 'to', message: 'is a mint or token account, not a wallet' }] },
  );
}

/**
 * SOL sent to an account must leave it with nothing or at least the rent-exempt minimum: the
 * runtime refuses the transfer otherwise ("an account (1) with insufficient funds for rent"). Said
 * before anything is signed, with the minimum, for a recipient without data (a wallet).
 */
async function refuseBelowRent(
  rpc: SolanaRpc,
  to: Address,
  account: { lamports: bigint; data: readonly [string, string] } | null | undefined,
  amount: bigint,
): Promise<void> {
  if (amount === 0n || decodeBase64(account?.data).length > 0) return;
  const held = account?.lamports ?? 0n;
  const after = held + amount;
  const floor = await rentFloor(rpc);
  if (after >= floor) return;
  throw new AppError(
    'INVALID_INPUT',
    `amount: ${to} would hold ${after} lamports after the send, below Solana's rent-exempt minimum of ${floor} lamports for an account; send at least ${floor - held}`,
    {
      details: [
        { path: 'amount', message: `below the rent-exempt minimum of the recipient (${floor} lamports)` },
      ],
    },
  );
}

/** The transaction error behind kit's "failed when simulated" error, e.g. InsufficientFundsForRent. */
async function simulationReason(rpc: SolanaRpc, err: Error): Promise<string> {
  const cause = err.cause as (Error & { context?: Record<string, unknown> }) | undefined;
  if (isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT)) {
    const floor = await rentFloor(rpc).catch(() => null);
    return `it would leave an account (index ${String(cause.context.accountIndex)} in the transaction) below Solana's rent-exempt minimum${floor === null ? '' : ` (${floor} lamports for an account without data)`}`;
  }
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
