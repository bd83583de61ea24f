import { CHAIN_SLUGS, type ChainSelection } from '../config/chain-slugs.ts';
import type { ChainOverride } from '../config/config.ts';
import type { ChainType } from '../domain/wallets.ts';
import { AppError } from '../errors/app-error.ts';

export interface Chain {
  slug: string;
  chainType: ChainType;
  /** EVM chain id; Solana sentinel: 0 mainnet, -1 localnet, -2 testnet, -3 devnet. */
  chainId: number;
  name: string;
  nativeSymbol: string;
  nativeDecimals: number;
  rpcUrl: string | null;
  /** Transaction link template with {hash}, or null when the chain has no explorer. */
  explorerTxUrl: string | null;
  /** Swaps through an aggregator are offered here (mainnets; the local networks' own aggregator). */
  trading: boolean;
  /**
   * The aggregator API this chain trades through instead of the configured one (1inch base URL on EVM,
   * Jupiter base URL on Solana): the development network's local aggregator. Unset elsewhere.
   */
  aggregatorUrl?: string;
  /**
   * Accounts a swap on this chain may pay directly besides the aggregator's programs (the development
   * network's local pools); checked before a swap is signed. Unset elsewhere.
   */
  swapPayees?: readonly string[];
  /**
   * Tokens (EVM addresses, Solana mints) whose balances the dashboard shows beside the native one:
   * the development network's test tokens. Unset elsewhere. The API's balance reads do not use it
   * (DESIGN A8: EVM without `tokens` is native only).
   */
  listedTokens?: readonly string[];
  /**
   * Development networks only: the id of the chain now running. It changes when the network restarts
   * (its state is gone), so transactions made on an earlier one can be told apart.
   */
  instance?: () => string;
  enabled: boolean;
  /**
   * EVM: blocks from the including one on before a transaction counts as CONFIRMED (1 = included).
   * Unused on Solana, where `commitment` says it.
   */
  confirmations: number;
  /** Solana: the status at which a transaction counts as CONFIRMED. */
  commitment: 'confirmed' | 'finalized';
  /** EVM: the operator's cap on maxFeePerGas (wei): fee replacements stop there. */
  maxFeePerGas: bigint;
  /**
   * EVM: the operator's hard ceiling on a maxFeePerGas a caller's speed-up names above the cap
   * (SPEED_UP_MAX_FEE_PER_GAS_<SLUG>); unset: 10 times `maxFeePerGas`.
   */
  speedUpMaxFeePerGas?: bigint;
  /**
   * Solana: the operator's ceiling on the compute-unit price (micro-lamports) a caller's speed-up
   * asks the next re-sign for (SPEED_UP_MAX_COMPUTE_UNIT_PRICE_<SLUG>); unset: 10 times
   * SOLANA_PRIORITY_FEE_CAP_MICROLAMPORTS.
   */
  speedUpMaxComputeUnitPrice?: bigint;
  /** EVM: a transaction next in line and not mined this long is re-signed with higher fees. */
  replaceAfterMs: number;
  /**
   * How long reads must agree that a transaction is not there before the tracker acts on it (gives
   * it up, re-signs it, or takes it back from CONFIRMED): read-evidence.ts.
   */
  evidenceWindowMs: number;
  /** EVM: Multicall3's address (MULTICALL3_ADDRESS_<SLUG>); unset: the canonical one. */
  multicall3?: string;
}

type Definition = Omit<Chain, 'enabled'>;

const GWEI = 1_000_000_000n;
/**
 * A remote endpoint may be a load balancer over nodes some seconds apart: reads must agree this long.
 * The development network's nodes are one process each, on loopback.
 */
const REMOTE_EVIDENCE_WINDOW_MS = 30_000;
const LOCAL_EVIDENCE_WINDOW_MS = 2_000;

/** Write-path defaults per chain: confirmations, fee cap and replacement age (DESIGN A9; .env.example). */
const evmPolicy = (confirmations: number, maxFeeGwei: bigint, replaceAfterMs: number) => ({
  confirmations,
  commitment: 'confirmed' as const,
  maxFeePerGas: maxFeeGwei * GWEI,
  replaceAfterMs,
  evidenceWindowMs: REMOTE_EVIDENCE_WINDOW_MS,
});

const evm = (
  slug: string,
  chainId: number,
  name: string,
  rpcUrl: string | null,
  explorer: string | null,
  trading: boolean,
  policy: ReturnType<typeof evmPolicy>,
  nativeSymbol = 'ETH',
): Definition => ({
  ...policy,
  slug,
  chainType: 'ethereum',
  chainId,
  name,
  nativeSymbol,
  nativeDecimals: 18,
  rpcUrl,
  explorerTxUrl: explorer ? `${explorer}/tx/{hash}` : null,
  trading,
});

const solana = (
  slug: string,
  chainId: number,
  name: string,
  rpcUrl: string | null,
  cluster: string | null,
): Definition => ({
  slug,
  chainType: 'solana',
  chainId,
  name,
  nativeSymbol: 'SOL',
  nativeDecimals: 9,
  rpcUrl,
  explorerTxUrl:
    cluster === null ? null : `https://explorer.solana.com/tx/{hash}${cluster ? `?cluster=${cluster}` : ''}`,
  trading: chainId === 0,
  confirmations: 1,
  commitment: 'confirmed',
  maxFeePerGas: 0n,
  replaceAfterMs: 0,
  evidenceWindowMs: REMOTE_EVIDENCE_WINDOW_MS,
});

/** The built-in chains (DESIGN A11); public RPC endpoints by default, each overridable. */
export const BUILT_IN_CHAINS: readonly Definition[] = [
  evm(
    'base',
    8453,
    'Base',
    'https://mainnet.base.org',
    'https://basescan.org',
    true,
    evmPolicy(3, 50n, 20_000),
  ),
  evm(
    'base-sepolia',
    84532,
    'Base Sepolia',
    'https://sepolia.base.org',
    'https://sepolia.basescan.org',
    false,
    evmPolicy(3, 50n, 20_000),
  ),
  evm(
    'ethereum',
    1,
    'Ethereum',
    'https://ethereum-rpc.publicnode.com',
    'https://etherscan.io',
    true,
    evmPolicy(3, 300n, 60_000),
  ),
  evm(
    'sepolia',
    11155111,
    'Sepolia',
    'https://ethereum-sepolia-rpc.publicnode.com',
    'https://sepolia.etherscan.io',
    false,
    evmPolicy(3, 300n, 60_000),
  ),
  evm(
    'arbitrum',
    42161,
    'Arbitrum One',
    'https://arb1.arbitrum.io/rpc',
    'https://arbiscan.io',
    true,
    evmPolicy(1, 50n, 20_000),
  ),
  evm(
    'optimism',
    10,
    'OP Mainnet',
    'https://mainnet.optimism.io',
    'https://optimistic.etherscan.io',
    true,
    evmPolicy(3, 50n, 20_000),
  ),
  evm(
    'polygon',
    137,
    'Polygon',
    'https://polygon-rpc.com',
    'https://polygonscan.com',
    true,
    evmPolicy(32, 3000n, 20_000),
    'POL',
  ),
  solana('solana', 0, 'Solana', 'https://api.mainnet-beta.solana.com', ''),
  solana('solana-testnet', -2, 'Solana Testnet', 'https://api.testnet.solana.com', 'testnet'),
  solana('solana-devnet', -3, 'Solana Devnet', 'https://api.devnet.solana.com', 'devnet'),
  // The development network (B4): RPC URLs are filled in when it starts; no public explorer.
  {
    ...evm(
      'evm-localnet',
      31337,
      'EVM Localnet (development network)',
      null,
      null,
      false,
      evmPolicy(1, 1000n, 5000),
    ),
    evidenceWindowMs: LOCAL_EVIDENCE_WINDOW_MS,
  },
  {
    ...solana('solana-localnet', -1, 'Solana Localnet (development network)', null, null),
    evidenceWindowMs: LOCAL_EVIDENCE_WINDOW_MS,
  },
];

if (BUILT_IN_CHAINS.map((c) => c.slug).join() !== CHAIN_SLUGS.join())
  throw new Error('config/chain-slugs.ts and the built-in chains disagree');

export interface ChainRegistry {
  list(): Chain[];
  /** The enabled chain with this slug, or 400 CHAIN_UNKNOWN. */
  get(slug: string): Chain;
  /** A transaction's explorer link, or null. */
  explorerUrl(chain: Chain, hash: string | null): string | null;
}

/**
 * The chains, each as configured. `selection` (Config.enabledChains: CHAINS, or its default) says
 * which are offered; CHAIN_ENABLED_<SLUG> (`overrides[slug].enabled`) wins over it for its chain.
 * A chain without an RPC URL (the development network's, when it does not run) is never offered
 * unless switched on by name.
 */
export function createChainRegistry(
  overrides: Readonly<Record<string, ChainOverride>>,
  extra: Partial<Record<string, Partial<Definition>>> = {},
  selection: ChainSelection = 'all',
): ChainRegistry {
  const chains = new Map<string, Chain>();
  for (const def of BUILT_IN_CHAINS) {
    const o = overrides[def.slug] ?? {};
    const explorer = o.explorerUrl
      ? o.explorerUrl.includes('{hash}')
        ? o.explorerUrl
        : `${o.explorerUrl}/tx/{hash}`
      : def.explorerTxUrl;
    const rpcUrl = o.rpcUrl ?? extra[def.slug]?.rpcUrl ?? def.rpcUrl;
    chains.set(def.slug, {
      ...def,
      ...extra[def.slug],
      rpcUrl,
      ...(o.confirmations !== undefined ? { confirmations: o.confirmations } : {}),
      ...(o.maxFeePerGas !== undefined ? { maxFeePerGas: o.maxFeePerGas } : {}),
      ...(o.speedUpMaxFeePerGas !== undefined ? { speedUpMaxFeePerGas: o.speedUpMaxFeePerGas } : {}),
      ...(o.speedUpMaxComputeUnitPrice !== undefined
        ? { speedUpMaxComputeUnitPrice: o.speedUpMaxComputeUnitPrice }
        : {}),
      ...(o.replaceAfterMs !== undefined ? { replaceAfterMs: o.replaceAfterMs } : {}),
      ...(o.evidenceWindowMs !== undefined ? { evidenceWindowMs: o.evidenceWindowMs } : {}),
      ...(o.commitment !== undefined ? { commitment: o.commitment } : {}),
      ...(o.multicall3 !== undefined ? { multicall3: o.multicall3 } : {}),
      explorerTxUrl: explorer,
      // The development network's chains have no RPC until it runs (or RPC_URL_ names one): with
      // DEVNET=off they are not offered at all.
      enabled: o.enabled ?? (rpcUrl !== null && (selection === 'all' || selection.includes(def.slug))),
    });
  }
  const unknownSlugs = Object.keys(overrides).filter((s) => !chains.has(s));
  if (unknownSlugs.length > 0) throw new Error(`Unknown chain in configuration: ${unknownSlugs.join(', ')}`);

  const enabledSlugs = () => [...chains.values()].filter((c) => c.enabled).map((c) => c.slug);
  return {
    list: () => [...chains.values()].filter((c) => c.enabled),
    get(slug) {
      const chain = chains.get(slug);
      if (!chain?.enabled) {
        const shown = JSON.stringify(slug.length > 64 ? `${slug.slice(0, 64)}…` : slug);
        const offered = enabledSlugs();
        const here =
          offered.length > 0 ? `the chains here: ${offered.join(', ')}` : 'no chain is enabled here';
        throw new AppError(
          'CHAIN_UNKNOWN',
          chain
            ? `Chain ${shown} is not enabled on this service (${here}; the operator enables chains with CHAINS)`
            : `Unknown chain ${shown} (${here})`,
          { details: [{ path: 'chain', message: chain ? 'chain not enabled here' : 'unknown chain' }] },
        );
      }
      return chain;
    },
    explorerUrl(chain, hash) {
      if (!hash || !chain.explorerTxUrl) return null;
      return chain.explorerTxUrl.replace('{hash}', encodeURIComponent(hash));
    },
  };
}
