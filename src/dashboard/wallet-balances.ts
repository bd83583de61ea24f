import type { WalletView } from '../app/wallets.ts';
import type { Chain } from '../chains/chain-registry.ts';
import type { UserId } from '../domain/ids.ts';
import type { ChainType } from '../domain/wallets.ts';
import { withinMs } from './time-limit.ts';

/** One balance as the wallets page shows it (native: token null). */
export interface BalanceRow {
  token: string | null;
  /** Base units, a decimal string. */
  raw: string;
  decimals: number | null;
  symbol: string | null;
}

/** How the wallets page reads a wallet's balances on a chain: native first, then tokens. */
export type WalletBalancesReader = (
  userId: UserId,
  wallet: WalletView,
  chain: Chain,
) => Promise<BalanceRow[]>;

/**
 * The part of the balances service (`services.balances`) this page uses, declared here by shape so
 * the dashboard does not depend on that module's internals.
 */
export interface BalancesReadPort {
  read(
    userId: UserId,
    query: {
      chain: string;
      address?: string;
      tokens?: readonly string[];
      includeZero?: boolean;
      fresh?: boolean;
    },
  ): Promise<
    readonly { token: string | null; raw: string; decimals: number | null; symbol: string | null }[]
  >;
}

/**
 * Native plus the chain's listed tokens (the development network's test tokens) on EVM, where a
 * node cannot list what an address holds; on Solana every token account the wallet owns. Zero
 * balances included: a zero is still a reading worth showing, unlike "unavailable".
 */
export function walletBalancesReader(balances: BalancesReadPort): WalletBalancesReader {
  return async (userId, wallet, chain) => {
    const listed =
      chain.chainType === 'ethereum' && chain.listedTokens?.length ? chain.listedTokens : undefined;
    const rows = await balances.read(userId, {
      chain: chain.slug,
      address: wallet.address,
      includeZero: true,
      ...(listed ? { tokens: listed } : {}),
    });
    return rows.map((r) => ({ token: r.token, raw: r.raw, decimals: r.decimals, symbol: r.symbol }));
  };
}

export type BalanceCell = { kind: 'ok'; balances: BalanceRow[] } | { kind: 'unavailable' };

const READ_TIMEOUT_MS = 4_000;

/**
 * Reads every wallet's balances in parallel, each with a time limit, so one slow RPC never
 * holds the page. A failure, a timeout or no reader at all shows as unavailable, never as an error.
 */
export async function readWalletBalances(
  reader: WalletBalancesReader | undefined,
  userId: UserId,
  items: { wallet: WalletView; chain: Chain | null }[],
  timeoutMs = READ_TIMEOUT_MS,
): Promise<Map<string, BalanceCell>> {
  const out = new Map<string, BalanceCell>();
  await Promise.all(
    items.map(async ({ wallet, chain }) => {
      let cell: BalanceCell = { kind: 'unavailable' };
      if (reader && chain) {
        try {
          const balances = await withinMs(reader(userId, wallet, chain), timeoutMs);
          if (balances) cell = { kind: 'ok', balances };
        } catch {
          // Shown as unavailable; the balances service logs its own RPC failures.
        }
      }
      out.set(wallet.address, cell);
    }),
  );
  return out;
}

const LOCALNET: Record<ChainType, string> = { ethereum: 'evm-localnet', solana: 'solana-localnet' };

/** The enabled chains of a chain type, in registry order. */
export const chainsOfType = (chains: Chain[], chainType: ChainType) =>
  chains.filter((c) => c.chainType === chainType);

/**
 * The chain whose balances the page shows for a chain type: the one asked for when it is valid,
 * else the development network when it runs (it has an RPC URL), else the first mainnet in registry
 * order (the registry marks mainnets as the chains with trading), else the first chain.
 */
export function pickChain(chains: Chain[], chainType: ChainType, requested?: string): Chain | null {
  const choices = chainsOfType(chains, chainType);
  const asked = choices.find((c) => c.slug === requested);
  if (asked) return asked;
  const local = choices.find((c) => c.slug === LOCALNET[chainType] && c.rpcUrl);
  return local ?? choices.find((c) => c.trading) ?? choices[0] ?? null;
}
