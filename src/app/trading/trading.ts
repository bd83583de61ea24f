import type { Static } from 'typebox';
// The trade use cases (spec: POST /trade/quote and /trade/swap; DESIGN A10): resolve and check the
// request, ask the chain's aggregator, and for a swap hand the upstream-built transaction to the
// write path (idempotency, signing by the wallet provider, tracking).
import type { ChainFamily } from '../../chains/chain-family.ts';
import type { Chain, ChainRegistry } from '../../chains/chain-registry.ts';
import type { ChainFamilies } from '../../chains/families.ts';
import type { UserId } from '../../domain/ids.ts';
import { AppError, invalidInput } from '../../errors/app-error.ts';
import type { TradeQuoteBody, TradeQuoteResponse, TradeSwapBody } from '../../schemas/trading.ts';
import type { AggregatorFor } from '../../swap-aggregators/aggregators.ts';
import type { BuiltSwap, SwapAggregator, TradeRequest } from '../../swap-aggregators/swap-aggregator.ts';
import type { WriteSpend } from '../key-write-rules.ts';
import type { WriteIntent } from '../transactions/write-intents.ts';
import type { WalletsService } from '../wallets.ts';
import { resolveWriteWallet } from '../write-wallet.ts';

/** The bodies and the quote of the trade endpoints, as their schemas define them (the one source). */
export type QuoteBody = Static<typeof TradeQuoteBody>;
export type SwapBody = Static<typeof TradeSwapBody>;
export type TradeQuoteView = Static<typeof TradeQuoteResponse>['quote'];

export interface TradingDeps {
  chains: ChainRegistry;
  families: ChainFamilies;
  wallets: WalletsService;
  aggregatorFor: AggregatorFor;
  /** ONEINCH_ALLOW_UNKNOWN_ROUTER_METHODS: sign router calls whose method cannot be checked. */
  allowUnknownRouterMethods?: boolean;
}

export const DEFAULT_SLIPPAGE = 1;

function protocolList(field: string, raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  const names = raw.split(',').map((p) => p.trim());
  if (names.some((n) => n === ''))
    throw invalidInput(field, 'must be a comma-separated list of names, with no empty entry');
  return names;
}

/** The chain and its family, if trading is offered there (mainnets; the development network with its aggregator). */
function tradingChain(families: ChainFamilies, slug: string): { chain: Chain; family: ChainFamily } {
  const found = families.get(slug);
  if (!found.chain.trading)
    throw new AppError(
      'CHAIN_UNKNOWN',
      `Trading is not available on ${slug}: ${found.family.noTradingReason}`,
      {
        details: [{ path: 'chain', message: 'trading is not available on this chain' }],
      },
    );
  return found;
}

/** A trade as the aggregators take it, its family, and its input to approve (null: none applies). */
interface Trade {
  req: TradeRequest;
  family: ChainFamily;
  approvalToken: string | null;
}

function tradeRequest(families: ChainFamilies, body: QuoteBody): Trade {
  const { chain, family } = tradingChain(families, body.chain);
  const from = family.tradeToken('fromToken', body.fromToken);
  const toToken = family.tradeToken('toToken', body.toToken).token;
  if (from.token.toLowerCase() === toToken.toLowerCase())
    throw invalidInput('toToken', 'must differ from fromToken');
  const amount = family.parseAmount('amount', body.amount);
  if (amount === 0n) throw invalidInput('amount', 'must be greater than zero');
  const req: TradeRequest = {
    chain,
    fromToken: from.token,
    toToken,
    amount,
    includeGas: body.includeGas ?? false,
    protocols: protocolList('protocols', body.protocols),
    excludeProtocols: protocolList('excludeProtocols', body.excludeProtocols),
  };
  return { req, family, approvalToken: from.approvalToken };
}

export function tradingService(deps: TradingDeps) {
  return {
    /** A quote; with `from` and an ERC20 input, whether the on-chain allowance covers the amount. */
    async quote(body: QuoteBody): Promise<TradeQuoteView> {
      const { req, family, approvalToken } = tradeRequest(deps.families, body);
      // `from` of a quote, checked for the chain: the owner whose allowance is read.
      const owner = body.from === undefined ? undefined : family.parseAddress('from', body.from);
      const aggregator = deps.aggregatorFor(req.chain);
      const [quote, spender] = await Promise.all([
        aggregator.quote(req),
        approvalToken ? aggregator.spender(req.chain) : Promise.resolve(null),
      ]);
      const view: TradeQuoteView = {
        srcAmount: quote.srcAmount.toString(),
        dstAmount: quote.dstAmount.toString(),
        fromToken: req.fromToken,
        toToken: req.toToken,
        raw: quote.raw,
      };
      if (!approvalToken || !family.allowance) return { ...view, approvalNeeded: false };
      if (!spender) return view;
      const withSpender = { ...view, spender, allowanceTarget: spender };
      if (owner === undefined) return withSpender;
      const allowance = await family.allowance(req.chain, approvalToken, owner, spender);
      return { ...withSpender, approvalNeeded: allowance < req.amount };
    },

    /**
     * Validates a swap at once (so a 400 leaves no idempotency record) and returns how to build
     * it, which the write path runs once the Idempotency-Key is claimed: a replay never calls
     * the aggregator.
     */
    swapBuilder(
      userId: UserId,
      body: SwapBody,
    ): { build: () => Promise<WriteIntent>; spend: WriteSpend; kind: 'swap' } {
      const trade = tradeRequest(deps.families, body);
      const { req, family } = trade;
      // Checked with the rest of the request, before the Idempotency-Key is claimed (DESIGN A4).
      if (body.from !== undefined) family.parseAddress('from', body.from);
      const slippage = body.slippage ?? DEFAULT_SLIPPAGE;
      if (!(slippage > 0 && slippage <= 50))
        throw invalidInput('slippage', 'must be a percent above 0 and at most 50');
      // What an API key's limits count: the input, native when it is the chain's native coin
      // (wrapped SOL included: Jupiter wraps the SOL it takes).
      const native = family.isNativeTradeToken(req.fromToken);
      return {
        kind: 'swap',
        build: () => buildSwapIntent(userId, body, trade, slippage),
        spend: {
          chain: req.chain.slug,
          chainType: req.chain.chainType,
          moves: [{ asset: native ? 'native' : req.fromToken, amount: req.amount }],
        },
      };
    },
  };

  /**
   * The write intent of a swap: the caller's wallet, an allowance check for an ERC20 input (400
   * naming the spender to approve), then the transaction the aggregator builds for that wallet.
   */
  async function buildSwapIntent(
    userId: UserId,
    body: SwapBody,
    { req, family, approvalToken }: Trade,
    slippage: number,
  ): Promise<WriteIntent> {
    const wallet = await resolveWriteWallet(deps.wallets, userId, req.chain, body.from);
    const aggregator = deps.aggregatorFor(req.chain);
    if (approvalToken && family.allowance) {
      const spender = await aggregator.spender(req.chain);
      if (spender) {
        const owner = family.parseAddress('from', wallet.address);
        const allowance = await family.allowance(req.chain, approvalToken, owner, spender);
        if (allowance < req.amount)
          throw new AppError(
            'INVALID_INPUT',
            `Allowance too low: wallet ${owner} allows spender ${spender} ${allowance} of token ${req.fromToken}, the swap needs ${req.amount}; approve ${spender} with POST /token/approve first`,
            { details: [{ path: 'fromToken', message: `approve spender ${spender} first` }] },
          );
      }
    }
    const built = await aggregator.buildSwap({ ...req, wallet: wallet.address, slippage });
    await checkBuiltSwap(family, aggregator, built, {
      req,
      wallet: wallet.address,
      slippage,
      allowUnknownMethods: deps.allowUnknownRouterMethods ?? false,
    });
    const details: Record<string, string> = {
      aggregator: aggregator.name,
      fromToken: req.fromToken,
      toToken: req.toToken,
      amount: req.amount.toString(),
      expectedAmount: built.dstAmount.toString(),
      slippage: String(slippage),
    };
    return family.swap(req.chain, built, { req, wallet: wallet.address, details });
  }
}

/**
 * Looks at what the aggregator built before anything is signed (issue 11, issue 26 item 6): an EVM
 * swap must call the aggregator's router (the spender it names) with the trade asked for (receiver,
 * input, amount, output, least return), a Solana swap may only do what a swap does and deliver to
 * the wallet. Otherwise 502 SEND_FAILED, naming what was wrong, and nothing is signed.
 */
async function checkBuiltSwap(
  family: ChainFamily,
  aggregator: SwapAggregator,
  built: BuiltSwap,
  asked: { req: TradeRequest; wallet: string; slippage: number; allowUnknownMethods: boolean },
) {
  const refusal = await family.swapRefusal(aggregator, built, asked);
  if (refusal)
    throw new AppError(
      'SEND_FAILED',
      `${aggregator.name} built a swap transaction that was refused, nothing was signed: ${refusal}`,
    );
}

export type TradingService = ReturnType<typeof tradingService>;
