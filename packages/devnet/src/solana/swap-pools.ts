// The pools of solana-localnet. Without an AMM program on the node, a pool is a published keypair (its
// authority) holding the pool's SOL and token accounts: the local aggregator builds each swap
// transaction with real System and Token transfers both ways and co-signs the pool's leg, so the
// wallet's signature completes it and the swap really moves SOL and SPL tokens. Keys are public on
// purpose (development network only), so the addresses are the same on every start.
import { createHash } from 'node:crypto';
import {
  type Address,
  address,
  createKeyPairSignerFromPrivateKeyBytes,
  type KeyPairSigner,
} from '@solana/kit';
import type { SolanaRpc } from './client.ts';
import { waitForSignature } from './client.ts';
import { DEVNET_MINT_DECIMALS, SPL_MINT_SYMBOL, TOKEN_2022_MINT_SYMBOL } from './dev-keys.ts';
import { fundSolana } from './fund.ts';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './token-layout.ts';

/** The wrapped SOL mint: how Jupiter names SOL (swaps wrap and unwrap it; here SOL moves natively). */
export const WSOL_MINT = address('So11111111111111111111111111111111111111112');
/** Lamports a SOL-holding pool authority keeps out of its reserve (rent exemption and margin). */
export const POOL_SOL_FLOOR = 1_000_000_000n;
/** The route label the local Jupiter reports, as Jupiter names its DEXes. */
export const DEVNET_DEX_LABEL = 'Devnet CPMM';

export type PoolAsset =
  | { kind: 'sol'; mint: Address; symbol: 'SOL'; decimals: 9 }
  | { kind: 'token'; mint: Address; symbol: string; decimals: number; program: Address };

export interface SolanaPool {
  /** The authority's address; Jupiter's `ammKey`. */
  id: Address;
  authority: KeyPairSigner;
  a: PoolAsset;
  b: PoolAsset;
}

const SOL: PoolAsset = { kind: 'sol', mint: WSOL_MINT, symbol: 'SOL', decimals: 9 };
const UNIT = 10n ** BigInt(DEVNET_MINT_DECIMALS);

async function authority(label: string): Promise<KeyPairSigner> {
  const seed = createHash('sha256').update(`wallet-automation-api devnet: solana pool ${label}`).digest();
  return createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed));
}

const POOL_LIQUIDITY: Record<string, [bigint, bigint]> = {
  'SOL/TSPL': [1_000n * 10n ** 9n, 150_000n * UNIT],
  'SOL/T22': [500n * 10n ** 9n, 75_000n * UNIT],
  'TSPL/T22': [100_000n * UNIT, 100_000n * UNIT],
};

/** Every pair of SOL and the two test mints, so any two tradable assets have a direct route. */
export async function solanaPools(mints: { splMint: string; token2022Mint: string }): Promise<SolanaPool[]> {
  const tspl: PoolAsset = {
    kind: 'token',
    mint: address(mints.splMint),
    symbol: SPL_MINT_SYMBOL,
    decimals: DEVNET_MINT_DECIMALS,
    program: address(TOKEN_PROGRAM),
  };
  const t22: PoolAsset = {
    kind: 'token',
    mint: address(mints.token2022Mint),
    symbol: TOKEN_2022_MINT_SYMBOL,
    decimals: DEVNET_MINT_DECIMALS,
    program: address(TOKEN_2022_PROGRAM),
  };
  const pools: SolanaPool[] = [];
  for (const [a, b] of [
    [SOL, tspl],
    [SOL, t22],
    [tspl, t22],
  ] as const) {
    const signer = await authority(`${a.symbol}/${b.symbol}`);
    pools.push({ id: signer.address, authority: signer, a, b });
  }
  return pools;
}

/** Gives each pool its liquidity: SOL by airdrop, tokens by minting into the authority's accounts. */
export async function seedSolanaPools(rpc: SolanaRpc, pools: SolanaPool[]): Promise<void> {
  await Promise.all(
    pools.map(async (pool) => {
      const [amountA, amountB] = POOL_LIQUIDITY[`${pool.a.symbol}/${pool.b.symbol}`] ?? [0n, 0n];
      const solReserve = (pool.a.kind === 'sol' ? amountA : 0n) + (pool.b.kind === 'sol' ? amountB : 0n);
      const signature = await rpc.requestAirdrop(pool.id, (solReserve + POOL_SOL_FLOOR) as never).send();
      await waitForSignature(rpc, signature);
      for (const [asset, amount] of [
        [pool.a, amountA],
        [pool.b, amountB],
      ] as const)
        if (asset.kind === 'token') await fundSolana(rpc, { address: pool.id, amount, token: asset.mint });
    }),
  );
}
