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
import { findAssociatedTokenPda } from '@solana-program/token';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  LEGACY_MEMO_PROGRAM_ADDRESS,
  MEMO_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '../../chains/solana/program-ids.ts';

const SYSTEM: string = SYSTEM_PROGRAM_ADDRESS;
const TOKEN: string = TOKEN_PROGRAM_ADDRESS;
const TOKEN_2022: string = TOKEN_2022_PROGRAM_ADDRESS;
const ASSOCIATED_TOKEN: string = ASSOCIATED_TOKEN_PROGRAM_ADDRESS;
const COMPUTE_BUDGET: string = COMPUTE_BUDGET_PROGRAM_ADDRESS;
const MEMO: string[] = [MEMO_PROGRAM_ADDRESS, LEGACY_MEMO_PROGRAM_ADDRESS];
const WRAPPED_SOL = 'So11111111111111111111111111111111111111112';

/** Programs every swap may use, besides the aggregator's own. */
const PLUMBING = new Set([SYSTEM, TOKEN, TOKEN_2022, ASSOCIATED_TOKEN, COMPUTE_BUDGET, ...MEMO]);

/** SPL Token instruction tags (the same in Token-2022). */
const TOKEN_IX = {
  transfer: 3,
  approve: 4,
  revoke: 5,
  setAuthority: 6,
  closeAccount: 9,
  transferChecked: 12,
  approveChecked: 13,
} as const;

export interface SwapPolicy {
  /** The aggregator's own programs (Jupiter's router): trusted with any instruction. */
  programs: readonly string[];
  /** Accounts the aggregator may be paid in directly (the local pools), and their token accounts. */
  payees: readonly string[];
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

  for (const [n, ix] of message.instructions.entries()) {
    const program = keys[ix.programAddressIndex] ?? '';
    const where = `instruction ${n + 1}`;
    if (trusted.has(program)) continue;
    if (!PLUMBING.has(program))
      return `${where} calls program ${program}, which a swap through this aggregator does not use`;
    // Accounts looked up through address tables are past the static keys: not verifiable offline.
    const account = (i: number): string | null => {
      const index = ix.accountIndices?.[i];
      return index === undefined ? null : (keys[index] ?? null);
    };
    const data = ix.data ? Uint8Array.from(ix.data) : new Uint8Array();
    if (program === SYSTEM) {
      const tag = data.length >= 4 ? new DataView(data.buffer).getUint32(0, true) : -1;
      if (tag !== 2) return `${where} is a System instruction (${tag}) that a swap does not need`;
      if (account(0) !== wallet) continue; // someone else paying (a pool authority): not the wallet's money
      const to = account(1);
      if (to && (payees.has(to) || (await ownAccount(to, WRAPPED_SOL, TOKEN)))) continue;
      return `${where} pays lamports from the wallet to ${to ?? 'an account from a lookup table'}, which is neither the wallet's wrapped-SOL account nor the aggregator`;
    }
    if (program === TOKEN || program === TOKEN_2022) {
      const tag = data[0];
      if (tag === TOKEN_IX.approve || tag === TOKEN_IX.approveChecked || tag === TOKEN_IX.setAuthority)
        return `${where} would give control of the wallet's tokens to another account`;
      if (tag === TOKEN_IX.closeAccount && account(2) === wallet && account(1) !== wallet)
        return `${where} closes a wallet token account into ${account(1) ?? 'an account from a lookup table'}`;
      if (tag === TOKEN_IX.transfer && account(2) === wallet) {
        const to = account(1);
        if (!to || !payees.has(to))
          return `${where} moves the wallet's tokens to ${to ?? 'an unknown account'}`;
      }
      if (tag === TOKEN_IX.transferChecked && account(3) === wallet) {
        const [to, mint] = [account(2), account(1)];
        if (
          !to ||
          !mint ||
          !((await ownAccount(to, mint, program)) || (await payeeAccount(to, mint, program)))
        )
          return `${where} moves the wallet's tokens to ${to ?? 'an unknown account'}, not to the aggregator`;
      }
      continue;
    }
    if (program === ASSOCIATED_TOKEN && account(2) !== null && account(2) !== wallet && account(0) === wallet)
      return `${where} pays for a token account of ${account(2)}, not of the wallet`;
  }
  return null;
}
