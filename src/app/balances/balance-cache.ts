/**
 * The balance cache's policy (DESIGN A8): what is kept and for how long (native 15 s, tokens 45 s,
 * metadata a day) and under which keys (assembled answers: balance-answers.ts). Entries of one
 * wallet on one chain share a tag (`walletTag`), so a write from the wallet drops them all at once.
 *
 * Every value must survive JSON (the cache may be Redis): amounts are decimal strings, times are
 * epoch milliseconds.
 */
/** At most this many distinct tokens per read. */
export const MAX_TOKENS = 50;
export const NATIVE_TTL_MS = 15_000;
export const TOKEN_TTL_MS = 45_000;
/** Metadata does not change; a day bounds what a Redis cache keeps for tokens nobody asks about. */
export const META_TTL_MS = 24 * 3600_000;

/** The cache key form of an address: EVM addresses are case-insensitive, base58 is not. */
export const tokenKey = (address: string): string =>
  address.startsWith('0x') ? address.toLowerCase() : address;

export interface CachedAmount {
  /** Base units, or null when the token could not be read. */
  raw: string | null;
  display: string;
  /** Time of the reading, ms since the epoch. */
  at: number;
}

/** The tag of a wallet's entries on one chain. */
export const walletTag = (chainSlug: string, address: string) => `bal|${chainSlug}|${tokenKey(address)}`;

/** Cache keys of a wallet's readings. */
export const nativeKey = (tag: string) => `${tag}|native`;
export const tokenAmountKey = (tag: string, token: string) => `${tag}|t|${token}`;
/** The token accounts a Solana wallet had when last listed (the keys of their amounts). */
export const tokenListKey = (tag: string) => `${tag}|all`;
export const metaKey = (chainSlug: string, token: string) => `meta|${chainSlug}|${token}`;
