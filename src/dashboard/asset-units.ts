import type { Chain } from '../chains/chain-registry.ts';
import { EVM_NATIVE_TOKEN, WRAPPED_SOL_MINT } from '../domain/native-aliases.ts';
import { formatUnits } from '../domain/units.ts';
import { html, type SafeHtml } from './html.ts';
import { withinMs } from './time-limit.ts';

/** How an asset's amounts are shown: its symbol and decimals. */
export interface AssetUnit {
  symbol: string | null;
  decimals: number;
}

/**
 * The part of the balances service (`services.balances`) that tells tokens' decimals and symbols,
 * declared here by shape so the dashboard does not depend on that module's internals.
 */
export interface TokenMetaPort {
  tokenMeta(
    chain: string,
    tokens: readonly string[],
    owner?: string,
  ): Promise<ReadonlyMap<string, { decimals: number | null; symbol: string | null }>>;
}

/** The swap aggregators' names for the native coin: 1inch's placeholder and Jupiter's wrapped SOL. */

export const nativeUnit = (chain: Chain): AssetUnit => ({
  symbol: chain.nativeSymbol,
  decimals: chain.nativeDecimals,
});

/** Null or a swap's name for the native coin: the chain's own unit (wrapped SOL is SOL to a person). */
export const isNativeToken = (token: string | null): boolean =>
  token === null || token.toLowerCase() === EVM_NATIVE_TOKEN.toLowerCase() || token === WRAPPED_SOL_MINT;

const key = (chain: string, token: string) =>
  `${chain}|${token.startsWith('0x') ? token.toLowerCase() : token}`;

/**
 * Token units for pages, never failing a page: metadata comes from the balances service (cached
 * for good there); a token that could not be read is remembered as unknown for a minute, so a page
 * that refreshes every few seconds does not ask again each time; a read slower than `timeoutMs` is
 * not waited for (its answer still fills the cache for the next page).
 */
export function assetUnits(
  port: TokenMetaPort | undefined,
  options: { timeoutMs?: number; unknownTtlMs?: number } = {},
) {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const unknownTtlMs = options.unknownTtlMs ?? 60_000;
  const unknownUntil = new Map<string, number>();

  return {
    /**
     * Units of the tokens asked, per chain, keyed by `unitKey(chain, token)`; absent when unknown.
     * `owners` (a wallet of each chain) go along to the reads that need one.
     */
    async resolve(
      wanted: readonly { chain: Chain; token: string | null; owner?: string }[],
    ): Promise<Map<string, AssetUnit>> {
      const out = new Map<string, AssetUnit>();
      const now = Date.now();
      const byChain = new Map<string, { chain: Chain; tokens: Set<string>; owner?: string | undefined }>();
      for (const w of wanted) {
        if (w.token === null || isNativeToken(w.token)) {
          out.set(unitKey(w.chain, w.token), nativeUnit(w.chain));
          continue;
        }
        if ((unknownUntil.get(key(w.chain.slug, w.token)) ?? 0) > now) continue;
        const entry = byChain.get(w.chain.slug) ?? { chain: w.chain, tokens: new Set<string>() };
        entry.tokens.add(w.token);
        entry.owner ??= w.owner;
        byChain.set(w.chain.slug, entry);
      }
      if (!port || byChain.size === 0) return out;
      await Promise.all(
        [...byChain.values()].map(async ({ chain, tokens, owner }) => {
          const list = [...tokens];
          let meta: Awaited<ReturnType<TokenMetaPort['tokenMeta']>> | null;
          try {
            meta = await withinMs(port.tokenMeta(chain.slug, list, owner), timeoutMs);
          } catch {
            meta = new Map(); // an RPC failure: unknown for now, shown in base units
          }
          if (meta === null) return; // too slow: ask again next time
          if (unknownUntil.size > 10_000) unknownUntil.clear();
          for (const token of list) {
            const m = meta.get(token);
            if (m && m.decimals !== null)
              out.set(key(chain.slug, token), { symbol: m.symbol, decimals: m.decimals });
            else unknownUntil.set(key(chain.slug, token), now + unknownTtlMs);
          }
        }),
      );
      return out;
    },
  };
}

export type AssetUnits = ReturnType<typeof assetUnits>;

/** The key of a token's unit in `resolve`'s answer (native: token null). */
export const unitKey = (chain: Pick<Chain, 'slug'>, token: string | null): string =>
  token === null || isNativeToken(token) ? `${chain.slug}|native` : key(chain.slug, token);

const MAX_UINT256 = 2n ** 256n - 1n;

/**
 * An amount as people read it: "1.5 TUSD", with the base units in the title. Without a known unit:
 * the base units and the token's address, so nothing is ever shown as if it were native.
 */
export function amountHtml(raw: string, unit: AssetUnit | null | undefined, token: string | null): SafeHtml {
  if (!/^\d+$/.test(raw)) return html`<span class="amount">${raw}</span>`;
  const value = BigInt(raw);
  const tokenNote = token && !isNativeToken(token) ? ` of ${token}` : '';
  if (value === MAX_UINT256)
    return html`<span class="amount" title="${raw} base units${tokenNote}">unlimited ${unit?.symbol ?? ''}</span>${
      unit?.symbol ? '' : tokenCode(token)
    }`;
  if (!unit)
    return html`<span class="amount" title="base units${tokenNote}">${raw}</span> ${tokenCode(token)}`;
  return html`<span class="amount" title="${raw} base units${tokenNote}">${formatUnits(value, unit.decimals)} ${
    unit.symbol ?? ''
  }</span>${unit.symbol ? '' : html` ${tokenCode(token)}`}`;
}

function tokenCode(token: string | null): SafeHtml | string {
  if (!token) return '';
  return html`<code title="${token}">${token.length > 16 ? `${token.slice(0, 6)}…${token.slice(-4)}` : token}</code>`;
}
