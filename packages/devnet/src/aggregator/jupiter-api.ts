// The Jupiter Metis Swap API v1 (`GET /quote`, `POST /swap`) as documented in
// shared/reference/aggregators.md §3.2-3.3 and §3.6, answered from the solana-localnet pools. Errors use
// Jupiter's shape `{ error, errorCode }` with its documented codes.
import { address, isAddress } from '@solana/kit';
import { DEVNET_DEX_LABEL } from '../solana/swap-pools.ts';
import { minimumOut, POOL_FEE_BPS, priceImpactPct } from './cpmm.ts';
import type { ApiResponse } from './http.ts';
import { MAX_COMPUTE_UNITS, type SolanaSwaps } from './solana-swaps.ts';

const U64_MAX = 2n ** 64n - 1n;
const PRIORITY_PERCENTILE = { medium: 25, high: 50, veryHigh: 75 } as const;
/** Jupiter's `auto` priority fee, when the request names no cap. */
const AUTO_MAX_LAMPORTS = 5_000_000n;

const fail = (error: string, errorCode: string, status = 400): ApiResponse => ({
  status,
  body: { error, errorCode },
});

function listParam(query: URLSearchParams, name: string): string[] | null {
  const values = query.getAll(name).flatMap((v) => v.split(','));
  const names = values.map((v) => v.trim()).filter(Boolean);
  return names.length > 0 ? names : null;
}

function u64(raw: unknown): bigint | null {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^\d+$/.test(text)) return null;
  const value = BigInt(text);
  return value <= U64_MAX ? value : null;
}

type PriorityRequest =
  | { kind: 'level'; level: keyof typeof PRIORITY_PERCENTILE; maxLamports: bigint }
  | { kind: 'lamports'; lamports: bigint }
  | { kind: 'price'; microLamports: bigint };

function priorityOf(body: Record<string, unknown>): PriorityRequest | ApiResponse {
  const fee = body.prioritizationFeeLamports;
  const price = body.computeUnitPriceMicroLamports;
  if (fee !== undefined && price !== undefined)
    return fail(
      'Cannot use both computeUnitPriceMicroLamports and prioritizationFeeLamports',
      'INVALID_COMPUTE_UNIT_PRICE_AND_PRIORITIZATION_FEE',
    );
  if (price !== undefined) {
    const microLamports = u64(price);
    return microLamports === null
      ? fail('computeUnitPriceMicroLamports must be an unsigned integer', 'INVALID_REQUEST')
      : { kind: 'price', microLamports };
  }
  if (fee === undefined || fee === 'auto')
    return { kind: 'level', level: 'medium', maxLamports: AUTO_MAX_LAMPORTS };
  const lamports = u64(fee);
  if (lamports !== null) return { kind: 'lamports', lamports };
  const withMax = (
    fee as { priorityLevelWithMaxLamports?: { priorityLevel?: string; maxLamports?: unknown } }
  )?.priorityLevelWithMaxLamports;
  const maxLamports = u64(withMax?.maxLamports);
  if (withMax && maxLamports !== null && (withMax.priorityLevel ?? '') in PRIORITY_PERCENTILE)
    return { kind: 'level', level: withMax.priorityLevel as keyof typeof PRIORITY_PERCENTILE, maxLamports };
  return fail(
    'prioritizationFeeLamports is not supported by the local aggregator in this form',
    'NOT_SUPPORTED',
  );
}

export function jupiterApi(swaps: SolanaSwaps) {
  async function quote(query: URLSearchParams): Promise<ApiResponse> {
    const started = performance.now();
    const inputMint = query.get('inputMint') ?? '';
    const outputMint = query.get('outputMint') ?? '';
    for (const [name, value] of [
      ['inputMint', inputMint],
      ['outputMint', outputMint],
    ] as const)
      if (!isAddress(value))
        return fail(`Query parameter ${name} is not a valid mint: "${value}"`, 'INVALID_REQUEST');
    const amount = u64(query.get('amount'));
    if (amount === null || amount === 0n)
      return fail('Query parameter amount must be a positive integer (u64)', 'INVALID_REQUEST');
    const slippageBps = query.has('slippageBps') ? Number(query.get('slippageBps')) : 50;
    if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > 10_000)
      return fail('Query parameter slippageBps must be an integer from 0 to 10000', 'INVALID_REQUEST');
    if ((query.get('swapMode') ?? 'ExactIn') !== 'ExactIn')
      return fail('ExactOut is not supported by these pools', 'NOT_SUPPORTED');
    const dexes = listParam(query, 'dexes');
    const excludeDexes = listParam(query, 'excludeDexes');
    if (dexes && excludeDexes) return fail('Cannot use both dexes and excludeDexes', 'INVALID_REQUEST');
    if (inputMint === outputMint)
      return fail('Circular arbitrage is disabled', 'CIRCULAR_ARBITRAGE_IS_DISABLED');
    for (const mint of [inputMint, outputMint])
      if (!swaps.isTradable(mint)) return fail(`The token ${mint} is not tradable`, 'TOKEN_NOT_TRADABLE');
    const route = swaps.route(inputMint, outputMint);
    if (!route || (dexes && !dexes.includes(DEVNET_DEX_LABEL)) || excludeDexes?.includes(DEVNET_DEX_LABEL))
      return fail('No routes found', 'NO_ROUTES_FOUND');
    const priced = await swaps.quote(route, amount);
    if (priced.amountOut === 0n) return fail('Could not find any route', 'COULD_NOT_FIND_ANY_ROUTE');
    const out = priced.amountOut;
    return {
      status: 200,
      body: {
        inputMint,
        inAmount: amount.toString(),
        outputMint,
        outAmount: out.toString(),
        otherAmountThreshold: minimumOut(out, BigInt(slippageBps)).toString(),
        swapMode: 'ExactIn',
        slippageBps,
        // As Jupiter answers without a platform fee (QuoteResponse.platformFee, jup-swap-v1.yaml).
        platformFee: { amount: '0', feeBps: 0 },
        priceImpactPct: priceImpactPct(amount, out, priced.reserveIn, priced.reserveOut),
        routePlan: [
          {
            swapInfo: {
              ammKey: route.pool.id,
              label: DEVNET_DEX_LABEL,
              inputMint,
              outputMint,
              inAmount: amount.toString(),
              outAmount: out.toString(),
              feeAmount: ((amount * POOL_FEE_BPS) / 10_000n).toString(),
              feeMint: inputMint,
            },
            percent: 100,
            bps: 10_000,
          },
        ],
        timeTaken: (performance.now() - started) / 1000,
      },
    };
  }

  async function swap(raw: unknown): Promise<ApiResponse> {
    const body = (raw ?? {}) as Record<string, unknown>;
    const user = typeof body.userPublicKey === 'string' ? body.userPublicKey : '';
    if (!isAddress(user)) return fail('userPublicKey must be a valid public key', 'INVALID_REQUEST');
    const q = body.quoteResponse as Record<string, unknown> | undefined;
    const inAmount = u64(q?.inAmount);
    const threshold = u64(q?.otherAmountThreshold);
    if (
      !q ||
      typeof q.inputMint !== 'string' ||
      typeof q.outputMint !== 'string' ||
      !inAmount ||
      threshold === null
    )
      return fail('quoteResponse must be the response of GET /quote', 'INVALID_REQUEST');
    const route = swaps.route(q.inputMint, q.outputMint);
    if (!route) return fail('No routes found', 'NO_ROUTES_FOUND');
    if (body.wrapAndUnwrapSol === false && (route.input.kind === 'sol' || route.output.kind === 'sol'))
      return fail('These pools trade native SOL only: wrapAndUnwrapSol must be true', 'NOT_SUPPORTED');
    const priority = priorityOf(body);
    if ('status' in priority) return priority;

    // The transaction pays what the pool gives now, and refuses to be built below the quote's minimum,
    // where a real AMM program would fail on chain with a slippage error.
    const { amountOut } = await swaps.quote(route, inAmount);
    if (amountOut < threshold || amountOut === 0n)
      return fail(
        `Slippage tolerance exceeded: the pool now gives ${amountOut}, below otherAmountThreshold ${threshold}`,
        'SLIPPAGE_TOLERANCE_EXCEEDED',
      );
    const build = (computeUnitLimit: number, computeUnitPrice: bigint) =>
      swaps.build({
        route,
        user: address(user),
        amountIn: inAmount,
        amountOut,
        computeUnitLimit,
        computeUnitPrice,
      });

    let computeUnitLimit = MAX_COMPUTE_UNITS;
    let simulationError: unknown = null;
    if (body.dynamicComputeUnitLimit === true) {
      const simulated = await swaps.unitsConsumed((await build(MAX_COMPUTE_UNITS, 0n)).wire);
      if (simulated.units !== null)
        computeUnitLimit = Math.min(MAX_COMPUTE_UNITS, Math.ceil(Number(simulated.units) * 1.2) + 1_000);
      else
        simulationError = {
          errorCode: 'TRANSACTION_SIMULATION_FAILED',
          // Transaction errors carry bigints (lamports): written as strings, like a node does.
          error: JSON.stringify(simulated.error, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
        };
    }
    let microLamports: bigint;
    if (priority.kind === 'price') microLamports = priority.microLamports;
    else if (priority.kind === 'lamports')
      microLamports = (priority.lamports * 1_000_000n) / BigInt(computeUnitLimit);
    else {
      const fees = await swaps.recentPriorityFees(route);
      const index = Math.floor(((fees.length - 1) * PRIORITY_PERCENTILE[priority.level]) / 100);
      const wanted = fees[index] ?? 0n;
      const cap = (priority.maxLamports * 1_000_000n) / BigInt(computeUnitLimit);
      microLamports = wanted < cap ? wanted : cap;
    }
    const built = await build(computeUnitLimit, microLamports);
    const feeLamports = (microLamports * BigInt(computeUnitLimit) + 999_999n) / 1_000_000n;
    return {
      status: 200,
      body: {
        swapTransaction: built.wire,
        lastValidBlockHeight: Number(built.lastValidBlockHeight),
        prioritizationFeeLamports: Number(feeLamports),
        computeUnitLimit,
        prioritizationType: {
          computeBudget: {
            microLamports: Number(microLamports),
            estimatedMicroLamports: Number(microLamports),
          },
        },
        dynamicSlippageReport: null,
        simulationError,
      },
    };
  }

  return { quote, swap };
}
