// An aggregator builds the swap transaction the wallet signs (issue 11, item 4): before signing, every
// instruction is checked against what a swap needs, so a compromised or buggy aggregator cannot make
// the wallet pay, approve or hand over anything else. Pure: the transaction and the wallet in, the
// reason for a refusal (or null) out.
import {
  address,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit';
import { SystemInstruction } from '@solana-program/system';
import { findAssociatedTokenPda, TokenInstruction } from '@solana-program/token';
import { WRAPPED_SOL_MINT } from '../../domain/native-aliases.ts';
import { JUPITER_V6_PROGRAM, jupiterRouteRefusal } from './jupiter-route-checks.ts';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  LEGACY_MEMO_PROGRAM_ADDRESS,
  MEMO_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from './program-ids.ts';

const SYSTEM: string = SYSTEM_PROGRAM_ADDRESS;
const TOKEN: string = TOKEN_PROGRAM_ADDRESS;
const TOKEN_2022: string = TOKEN_2022_PROGRAM_ADDRESS;
const ASSOCIATED_TOKEN: string = ASSOCIATED_TOKEN_PROGRAM_ADDRESS;
const COMPUTE_BUDGET: string = COMPUTE_BUDGET_PROGRAM_ADDRESS;
const MEMO: string[] = [MEMO_PROGRAM_ADDRESS, LEGACY_MEMO_PROGRAM_ADDRESS];

/** Programs every swap may use, besides the aggregator's own. */
const PLUMBING = new Set([SYSTEM, TOKEN, TOKEN_2022, ASSOCIATED_TOKEN, COMPUTE_BUDGET, ...MEMO]);

/** Token-2022's transfer-fee extension (unknown to @solana-program/token): its instruction 1 is TransferCheckedWithFee. */
const TRANSFER_FEE_EXTENSION = 26;
/**
 * What a swap may ask of the token programs with the wallet among the accounts, unchecked (Token-2022
 * has the same tags).
 */
const HARMLESS = new Set<number>([
  TokenInstruction.InitializeAccount,
  TokenInstruction.InitializeAccount2,
  TokenInstruction.InitializeAccount3,
  TokenInstruction.SyncNative,
  TokenInstruction.Revoke,
]);

export interface SwapPolicy {
  /**
   * The aggregator's own programs. Jupiter's (v6) route instructions are read and held to the
   * trade (jupiter-route-checks.ts); another aggregator program would be trusted as it is.
   */
  programs: readonly string[];
  /** Accounts the aggregator may be paid in directly (the local pools), and their token accounts. */
  payees: readonly string[];
  /** The trade asked for, which Jupiter's route instructions must match. */
  trade?: { outputMint: string; amount: bigint; quotedOut: bigint; slippageBps: number };
}

interface Compiled {
  staticAccounts: string[];
  instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
}

/** The reason to refuse signing `wire` for `wallet`, or null when it only does what a swap does. */
export async function solanaSwapRefusal(
  wire: string,
  wallet: string,
  policy: SwapPolicy,
): Promise<string | null> {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes) as unknown as Compiled;
  const keys = message.staticAccounts;
  const trusted = new Set(policy.programs);
  const payees = new Set(policy.payees);
  const ownAccount = async (account: string, mint: string, program: string) =>
    account ===
    (
      await findAssociatedTokenPda({
        owner: address(wallet),
        mint: address(mint),
        tokenProgram: address(program),
      })
    )[0];
  const payeeAccount = async (account: string, mint: string, program: string) => {
    if (payees.has(account)) return true;
    for (const payee of payees) {
      const [ata] = await findAssociatedTokenPda({
        owner: address(payee),
        mint: address(mint),
        tokenProgram: address(program),
      });
      if (ata === account) return true;
    }
    return false;
  };

  /** The wallet's own associated token account of `mint`, under either token program. */
  const walletAccount = async (account: string, mint: string) =>
    (await ownAccount(account, mint, TOKEN)) || (await ownAccount(account, mint, TOKEN_2022));

  for (const [n, ix] of message.instructions.entries()) {
    const program = keys[ix.programAddressIndex] ?? '';
    const where = `instruction ${n + 1}`;
    // Accounts looked up through address tables are past the static keys: not verifiable offline.
    const account = (i: number): string | null => {
      const index = ix.accountIndices?.[i];
      return index === undefined ? null : (keys[index] ?? null);
    };
    const data = ix.data ? Uint8Array.from(ix.data) : new Uint8Array();
    if (trusted.has(program)) {
      if (program !== JUPITER_V6_PROGRAM) continue;
      if (!policy.trade) return `${where} calls Jupiter without a trade to check it against`;
      const refusal = await jupiterRouteRefusal(where, data, account, {
        ...policy.trade,
        wallet,
        isWalletAccount: walletAccount,
      });
      if (refusal) return refusal;
      continue;
    }
    if (!PLUMBING.has(program))
      return `${where} calls program ${program}, which a swap through this aggregator does not use`;
    if (program === SYSTEM) {
      const tag = data.length >= 4 ? new DataView(data.buffer).getUint32(0, true) : -1;
      if (tag !== SystemInstruction.TransferSol)
        return `${where} is a System instruction (${tag}) that a swap does not need`;
      if (account(0) !== wallet) continue; // someone else paying (a pool authority): not the wallet's money
      const to = account(1);
      if (to && (payees.has(to) || (await ownAccount(to, WRAPPED_SOL_MINT, TOKEN)))) continue;
      return `${where} pays lamports from the wallet to ${to ?? 'an account from a lookup table'}, which is neither the wallet's wrapped-SOL account nor the aggregator`;
    }
    if (program === TOKEN || program === TOKEN_2022) {
      const tag = data[0] ?? -1;
      // Instructions that touch no account of the wallet move none of its tokens (a pool paying out).
      const accounts = (ix.accountIndices ?? []).map((_, i) => account(i));
      if (!accounts.includes(wallet) || HARMLESS.has(tag)) continue;
      if (
        tag === TokenInstruction.Approve ||
        tag === TokenInstruction.ApproveChecked ||
        tag === TokenInstruction.SetAuthority
      )
        return `${where} would give control of the wallet's tokens to another account`;
      if (tag === TokenInstruction.CloseAccount) {
        if (account(2) === wallet && account(1) !== wallet)
          return `${where} closes a wallet token account into ${account(1) ?? 'an account from a lookup table'}`;
        continue;
      }
      if (tag === TokenInstruction.Transfer) {
        const to = account(1);
        if (account(2) === wallet && (!to || !payees.has(to)))
          return `${where} moves the wallet's tokens to ${to ?? 'an unknown account'}`;
        continue;
      }
      // TransferChecked, and Token-2022's TransferCheckedWithFee: source, mint, destination, authority.
      const checked =
        tag === TokenInstruction.TransferChecked ||
        (program === TOKEN_2022 && tag === TRANSFER_FEE_EXTENSION && data[1] === 1);
      if (checked) {
        const [to, mint] = [account(2), account(1)];
        if (
          account(3) === wallet &&
          (!to ||
            !mint ||
            !((await ownAccount(to, mint, program)) || (await payeeAccount(to, mint, program))))
        )
          return `${where} moves the wallet's tokens to ${to ?? 'an unknown account'}, not to the aggregator`;
        continue;
      }
      // Burn, BurnChecked, and everything else a swap does not need, with the wallet involved.
      return `${where} is a token instruction (${tag}${tag === TRANSFER_FEE_EXTENSION ? `/${data[1]}` : ''}) on the wallet's accounts that a swap does not need`;
    }
    if (program === ASSOCIATED_TOKEN && account(2) !== null && account(2) !== wallet && account(0) === wallet)
      return `${where} pays for a token account of ${account(2)}, not of the wallet`;
  }
  return null;
}
