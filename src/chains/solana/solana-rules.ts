// The Solana family's rules that read no chain: addresses, amounts, and write requests turned into
// the transfer (or the aggregator's transaction) the wallet signs, with what an API key's policy counts.
import { parseSolanaAddress } from '../../domain/addresses.ts';
import { WRAPPED_SOL_MINT } from '../../domain/native-aliases.ts';
import { invalidInput } from '../../errors/app-error.ts';
import type { BuiltSwap, TradeRequest } from '../../swap-aggregators/swap-aggregator.ts';
import { parseBaseUnits, U64_MAX } from '../amounts.ts';
import type { FamilyRules, PreparedWrite, SendBody } from '../chain-family.ts';
import type { Chain } from '../chain-registry.ts';
import { checkSendToken, optionalFrom } from '../write-bodies.ts';
import type { SolanaTransfer } from './solana-transfers.ts';

/** A Solana write: a transfer we build, or a transaction an aggregator built for the wallet. */
export type SolanaWrite =
  | { kind: 'transfer'; transfer: SolanaTransfer }
  | {
      kind: 'prebuilt';
      /** Base64 wire transaction, possibly already signed by other parties (a pool authority). */
      wire: string;
      /** The last block height at which its blockhash is valid, as the builder reported it. */
      lastValidBlockHeight: bigint;
      /** Lamports it spends besides fees (the SOL input of a swap), for the error message. */
      lamports: bigint;
    };

/** A prepared Solana write before it is bound to the family's checks (solana-family.ts). */
export type SolanaPrepared = Omit<PreparedWrite, 'check' | 'simulate'> & { write: SolanaWrite };

const isSolanaAddress = (value: string): boolean => {
  try {
    parseSolanaAddress('address', value);
    return true;
  } catch {
    return false;
  }
};

export const solanaRules: FamilyRules = {
  chainType: 'solana',
  label: 'Solana',
  isAddress: isSolanaAddress,
  parseAddress: parseSolanaAddress,
  // base58 is case-sensitive: an address is its own key.
  addressKey: (address) => address,
  // Wrapped SOL is native SOL to the limits (Jupiter wraps the SOL it takes).
  policyAsset: (asset) => (asset === 'native' || asset === WRAPPED_SOL_MINT ? 'native' : asset),
  /** A non-negative decimal integer up to 2^64-1. */
  nativeAliasNote: 'wrapped SOL is native SOL',
  tokenAsset: 'spl',
  unlistedTokens: 'all',
  anyOwner: '11111111111111111111111111111111',
  usesNonces: false,
  parseAmount: (field, raw) =>
    parseBaseUnits(field, raw, {
      hex: false,
      max: U64_MAX,
      formText: 'must be a non-negative decimal integer in base units',
      maxText: 'must fit in an unsigned 64-bit integer',
    }),
};

/** A send of SOL or of an SPL token (DESIGN A9); recipient and mint taken as sent. */
export function solanaSend(chain: Chain, body: SendBody): SolanaPrepared {
  if (body.asset === 'erc20')
    throw invalidInput('asset', `erc20 is for EVM chains; use spl on ${chain.slug}`);
  checkSendToken(body);
  const amount = solanaRules.parseAmount('amount', body.amount);
  const to = parseSolanaAddress('to', body.to);
  const details: Record<string, string> = { asset: body.asset, amount: amount.toString(), recipient: to };
  const base = { kind: 'send' as const, chain };
  const spendBase = { chain: chain.slug, chainType: chain.chainType };
  if (body.asset === 'native')
    return {
      ...base,
      ...optionalFrom(body.from, solanaRules.parseAddress),
      to,
      value: amount,
      details,
      write: { kind: 'transfer', transfer: { kind: 'sol', to, amount } },
      spend: { ...spendBase, moves: [{ asset: 'native', amount }], recipients: [to] },
    };
  const mint = parseSolanaAddress('token', body.token ?? '');
  return {
    ...base,
    ...optionalFrom(body.from, solanaRules.parseAddress),
    to,
    value: 0n,
    details: { ...details, token: mint },
    write: { kind: 'transfer', transfer: { kind: 'token', to, mint, amount } },
    spend: { ...spendBase, moves: [{ asset: mint, amount }], recipients: [to] },
  };
}

/** A swap transaction an aggregator built for the wallet (checked by the family's swap checks first). */
export function solanaSwap(
  chain: Chain,
  built: Extract<BuiltSwap, { chainType: 'solana' }>,
  trade: { req: TradeRequest; wallet: string; details: Record<string, string> },
): SolanaPrepared {
  const { req } = trade;
  const solIn = req.fromToken === WRAPPED_SOL_MINT ? req.amount : 0n;
  return {
    kind: 'swap',
    chain,
    from: trade.wallet,
    to: built.program,
    value: solIn,
    details: { ...trade.details, minimumAmount: built.minDstAmount.toString() },
    write: {
      kind: 'prebuilt',
      wire: built.wire,
      lastValidBlockHeight: built.lastValidBlockHeight,
      lamports: solIn,
    },
    spend: { chain: chain.slug, chainType: chain.chainType, moves: [{ asset: 'native', amount: solIn }] },
  };
}
