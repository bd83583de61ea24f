// Jupiter's own program instructions in a swap it built (issue 26 item 6): the route instructions
// of the Jupiter v6 program (its IDL: route, routeWithTokenLedger, exactOutRoute and their
// sharedAccounts forms) are read by account position and by the arguments at the end of their
// data, so the output goes to the wallet's own token account of the mint asked for, with no
// platform fee and no more slippage than asked. Any other instruction of the program is refused.
import { createHash } from 'node:crypto';
import { JUPITER_PROGRAM } from '../../swap-aggregators/jupiter/jupiter-aggregator.ts';

export const JUPITER_V6_PROGRAM: string = JUPITER_PROGRAM;

interface RouteLayout {
  name: string;
  /** Positions in the instruction's accounts. */
  authority: number;
  /** The user's destination; `optionalDestination` overrides it unless it is the program id (None). */
  destination: number;
  optionalDestination?: number;
  destinationMint: number;
  /** ExactIn routes carry the input amount right before quoted_out_amount. */
  exactIn: boolean;
  /** routeWithTokenLedger has no in_amount (the ledger says it). */
  ledger: boolean;
}

const LAYOUTS: RouteLayout[] = [
  {
    name: 'route',
    authority: 1,
    destination: 3,
    optionalDestination: 4,
    destinationMint: 5,
    exactIn: true,
    ledger: false,
  },
  {
    name: 'route_with_token_ledger',
    authority: 1,
    destination: 3,
    optionalDestination: 4,
    destinationMint: 5,
    exactIn: true,
    ledger: true,
  },
  {
    name: 'exact_out_route',
    authority: 1,
    destination: 3,
    optionalDestination: 4,
    destinationMint: 6,
    exactIn: false,
    ledger: false,
  },
  {
    name: 'shared_accounts_route',
    authority: 2,
    destination: 6,
    destinationMint: 8,
    exactIn: true,
    ledger: false,
  },
  {
    name: 'shared_accounts_route_with_token_ledger',
    authority: 2,
    destination: 6,
    destinationMint: 8,
    exactIn: true,
    ledger: true,
  },
  {
    name: 'shared_accounts_exact_out_route',
    authority: 2,
    destination: 6,
    destinationMint: 8,
    exactIn: false,
    ledger: false,
  },
];

/** Anchor's instruction discriminator: the first 8 bytes of sha256("global:<name>"). */
const discriminator = (name: string) =>
  createHash('sha256').update(`global:${name}`).digest().subarray(0, 8).toString('hex');
const BY_DISCRIMINATOR = new Map(LAYOUTS.map((l) => [discriminator(l.name), l]));

export interface RouteExpectation {
  wallet: string;
  outputMint: string;
  /** Input in base units (ExactIn). */
  amount: bigint;
  /** The aggregator's quoted output: the route's quoted_out_amount must not be below it. */
  quotedOut: bigint;
  /** The most slippage asked for, in basis points. */
  slippageBps: number;
  /** Whether `account` is the wallet's associated token account of `mint` (Token or Token-2022). */
  isWalletAccount: (account: string, mint: string) => Promise<boolean>;
}

/**
 * The reason to refuse a Jupiter program instruction, or null. `account(i)` is the instruction's
 * i-th account, or null when it comes from an address lookup table (not readable offline).
 */
export async function jupiterRouteRefusal(
  where: string,
  data: Uint8Array,
  account: (i: number) => string | null,
  expected: RouteExpectation,
): Promise<string | null> {
  const layout = BY_DISCRIMINATOR.get(Buffer.from(data.subarray(0, 8)).toString('hex'));
  if (!layout) return `${where} is a Jupiter instruction that is not a route this service checks`;
  if (account(layout.authority) !== expected.wallet) return null; // not the wallet's tokens
  if (!layout.exactIn)
    return `${where} is a Jupiter exact-out route, not the exact-in swap this service asks for`;
  const optional = layout.optionalDestination === undefined ? null : account(layout.optionalDestination);
  const destination =
    optional !== null && optional !== JUPITER_V6_PROGRAM ? optional : account(layout.destination);
  const mint = account(layout.destinationMint);
  if (!destination || !mint)
    return `${where} (Jupiter ${layout.name}) takes its destination from an address lookup table, which cannot be checked`;
  if (mint !== expected.outputMint)
    return `${where} (Jupiter ${layout.name}) buys ${mint}, not ${expected.outputMint}`;
  if (!(await expected.isWalletAccount(destination, mint)))
    return `${where} (Jupiter ${layout.name}) delivers to ${destination}, which is not the wallet's token account`;
  // The arguments end with [in_amount u64] quoted_out_amount u64, slippage_bps u16, platform_fee_bps u8.
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const end = data.byteLength;
  // The discriminator, the route plan (a vec: at least its u32 length), then those arguments.
  if (end < 8 + 4 + (layout.ledger ? 11 : 19))
    return `${where} (Jupiter ${layout.name}) is too short to be a route`;
  const platformFeeBps = view.getUint8(end - 1);
  const slippageBps = view.getUint16(end - 3, true);
  const quoted = view.getBigUint64(end - 11, true);
  if (platformFeeBps !== 0)
    return `${where} (Jupiter ${layout.name}) takes a platform fee of ${platformFeeBps} bps`;
  if (slippageBps > expected.slippageBps)
    return `${where} (Jupiter ${layout.name}) allows ${slippageBps} bps of slippage, more than the ${expected.slippageBps} asked for`;
  if (quoted < expected.quotedOut)
    return `${where} (Jupiter ${layout.name}) quotes ${quoted} out, below the ${expected.quotedOut} quoted`;
  if (!layout.ledger) {
    const inAmount = view.getBigUint64(end - 19, true);
    if (inAmount !== expected.amount)
      return `${where} (Jupiter ${layout.name}) spends ${inAmount}, not the ${expected.amount} asked for`;
  }
  return null;
}
