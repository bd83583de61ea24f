// 1inch Classic Swap API adapter (reference/aggregators.md §1): GET {base}/swap/{version}/{chainId}/
// quote | swap | approve/spender, Bearer key, slippage in percent, `protocols`/`excludedProtocols`.
// Its errors `{ error, description, statusCode, requestId, meta }` are translated here.
import { type Address, getAddress, isAddress, isHex } from 'viem';
import type { Chain } from '../../chains/chain-registry.ts';
import { EVM_NATIVE_TOKEN } from '../../domain/native-aliases.ts';
import { AppError } from '../../errors/app-error.ts';
import { callAggregator, isDigits, type UpstreamAnswer, upstreamReason } from '../aggregator-http.ts';
import type {
  AggregatorQuote,
  BuiltSwap,
  SwapAggregator,
  SwapRequest,
  TradeRequest,
} from '../swap-aggregator.ts';

export const ONEINCH_NOT_TRADABLE = 'Token not tradable on 1inch';
const SPENDER_TTL_MS = 10 * 60_000;

export interface OneInchOptions {
  baseUrl: string;
  /** Path version, e.g. v6.0. */
  version: string;
  apiKey: string | undefined;
  /** False for the development network's local aggregator, which needs none. */
  requireKey: boolean;
  timeoutMs: number;
  now?: () => number;
}

type Op = 'quote' | 'swap' | 'spender';

/**
 * 1inch has no "not tradable" code (reference §1.5). "Cannot sync token" (1inch does not know the
 * token on that chain) is its answer for an untradable token; "insufficient liquidity" also comes
 * for amounts too small or too large to route, so it is said as it is, never as "not tradable".
 */
const NOT_TRADABLE = /cannot sync token/i;
const NO_LIQUIDITY = /insufficient liquidity/i;

function translate(answer: UpstreamAnswer, op: Op, filtered: boolean): AppError {
  const reason = upstreamReason(answer.body, 'description', 'error', 'message');
  const status = answer.status;
  if (status === 429)
    return new AppError('QUOTE_FAILED', `1inch rate limit exceeded (HTTP 429): ${reason}; retry later`);
  if (status === 401 || status === 403)
    return new AppError(
      'PROVIDER_RPC_ERROR',
      `1inch refused the request (HTTP ${status}: ${reason}); check ONEINCH_API_KEY`,
    );
  if (status >= 500 || status < 400)
    return new AppError('PROVIDER_RPC_ERROR', `1inch failed (HTTP ${status}): ${reason}`);
  if (/not enough allowance/i.test(reason)) {
    const spender = /spender:\s*(0x[0-9a-fA-F]{40})/i.exec(reason)?.[1];
    const who = spender ? getAddress(spender) : 'the 1inch router';
    return new AppError(
      'INVALID_INPUT',
      `Allowance too low: approve ${who} to spend the input token with POST /token/approve first (1inch: ${reason})`,
      { details: [{ path: 'fromToken', message: `approve ${who} first` }] },
    );
  }
  if (/not enough .*balance/i.test(reason))
    return new AppError(
      'INSUFFICIENT_FUNDS',
      `The wallet holds too little of the input token (1inch: ${reason})`,
    );
  if (NOT_TRADABLE.test(reason)) return new AppError('QUOTE_FAILED', ONEINCH_NOT_TRADABLE);
  if (NO_LIQUIDITY.test(reason))
    return new AppError(
      'QUOTE_FAILED',
      filtered
        ? `1inch found no route with the given protocols: ${reason}`
        : `1inch found no route: ${reason} (for this pair at this amount; a very small or very large amount may not fill)`,
    );
  const doing =
    op === 'swap'
      ? 'could not build the swap'
      : op === 'spender'
        ? 'did not give its spender'
        : 'could not quote';
  return new AppError('QUOTE_FAILED', `1inch ${doing}: ${reason}`);
}

const unexpected = (what: string) =>
  new AppError('PROVIDER_RPC_ERROR', `1inch returned an unexpected ${what} answer`);

export function oneInchAggregator(opts: OneInchOptions): SwapAggregator {
  const now = opts.now ?? Date.now;
  const spenders = new Map<number, { address: Address; until: number }>();

  async function get(
    chain: Chain,
    op: Op,
    path: string,
    params: Record<string, string | undefined>,
    filtered = false,
  ) {
    if (opts.requireKey && !opts.apiKey)
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Trading on EVM chains needs a 1inch API key: set ONEINCH_API_KEY',
      );
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) query.set(k, v);
    const url = `${opts.baseUrl}/swap/${opts.version}/${chain.chainId}${path}${query.size ? `?${query}` : ''}`;
    const answer = await callAggregator('1inch', url, {
      headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
      timeoutMs: opts.timeoutMs,
    });
    if (answer.status !== 200) throw translate(answer, op, filtered);
    if (!answer.body || typeof answer.body !== 'object') throw unexpected(op);
    return answer.body as Record<string, unknown>;
  }

  const common = (req: TradeRequest) => ({
    src: req.fromToken,
    dst: req.toToken,
    amount: req.amount.toString(),
    ...(req.protocols ? { protocols: req.protocols.join(',') } : {}),
    ...(req.excludeProtocols ? { excludedProtocols: req.excludeProtocols.join(',') } : {}),
    ...(req.includeGas ? { includeGas: 'true' } : {}),
  });
  const filtered = (req: TradeRequest) => req.protocols !== null || req.excludeProtocols !== null;

  return {
    name: '1inch',
    programs: [],

    async quote(req): Promise<AggregatorQuote> {
      const body = await get(req.chain, 'quote', '/quote', common(req), filtered(req));
      if (!isDigits(body.dstAmount)) throw unexpected('quote');
      // v6 has no srcAmount: the input is the request's amount (reference §1.3).
      return { srcAmount: req.amount, dstAmount: BigInt(body.dstAmount), raw: body };
    },

    async spender(chain) {
      const cached = spenders.get(chain.chainId);
      if (cached && cached.until > now()) return cached.address;
      const body = await get(chain, 'spender', '/approve/spender', {});
      if (typeof body.address !== 'string' || !isAddress(body.address, { strict: false }))
        throw unexpected('spender');
      const address = getAddress(body.address);
      spenders.set(chain.chainId, { address, until: now() + SPENDER_TTL_MS });
      return address;
    },

    async buildSwap(req: SwapRequest): Promise<BuiltSwap> {
      const body = await get(
        req.chain,
        'swap',
        '/swap',
        {
          ...common(req),
          from: req.wallet,
          // Required by the v6 spec; the EOA that starts the transaction is the wallet itself.
          origin: req.wallet,
          slippage: String(req.slippage),
        },
        filtered(req),
      );
      const tx = body.tx as Record<string, unknown> | undefined;
      if (
        !isDigits(body.dstAmount) ||
        !tx ||
        typeof tx.to !== 'string' ||
        !isAddress(tx.to, { strict: false }) ||
        typeof tx.data !== 'string' ||
        !isHex(tx.data, { strict: true, even: true }) ||
        !isDigits(String(tx.value ?? '0'))
      )
        throw unexpected('swap');
      const value = BigInt(String(tx.value ?? '0'));
      // Never sign something other than what was asked: the sender and the native value must match.
      const nativeIn = req.fromToken.toLowerCase() === EVM_NATIVE_TOKEN.toLowerCase() ? req.amount : 0n;
      if (
        value !== nativeIn ||
        (typeof tx.from === 'string' && tx.from.toLowerCase() !== req.wallet.toLowerCase())
      )
        throw new AppError(
          'PROVIDER_RPC_ERROR',
          '1inch returned a transaction that does not match the swap requested',
        );
      return {
        chainType: 'ethereum',
        dstAmount: BigInt(body.dstAmount),
        tx: { to: getAddress(tx.to), data: tx.data, value },
        raw: body,
      };
    },
  };
}
