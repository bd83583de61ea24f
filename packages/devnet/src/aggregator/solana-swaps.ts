// Quotes and swap transactions against the solana-localnet pools (see ../solana/swap-pools.ts): live
// reserves from the node, a transaction paid by the wallet whose pool leg the pool authority signs.
import {
  type Address,
  appendTransactionMessageInstructions,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  lamports,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import type { SolanaRpc } from '../solana/client.ts';
import { POOL_SOL_FLOOR, type PoolAsset, type SolanaPool } from '../solana/swap-pools.ts';
import { amountOut } from './cpmm.ts';

export const MAX_COMPUTE_UNITS = 1_400_000;

export interface SolanaRoute {
  pool: SolanaPool;
  input: PoolAsset;
  output: PoolAsset;
}

export function solanaSwaps(rpc: SolanaRpc, pools: SolanaPool[]) {
  const assets = new Map<string, PoolAsset>();
  for (const p of pools) for (const a of [p.a, p.b]) assets.set(a.mint, a);

  async function reserve(pool: SolanaPool, asset: PoolAsset): Promise<bigint> {
    if (asset.kind === 'sol') {
      const { value } = await rpc.getBalance(pool.id, { commitment: 'confirmed' }).send();
      return value > POOL_SOL_FLOOR ? value - POOL_SOL_FLOOR : 0n;
    }
    const [ata] = await findAssociatedTokenPda({
      owner: pool.id,
      mint: asset.mint,
      tokenProgram: asset.program,
    });
    const { value } = await rpc.getTokenAccountBalance(ata, { commitment: 'confirmed' }).send();
    return BigInt(value.amount);
  }

  return {
    isTradable: (mint: string) => assets.has(mint),

    route(inputMint: string, outputMint: string): SolanaRoute | null {
      for (const pool of pools) {
        if (pool.a.mint === inputMint && pool.b.mint === outputMint)
          return { pool, input: pool.a, output: pool.b };
        if (pool.b.mint === inputMint && pool.a.mint === outputMint)
          return { pool, input: pool.b, output: pool.a };
      }
      return null;
    },

    async quote(route: SolanaRoute, amountIn: bigint) {
      const [reserveIn, reserveOut] = await Promise.all([
        reserve(route.pool, route.input),
        reserve(route.pool, route.output),
      ]);
      return { amountOut: amountOut(amountIn, reserveIn, reserveOut), reserveIn, reserveOut };
    },

    /**
     * The swap as one transaction: the wallet pays the fee and sends its input to the pool; the pool
     * sends the output, into the wallet's token account (created if missing) or as lamports.
     */
    async build(input: {
      route: SolanaRoute;
      user: Address;
      amountIn: bigint;
      amountOut: bigint;
      computeUnitLimit: number;
      computeUnitPrice: bigint;
    }): Promise<{ wire: string; lastValidBlockHeight: bigint }> {
      const { route, amountIn } = input;
      const user = createNoopSigner(input.user);
      const { pool } = route;
      const instructions: Instruction[] = [
        getSetComputeUnitLimitInstruction({ units: input.computeUnitLimit }),
      ];
      if (input.computeUnitPrice > 0n)
        instructions.push(getSetComputeUnitPriceInstruction({ microLamports: input.computeUnitPrice }));
      if (route.input.kind === 'sol') {
        instructions.push(
          getTransferSolInstruction({ source: user, destination: pool.id, amount: lamports(amountIn) }),
        );
      } else {
        const { mint, program } = route.input;
        const [from] = await findAssociatedTokenPda({ owner: user.address, mint, tokenProgram: program });
        const [to] = await findAssociatedTokenPda({ owner: pool.id, mint, tokenProgram: program });
        instructions.push(
          getTransferCheckedInstruction(
            {
              source: from,
              mint,
              destination: to,
              authority: user,
              amount: amountIn,
              decimals: route.input.decimals,
            },
            { programAddress: program },
          ),
        );
      }
      if (route.output.kind === 'sol') {
        instructions.push(
          getTransferSolInstruction({
            source: pool.authority,
            destination: user.address,
            amount: lamports(input.amountOut),
          }),
        );
      } else {
        const { mint, program } = route.output;
        const [from] = await findAssociatedTokenPda({ owner: pool.id, mint, tokenProgram: program });
        const [to] = await findAssociatedTokenPda({ owner: user.address, mint, tokenProgram: program });
        instructions.push(
          await getCreateAssociatedTokenIdempotentInstructionAsync({
            payer: user,
            owner: user.address,
            mint,
            ata: to,
            tokenProgram: program,
          }),
          getTransferCheckedInstruction(
            {
              source: from,
              mint,
              destination: to,
              authority: pool.authority,
              amount: input.amountOut,
              decimals: route.output.decimals,
            },
            { programAddress: program },
          ),
        );
      }
      const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(user, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      );
      const signed = await partiallySignTransactionMessageWithSigners(message);
      return {
        wire: getBase64EncodedWireTransaction(signed),
        lastValidBlockHeight: latest.lastValidBlockHeight,
      };
    },

    /** Compute units the transaction uses in simulation, or null when it fails there. */
    async unitsConsumed(wire: string): Promise<{ units: bigint | null; error: unknown }> {
      const { value } = await rpc
        .simulateTransaction(wire as Parameters<SolanaRpc['simulateTransaction']>[0], {
          encoding: 'base64',
          sigVerify: false,
          commitment: 'confirmed',
        })
        .send();
      return { units: value.err ? null : (value.unitsConsumed ?? null), error: value.err };
    },

    /** Recent prioritization fees (micro-lamports per CU) of the pool accounts, for the priority levels. */
    async recentPriorityFees(route: SolanaRoute): Promise<bigint[]> {
      const fees = await rpc.getRecentPrioritizationFees([route.pool.id]).send();
      return fees.map((f) => BigInt(f.prioritizationFee)).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    },
  };
}

export type SolanaSwaps = ReturnType<typeof solanaSwaps>;
