// A Solana write simulated for POST /simulate (issue 29 item 5): the unsigned transaction goes to the
// node's simulateTransaction (no signature check, the latest blockhash) asking for every account it
// writes; their lamports and token amounts before (getMultipleAccounts, the same commitment) and after
// give the balance changes. Token accounts are reported by their owner and mint, as the API names
// token balances; lamports by the account that holds them, so the rent of an associated token account
// the write creates shows on the new account and leaves the wallet. Accounts loaded through address
// lookup tables are not read (the transactions the service builds use none).
import {
  type Address,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  type Transaction,
} from '@solana/kit';
import type { BalanceChange, Simulation } from '../chain-family.ts';
import type { Chain } from '../chain-registry.ts';
import { rpcError, type SolanaRpc } from '../rpc-clients.ts';

const SIGNATURE_FEE = 5000n;

interface ParsedAccount {
  lamports: bigint | number;
  data: unknown;
}

/** The mint, owner and amount of a token account read as jsonParsed; null for any other account. */
function tokenOf(account: ParsedAccount | null): { mint: string; owner: string; amount: bigint } | null {
  const parsed = (account?.data as { parsed?: { type?: string; info?: Record<string, unknown> } } | undefined)
    ?.parsed;
  if (parsed?.type !== 'account' || !parsed.info) return null;
  const { mint, owner, tokenAmount } = parsed.info as {
    mint?: string;
    owner?: string;
    tokenAmount?: { amount?: string };
  };
  if (!mint || !owner || tokenAmount?.amount === undefined) return null;
  return { mint, owner, amount: BigInt(tokenAmount.amount) };
}

/** The accounts a compiled transaction may write, in its static keys. */
function writableAccounts(transaction: Transaction): Address[] {
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const { header, staticAccounts } = message;
  const signers = header.numSignerAccounts;
  return staticAccounts.filter((_, i) =>
    i < signers
      ? i < signers - header.numReadonlySignerAccounts
      : i < staticAccounts.length - header.numReadonlyNonSignerAccounts,
  );
}

/** The compute-unit limit and price a transaction sets (ComputeBudget instructions 2 and 3). */
function computeBudget(transaction: Transaction): {
  limit: bigint | null;
  price: bigint;
  signatures: bigint;
} {
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  let limit: bigint | null = null;
  let price = 0n;
  // v1 messages (not built by the service or its aggregators) carry their budget in config values.
  const instructions = 'instructions' in message ? message.instructions : [];
  for (const ix of instructions) {
    if (message.staticAccounts[ix.programAddressIndex] !== 'ComputeBudget111111111111111111111111111111')
      continue;
    const data = ix.data ?? new Uint8Array();
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true));
    if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true);
  }
  return { limit, price, signatures: BigInt(message.header.numSignerAccounts) };
}

/** Simulates a compiled transaction paid by `payer`: what it would do now, nothing signed or sent. */
export async function simulateSolanaTransaction(
  rpc: SolanaRpc,
  chain: Chain,
  payer: string,
  transaction: Transaction,
): Promise<Simulation> {
  const addresses = writableAccounts(transaction);
  const wire = getBase64EncodedWireTransaction(transaction);
  const budget = computeBudget(transaction);
  let before: readonly (ParsedAccount | null)[];
  let sim: {
    err: unknown;
    logs: readonly string[] | null;
    accounts: readonly (ParsedAccount | null)[] | null;
    unitsConsumed?: bigint;
    fee?: bigint | number | null;
  };
  try {
    [before, sim] = await Promise.all([
      rpc
        .getMultipleAccounts(addresses, { encoding: 'jsonParsed', commitment: 'confirmed' })
        .send()
        .then((r) => r.value as unknown as (ParsedAccount | null)[]),
      rpc
        .simulateTransaction(wire, {
          encoding: 'base64',
          sigVerify: false,
          replaceRecentBlockhash: true,
          commitment: 'confirmed',
          accounts: { addresses, encoding: 'jsonParsed' },
        } as never)
        .send()
        .then((r) => r.value as unknown as typeof sim),
    ]);
  } catch (err) {
    throw rpcError(chain, err);
  }
  const units = sim.unitsConsumed ?? 0n;
  const limit = budget.limit ?? units;
  const priority = (budget.price * limit + 999_999n) / 1_000_000n;
  const fee =
    sim.fee !== undefined && sim.fee !== null
      ? BigInt(sim.fee)
      : SIGNATURE_FEE * budget.signatures + priority;
  const feeInfo = {
    amount: fee,
    maxAmount: SIGNATURE_FEE * budget.signatures + priority,
    units,
    unitsLimit: limit,
    prices: {
      computeUnitPriceMicroLamports: budget.price.toString(),
      lamportsPerSignature: SIGNATURE_FEE.toString(),
    },
  };
  if (sim.err) {
    const text = JSON.stringify(sim.err, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    const logs = (sim.logs ?? []).filter((l) => /error|failed|insufficient/i.test(l)).slice(-3);
    return {
      ok: false,
      failure: null,
      fee: feeInfo,
      revert: { reason: `${text}${logs.length ? `: ${logs.join(' | ')}` : ''}`, data: null, decoded: null },
      balanceChanges: [],
      method: 'simulateTransaction',
    };
  }
  const after = sim.accounts ?? [];
  const changes: BalanceChange[] = [];
  const tokens = new Map<string, BalanceChange>();
  addresses.forEach((account, i) => {
    const pre = before[i] ?? null;
    const post = after[i] ?? null;
    // The fee is in `fee`: the payer's lamports are shown without it.
    const feeBack = account === payer ? fee : 0n;
    const lamports = BigInt(post?.lamports ?? 0) - BigInt(pre?.lamports ?? 0) + feeBack;
    if (lamports !== 0n) changes.push({ address: account, asset: 'native', delta: lamports });
    const [t0, t1] = [tokenOf(pre), tokenOf(post)];
    const token = t1 ?? t0;
    if (!token) return;
    const delta = (t1?.amount ?? 0n) - (t0?.amount ?? 0n);
    const key = `${token.owner}|${token.mint}`;
    const entry = tokens.get(key) ?? { address: token.owner, asset: token.mint, delta: 0n };
    entry.delta += delta;
    tokens.set(key, entry);
  });
  const all = [...changes, ...[...tokens.values()].filter((c) => c.delta !== 0n)];
  return {
    ok: true,
    failure: null,
    fee: feeInfo,
    revert: null,
    balanceChanges: [...all.filter((c) => c.address === payer), ...all.filter((c) => c.address !== payer)],
    method: 'simulateTransaction',
  };
}
