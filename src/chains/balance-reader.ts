import type { Chain } from './chain-registry.ts';

/** Token metadata, read once and kept: it does not change. */
export interface TokenMeta {
  decimals: number | null;
  symbol: string | null;
  /** Solana: the token program owning the mint (Token or Token-2022), which the token accounts need. */
  program?: string;
}

/** One token's balance as read; `raw` null when the address is not a token that can be read. */
export interface TokenReading {
  token: string;
  /** The token address as shown to users (EVM: checksummed). */
  display: string;
  raw: bigint | null;
}

/** Port: reads a wallet's balances on one chain type, in as few upstream requests as it can. */
export interface BalanceReader {
  read(request: {
    chain: Chain;
    owner: string;
    /** Read the native balance. */
    native: boolean;
    /** Token keys to read (see `tokenKey`), or every token account of the owner (Solana). */
    tokens: readonly string[] | 'all';
    /** Metadata already known (cached) of these tokens; the reader fetches only the others'. */
    knownMeta: (tokens: readonly string[]) => Promise<ReadonlyMap<string, TokenMeta>>;
    signal: AbortSignal;
  }): Promise<{ native: bigint | null; tokens: TokenReading[]; meta: Map<string, TokenMeta> }>;
}
