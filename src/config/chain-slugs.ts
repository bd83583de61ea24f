/**
 * The built-in chains' slugs (DESIGN A11), known to the configuration so that CHAINS and the
 * per-chain settings are checked at start-up, one line per mistake. The chain registry holds the
 * chains themselves (chains/chain-registry.ts) and checks that it defines exactly these.
 */
export const CHAIN_SLUGS = [
  'base',
  'base-sepolia',
  'ethereum',
  'sepolia',
  'arbitrum',
  'optimism',
  'polygon',
  'solana',
  'solana-testnet',
  'solana-devnet',
  'evm-localnet',
  'solana-localnet',
] as const;

/** The development network's chains: their RPC comes from it (DEVNET) unless RPC_URL_<SLUG> names one. */
export const DEVNET_CHAIN_SLUGS: readonly string[] = ['evm-localnet', 'solana-localnet'];

/** Which chains are offered: every built-in one (that has an RPC), or those named. */
export type ChainSelection = 'all' | readonly string[];

/** Chains where money is real: the banner says when they are on. */
export const MAINNET_SLUGS: readonly string[] = [
  'ethereum',
  'base',
  'arbitrum',
  'optimism',
  'polygon',
  'solana',
];
