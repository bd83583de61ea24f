// Jupiter Swap API v1 adapter (reference/aggregators.md §3.2-3.3, 3.6): GET {base}/quote, POST
// {base}/swap with an optional x-api-key. Slippage goes as slippageBps, protocols as dexes/
// excludeDexes, and the swap asks for a dynamic compute-unit limit and a priority fee capped by
// configuration; the returned versioned transaction is checked (fee payer, priority fee) before it
// goes to the wallet provider, and confirmed against its own blockhash and lastValidBlockHeight.
import { getBase64Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  MEMO_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '../../chains/solana/program-ids.ts';
import { AppError } from '../../errors/app-error.ts';
import { callAggregator, isDigits, type UpstreamAnswer, upstreamReason } from '../aggregator-http.ts';
import type {
  AggregatorQuote,
  BuiltSwap,
  SwapAggregator,
  SwapRequest,
  TradeRequest,
} from '../swap-aggregator.ts';

export const JUPITER_NOT_TRADABLE = 'Token not tradable on Jupiter';
export const JUPITER_PROGRAM = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
/** Programs every swap touches; the one left is the router (or, for the local pools, none). */
const PLUMBING = new Set<string>([
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  MEMO_PROGRAM_ADDRESS,
]);

export interface JupiterOptions {
  /** Base URL including the API path, e.g. https://api.jup.ag/swap/v1. */
  baseUrl: string;
  apiKey: string | undefined;
  /** Most lamports the swap may pay as priority fee (compute-unit price x limit). */
  priorityFeeCapLamports: bigint;
  timeoutMs: number;
}

/** Swap API v2's numeric `errorCode`s of its aggregator routers (jup-swap-v2.yaml, /order). */
const V2_ERROR_CODES: Record<number, string> = {
  1: 'insufficient funds',
  2: 'insufficient SOL for gas',
  3: 'swap below the minimum for gasless',
};

/**
 * The reason in a Jupiter error body, in each documented shape: v1 `{error, errorCode}`, v2
 * `{error}`, `{errorMessage, errorCode: <number>}` (its order/build answers) and `{error, code}`
 * (execute), a nested `{error: {message}}`, or plain text from a gateway.
 */
export function jupiterReason(body: unknown): string {
  const fields = ['error', 'errorMessage', 'message', 'description', 'detail'];
  let reason = upstreamReason(body, ...fields);
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  if (reason === 'no reason given' && record?.error && typeof record.error === 'object')
    reason = upstreamReason(record.error, ...fields);
  const numeric = typeof record?.errorCode === 'number' ? record.errorCode : undefined;
  if (reason === 'no reason given' && numeric !== undefined && V2_ERROR_CODES[numeric])
    reason = V2_ERROR_CODES[numeric] as string;
  return reason;
}

function translate(answer: UpstreamAnswer, op: 'quote' | 'swap', filtered: boolean): AppError {
  const reason = jupiterReason(answer.body);
  const rawCode = (answer.body as { errorCode?: unknown; code?: unknown } | null)?.errorCode;
  const code = typeof rawCode === 'number' ? `errorCode ${rawCode}` : rawCode;
  const status = answer.status;
  if (code === 'TOKEN_NOT_TRADABLE') return new AppError('QUOTE_FAILED', JUPITER_NOT_TRADABLE);
  if (status === 429)
    return new AppError('QUOTE_FAILED', `Jupiter rate limit exceeded (HTTP 429): ${reason}; retry later`);
  if (status === 401 || status === 403)
    return new AppError(
      'PROVIDER_RPC_ERROR',
      `Jupiter refused the request (HTTP ${status}: ${reason}); check JUPITER_API_KEY`,
    );
  if (status >= 500 || status < 400)
    return new AppError('PROVIDER_RPC_ERROR', `Jupiter failed (HTTP ${status}): ${reason}`);
  const suffix = typeof code === 'string' ? ` (${code})` : '';
  if (code === 'NO_ROUTES_FOUND' || code === 'COULD_NOT_FIND_ANY_ROUTE')
    return new AppError(
      'QUOTE_FAILED',
      `Jupiter found no route${filtered ? ' with the given protocols' : ''}: ${reason}${suffix}`,
    );
  return new AppError(
    'QUOTE_FAILED',
    `Jupiter ${op === 'swap' ? 'could not build the swap' : 'could not quote'}: ${reason}${suffix}`,
  );
}

const unexpected = (what: string) =>
  new AppError('PROVIDER_RPC_ERROR', `Jupiter returned an unexpected ${what} answer`);

interface DecodedSwap {
  feePayer: string;
  programs: string[];
  computeUnitLimit: bigint;
  computeUnitPrice: bigint;
}

function decodeSwap(wire: string): DecodedSwap {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes) as unknown as {
    staticAccounts: string[];
    instructions: { programAddressIndex: number; data?: Uint8Array }[];
  };
  let computeUnitLimit = 200_000n;
  let computeUnitPrice = 0n;
  const programs: string[] = [];
  for (const ix of message.instructions) {
    const program = message.staticAccounts[ix.programAddressIndex] ?? '';
    programs.push(program);
    const data = ix.data ? Uint8Array.from(ix.data) : new Uint8Array();
    if (program !== COMPUTE_BUDGET_PROGRAM_ADDRESS) continue;
    const view = new DataView(data.buffer);
    if (data[0] === 2 && data.length >= 5) computeUnitLimit = BigInt(view.getUint32(1, true));
    if (data[0] === 3 && data.length >= 9) computeUnitPrice = view.getBigUint64(1, true);
  }
  return { feePayer: message.staticAccounts[0] ?? '', programs, computeUnitLimit, computeUnitPrice };
}

export function jupiterAggregator(opts: JupiterOptions): SwapAggregator {
  const headers = opts.apiKey ? { 'x-api-key': opts.apiKey } : undefined;
  const filtered = (req: TradeRequest) => req.protocols !== null || req.excludeProtocols !== null;

  async function quoteRaw(req: TradeRequest, slippageBps: number) {
    if (req.protocols && req.excludeProtocols)
      throw new AppError('INVALID_INPUT', 'protocols and excludeProtocols cannot be combined on Solana', {
        details: [{ path: 'excludeProtocols', message: 'Jupiter takes dexes or excludeDexes, not both' }],
      });
    const query = new URLSearchParams({
      inputMint: req.fromToken,
      outputMint: req.toToken,
      amount: req.amount.toString(),
      slippageBps: String(slippageBps),
    });
    // Comma-separated, as the API documents (not the SDK's repeated keys).
    if (req.protocols) query.set('dexes', req.protocols.join(','));
    if (req.excludeProtocols) query.set('excludeDexes', req.excludeProtocols.join(','));
    const answer = await callAggregator('Jupiter', `${opts.baseUrl}/quote?${query}`, {
      ...(headers ? { headers } : {}),
      timeoutMs: opts.timeoutMs,
    });
    if (answer.status !== 200) throw translate(answer, 'quote', filtered(req));
    const body = answer.body as Record<string, unknown> | null;
    if (
      !body ||
      !isDigits(body.inAmount) ||
      !isDigits(body.outAmount) ||
      !isDigits(body.otherAmountThreshold)
    )
      throw unexpected('quote');
    return body;
  }

  return {
    name: 'Jupiter',
    // Jupiter's v6 aggregator program: the router every swap it builds goes through.
    programs: [JUPITER_PROGRAM],

    async quote(req): Promise<AggregatorQuote> {
      // The quote endpoint has no slippage of ours: 1%, the swap's default.
      const body = await quoteRaw(req, 100);
      return {
        srcAmount: BigInt(body.inAmount as string),
        dstAmount: BigInt(body.outAmount as string),
        raw: body,
      };
    },

    spender: async () => null,

    async buildSwap(req: SwapRequest): Promise<BuiltSwap> {
      const quote = await quoteRaw(req, Math.round(req.slippage * 100));
      const answer = await callAggregator('Jupiter', `${opts.baseUrl}/swap`, {
        method: 'POST',
        ...(headers ? { headers } : {}),
        body: {
          quoteResponse: quote,
          userPublicKey: req.wallet,
          wrapAndUnwrapSol: true,
          dynamicComputeUnitLimit: true,
          prioritizationFeeLamports: {
            priorityLevelWithMaxLamports: {
              priorityLevel: 'veryHigh',
              maxLamports: Number(opts.priorityFeeCapLamports),
            },
          },
        },
        timeoutMs: opts.timeoutMs,
      });
      if (answer.status !== 200) throw translate(answer, 'swap', filtered(req));
      const body = answer.body as Record<string, unknown> | null;
      const lastValid = body?.lastValidBlockHeight;
      if (
        !body ||
        typeof body.swapTransaction !== 'string' ||
        !(typeof lastValid === 'number' || isDigits(lastValid))
      )
        throw unexpected('swap');
      let decoded: DecodedSwap;
      try {
        decoded = decodeSwap(body.swapTransaction);
      } catch (err) {
        throw new AppError('PROVIDER_RPC_ERROR', 'Jupiter returned a transaction that cannot be decoded', {
          cause: err,
        });
      }
      if (decoded.feePayer !== req.wallet)
        throw new AppError(
          'PROVIDER_RPC_ERROR',
          `Jupiter returned a transaction not paid by wallet ${req.wallet}`,
        );
      const priorityFee = (decoded.computeUnitPrice * decoded.computeUnitLimit + 999_999n) / 1_000_000n;
      if (priorityFee > opts.priorityFeeCapLamports)
        throw new AppError(
          'PROVIDER_RPC_ERROR',
          `Jupiter's transaction pays a priority fee of ${priorityFee} lamports, above the cap of ${opts.priorityFeeCapLamports} (JUPITER_PRIORITY_FEE_CAP_LAMPORTS)`,
        );
      const route = (quote.routePlan as { swapInfo?: { ammKey?: string } }[] | undefined)?.[0];
      const program =
        decoded.programs.find((p) => !PLUMBING.has(p)) ??
        route?.swapInfo?.ammKey ??
        decoded.programs.at(-1) ??
        '';
      return {
        chainType: 'solana',
        dstAmount: BigInt(quote.outAmount as string),
        minDstAmount: BigInt(quote.otherAmountThreshold as string),
        wire: body.swapTransaction,
        lastValidBlockHeight: BigInt(lastValid as number | string),
        program,
        raw: { quote, swap: { ...body, swapTransaction: undefined } },
      };
    },
  };
}
