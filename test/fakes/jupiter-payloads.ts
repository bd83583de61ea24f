// Jupiter Swap API v1 payloads as documented (shared/reference/aggregators.md §3.2-3.3, 3.6 and
// upstream/jup-swap-v1.yaml): the quote, the swap answer with an unsigned base64 versioned transaction
// paid by userPublicKey, and errors `{ error, errorCode }` (a gateway 429 is plain text).
import { randomBytes } from 'node:crypto';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import {
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import type { FakeAnswer } from './fake-upstream.ts';

export const JUPITER_PROGRAM = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const WSOL_MINT = 'So11111111111111111111111111111111111111112';

export const jupiterError = (error: string, errorCode: string, status = 400): FakeAnswer => ({
  status,
  json: { error, errorCode },
});

/** The spec's example quote, with the request's mints and amount. */
export function quoteFor(query: URLSearchParams, outAmount = '17057460'): FakeAnswer {
  const slippageBps = Number(query.get('slippageBps') ?? 50);
  const inAmount = query.get('amount') ?? '0';
  return {
    status: 200,
    json: {
      inputMint: query.get('inputMint'),
      inAmount,
      outputMint: query.get('outputMint'),
      outAmount,
      otherAmountThreshold: ((BigInt(outAmount) * BigInt(10_000 - slippageBps)) / 10_000n).toString(),
      swapMode: 'ExactIn',
      slippageBps,
      priceImpactPct: '0.0001',
      platformFee: { amount: '0', feeBps: 0 },
      routePlan: [
        {
          swapInfo: {
            ammKey: 'HXpG3pQGkBWxLCkVWXD7HyEc1Qt5G3JvG5fLq1mVnY2G',
            label: 'Meteora DLMM',
            inputMint: query.get('inputMint'),
            outputMint: query.get('outputMint'),
            inAmount,
            outAmount,
          },
          percent: 100,
        },
      ],
      contextSlot: 324307186,
      timeTaken: 0.012,
    },
  };
}

/** A swap transaction as Jupiter builds it: fee payer first, compute budget, then the router. */
export function swapTransaction(
  feePayer: string,
  opts: { units?: number; microLamports?: bigint } = {},
): string {
  const blockhash = getBase58Decoder().decode(randomBytes(32)) as Blockhash;
  const router: Instruction = {
    programAddress: address(JUPITER_PROGRAM),
    accounts: [{ address: address(feePayer) as Address, role: 3 }],
    data: new Uint8Array([229, 23, 203, 151, 122, 227, 173, 42]),
  };
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 279_632_475n }, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getSetComputeUnitLimitInstruction({ units: opts.units ?? 300_000 }),
          getSetComputeUnitPriceInstruction({ microLamports: opts.microLamports ?? 1_000n }),
          router,
        ],
        m,
      ),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}

export const swapAnswer = (swapTransactionBase64: string): FakeAnswer => ({
  status: 200,
  json: {
    swapTransaction: swapTransactionBase64,
    lastValidBlockHeight: 279632475,
    prioritizationFeeLamports: 9999,
    computeUnitLimit: 388876,
    prioritizationType: { computeBudget: { microLamports: 25715, estimatedMicroLamports: 785154 } },
    dynamicSlippageReport: null,
    simulationError: null,
  },
});

/** A transaction paid by `wallet` with the given instructions (after a compute limit), as an aggregator would return it. */
export function transactionFor(wallet: string, instructions: Instruction[]): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(wallet), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 1000n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [getSetComputeUnitLimitInstruction({ units: 200_000 }), ...instructions],
        m,
      ),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}
