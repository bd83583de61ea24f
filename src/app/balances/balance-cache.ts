/**
 * The balance cache's policy (DESIGN A8): what is kept and for how long (native 15 s, tokens 45 s,
 * metadata a day), under which keys, and the key of an assembled answer. Entries of one wallet on
 * one chain share a tag (`walletTag`), so a write from the wallet drops them all at once.
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

const joinedLists = new WeakMap<readonly string[], string>();
/** The list as one string (cache keys), computed once per shared list. */
function joined(list: readonly string[]): string {
  let text = joinedLists.get(list);
  if (text === undefined) {
    text = list.join(',');
    joinedLists.set(list, text);
  }
  return text;
}

const listAnswerKeys = new WeakMap<readonly string[], Map<string, [string?, string?]>>();
const allAnswerKeys = new Map<string, [string?, string?]>();
/** The answer keys of a token list (or of every token), by wallet tag. */
function answerKeysOf(wanted: readonly string[] | 'all'): Map<string, [string?, string?]> {
  if (wanted === 'all') return allAnswerKeys;
  let byTag = listAnswerKeys.get(wanted);
  if (byTag === undefined) {
    byTag = new Map();
    listAnswerKeys.set(wanted, byTag);
  }
  return byTag;
}

/**
 * The cache key of an assembled answer, for a wallet's tag (`walletTagOf`). For a shared token list
 * the same string is handed out on every request: a key of 50 addresses built anew would be hashed
 * anew (2 KB) on every lookup, and so would a prefix built from the tag.
 */
export function answerKeyOf(tag: string, includeZero: boolean, wanted: readonly string[] | 'all'): string {
  const byTag = answerKeysOf(wanted);
  let keys = byTag.get(tag);
  if (keys === undefined) {
    if (byTag.size >= 1000) byTag.clear();
    keys = [];
    byTag.set(tag, keys);
  }
  const zero = includeZero ? 1 : 0;
  keys[zero] ??= `${tag}|answer|${zero}|${wanted === 'all' ? '*' : joined(wanted)}`;
  return keys[zero];
}

/** The tag of a wallet's entries on one chain. */
export const walletTag = (chainSlug: string, address: string) => `bal|${chainSlug}|${tokenKey(address)}`;

const tagsByWallet = new WeakMap<object, Map<string, string>>();
/** `walletTag` of a wallet record, kept with it: a cached read hands out the same string every time. */
export function walletTagOf(chainSlug: string, wallet: { readonly address: string }): string {
  let bySlug = tagsByWallet.get(wallet);
  if (bySlug === undefined) {
    bySlug = new Map();
    tagsByWallet.set(wallet, bySlug);
  }
  let tag = bySlug.get(chainSlug);
  if (tag === undefined) {
    tag = walletTag(chainSlug, wallet.address);
    bySlug.set(chainSlug, tag);
  }
  return tag;
}

/** Cache keys of a wallet's readings. */
export const nativeKey = (tag: string) => `${tag}|native`;
export const tokenAmountKey = (tag: string, token: string) => `${tag}|t|${token}`;
/** The token accounts a Solana wallet had when last listed (the keys of their amounts). */
export const tokenListKey = (tag: string) => `${tag}|all`;
export const metaKey = (chainSlug: string, token: string) => `meta|${chainSlug}|${token}`;
