import type { Static } from 'typebox';
import type { TokenMeta } from '../../chains/balance-reader.ts';
import type { Chain } from '../../chains/chain-registry.ts';
import { rulesOf } from '../../chains/families.ts';
import type { WalletBalanceSchema } from '../../schemas/balances.ts';
import { type CachedAmount, NATIVE_TTL_MS, TOKEN_TTL_MS } from './balance-cache.ts';

/** The WalletBalance resource of the specification (its schema is the one source). */
export type WalletBalance = Static<typeof WalletBalanceSchema>;

/**
 * The response of a balance read, from readings (cached or fresh): native first, then tokens in
 * the order asked (Solana without a list: the order listed), zero balances left out unless asked
 * for, and a token that could not be read left out rather than failing the whole answer (DESIGN
 * A8). Also when the answer stops being true: when its first reading expires. Pure: no I/O, no clock.
 */
export function assembleBalances(input: {
  chain: Chain;
  owner: string;
  includeZero: boolean;
  native: CachedAmount | undefined;
  tokenOrder: readonly string[];
  tokenAmounts: ReadonlyMap<string, CachedAmount>;
  meta: ReadonlyMap<string, TokenMeta>;
}): { balances: WalletBalance[]; expiresAt: number } {
  const { chain, owner, includeZero, native, tokenOrder, tokenAmounts, meta } = input;
  const out: WalletBalance[] = [];
  const base = { chainType: chain.chainType, chainId: chain.chainId, address: owner };
  if (native && (includeZero || native.raw !== '0'))
    out.push({
      ...base,
      asset: 'native',
      token: null,
      raw: native.raw!,
      decimals: chain.nativeDecimals,
      symbol: chain.nativeSymbol,
      updatedAt: new Date(native.at).toISOString(),
    });
  const asset = rulesOf(chain).tokenAsset;
  for (const t of tokenOrder) {
    const amount = tokenAmounts.get(t);
    // A token that cannot be read is left out rather than failing the whole request.
    if (!amount || amount.raw === null || (!includeZero && amount.raw === '0')) continue;
    const m = meta.get(t);
    out.push({
      ...base,
      asset,
      token: amount.display,
      raw: amount.raw,
      decimals: m?.decimals ?? null,
      symbol: m?.symbol ?? null,
      updatedAt: new Date(amount.at).toISOString(),
    });
  }
  const readings = [native, ...tokenOrder.map((t) => tokenAmounts.get(t))];
  const expiresAt = Math.min(
    ...readings.map((r, i) =>
      r ? r.at + (i === 0 ? NATIVE_TTL_MS : TOKEN_TTL_MS) : Number.POSITIVE_INFINITY,
    ),
  );
  return { balances: out, expiresAt };
}
