import type { WalletView } from '../app/wallets.ts';
import type { Chain } from '../chains/chain-registry.ts';
import type { UserId } from '../domain/ids.ts';
import type { ChainType } from '../domain/wallets.ts';

export interface NativeBalance {
  /** Base units, a decimal string. */
  raw: string;
  decimals: number | null;
  symbol: string | null;
}

/** How the wallets page reads a native balance; null when there is none to show. */
export type NativeBalanceReader = (
  userId: UserId,
  wallet: WalletView,
  chainSlug: string,
) => Promise<NativeBalance | null>;

/**
 * The part of the balances service (`services.balances`) this page uses, declared here by shape so
 * the dashboard does not depend on that module's internals.
 */
export interface BalancesReadPort {
  read(
    userId: UserId,
    query: { chain: string; address?: string; includeZero?: boolean; fresh?: boolean },
  ): Promise<readonly { asset: string; raw: string; decimals: number | null; symbol: string | null }[]>;
}

export function nativeBalanceReader(balances: BalancesReadPort): NativeBalanceReader {
  return async (userId, wallet, chain) => {
    // includeZero: a zero balance is still a reading worth showing, unlike "unavailable".
    const rows = await balances.read(userId, { chain, address: wallet.address, includeZero: true });
    const native = rows.find((r) => r.asset === 'native');
    return native ? { raw: native.raw, decimals: native.decimals, symbol: native.symbol } : null;
  };
}

export type BalanceCell = { kind: 'ok'; balance: NativeBalance } | { kind: 'unavailable' };

const READ_TIMEOUT_MS = 4_000;

/**
 * Reads every wallet's native balance in parallel, each with a time limit, so one slow RPC never
 * holds the page. A failure, a timeout or no reader at all shows as unavailable, never as an error.
 */
export async function readNativeBalances(
  reader: NativeBalanceReader | undefined,
  userId: UserId,
  items: { wallet: WalletView; chain: Chain | null }[],
  timeoutMs = READ_TIMEOUT_MS,
): Promise<Map<string, BalanceCell>> {
  const out = new Map<string, BalanceCell>();
  await Promise.all(
    items.map(async ({ wallet, chain }) => {
      let cell: BalanceCell = { kind: 'unavailable' };
      if (reader && chain) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), timeoutMs);
        });
        try {
          const balance = await Promise.race([reader(userId, wallet, chain.slug), timeout]);
          if (balance) cell = { kind: 'ok', balance };
        } catch {
          // Shown as unavailable; the balances service logs its own RPC failures.
        } finally {
          clearTimeout(timer);
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
