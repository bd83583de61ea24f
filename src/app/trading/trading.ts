import type { Static } from 'typebox';
// The trade use cases (spec: POST /trade/quote and /trade/swap; DESIGN A10): resolve and check the
// request, ask the chain's aggregator, and for a swap hand the upstream-built transaction to the
// write path (idempotency, signing by the wallet provider, tracking).
import { erc20Abi, getAddress } from 'viem';
import type { Chain, ChainRegistry } from '../../chains/chain-registry.ts';
import { type ChainClients, rpcError } from '../../chains/rpc-clients.ts';
import { type EvmAddress, parseEvmAddress, parseSolanaAddress } from '../../domain/addresses.ts';
import type { UserId } from '../../domain/ids.ts';
import { AppError, invalidInput } from '../../errors/app-error.ts';
import type { TradeQuoteBody, TradeQuoteResponse, TradeSwapBody } from '../../schemas/trading.ts';
import type { AggregatorFor } from '../../swap-aggregators/aggregators.ts';
import { WRAPPED_SOL_MINT } from '../../swap-aggregators/jupiter/jupiter-aggregator.ts';
import { EVM_NATIVE_TOKEN } from '../../swap-aggregators/oneinch/oneinch-aggregator.ts';
import type { BuiltSwap, SwapAggregator, TradeRequest } from '../../swap-aggregators/swap-aggregator.ts';
import type { WriteSpend } from '../key-write-rules.ts';
import { parseAmount } from '../transactions/amounts.ts';
import type { WriteIntent } from '../transactions/write-intents.ts';
import type { WalletsService } from '../wallets.ts';
import { resolveWriteWallet } from '../write-wallet.ts';
import { evmSwapRefusal } from './evm-swap-checks.ts';
import { solanaSwapRefusal } from './solana-swap-checks.ts';

/** The bodies and the quote of the trade endpoints, as their schemas define them (the one source). */
export type QuoteBody = Static<typeof TradeQuoteBody>;
export type SwapBody = Static<typeof TradeSwapBody>;
export type TradeQuoteView = Static<typeof TradeQuoteResponse>['quote'];

export interface TradingDeps {
  chains: ChainRegistry;
  clients: ChainClients;
  wallets: WalletsService;
  aggregatorFor: AggregatorFor;
  /** ONEINCH_ALLOW_UNKNOWN_ROUTER_METHODS: sign router calls whose method cannot be checked. */
  allowUnknownRouterMethods?: boolean;
}

export const DEFAULT_SLIPPAGE = 1;

const isNativeKeyword = (raw: string) => raw.trim().toUpperCase() === 'NATIVE';

/**
 * A token of a trade: NATIVE (any case) is the 1inch placeholder on EVM and the wrapped SOL mint on
 * Solana; an EVM address is checksummed. `erc20` is the token when it is an ERC20 (EVM, not the
 * placeholder, however it was written), whose allowance a swap needs.
 */
function resolveToken(field: string, raw: string, chain: Chain): { token: string; erc20: EvmAddress | null } {
  if (chain.chainType === 'solana')
    return { token: isNativeKeyword(raw) ? WRAPPED_SOL_MINT : parseSolanaAddress(field, raw), erc20: null };
  if (isNativeKeyword(raw)) return { token: EVM_NATIVE_TOKEN, erc20: null };
  const token = parseEvmAddress(field, raw);
  return { token, erc20: token.toLowerCase() === EVM_NATIVE_TOKEN.toLowerCase() ? null : token };
}

function protocolList(field: string, raw: string | undefined): string[] | null {
  if (raw === undefined) return null;
  const names = raw.split(',').map((p) => p.trim());
  if (names.some((n) => n === ''))
    throw invalidInput(field, 'must be a comma-separated list of names, with no empty entry');
  return names;
}

/** The chain, if trading is offered there (mainnets; the development network with its aggregator). */
function tradingChain(chains: ChainRegistry, slug: string): Chain {
  const chain = chains.get(slug);
  if (!chain.trading)
    throw new AppError(
      'CHAIN_UNKNOWN',
      `Trading is not available on ${slug}: ${
        chain.chainType === 'solana'
          ? 'Jupiter serves Solana mainnet only'
          : '1inch serves mainnets only, no testnets'
      }`,
      { details: [{ path: 'chain', message: 'trading is not available on this chain' }] },
    );
  return chain;
}

/** A trade as the aggregators take it, and its ERC20 input (null: native, or a Solana token). */
interface Trade {
  req: TradeRequest;
  erc20In: EvmAddress | null;
}

function tradeRequest(chains: ChainRegistry, body: QuoteBody): Trade {
  const chain = tradingChain(chains, body.chain);
  const from = resolveToken('fromToken', body.fromToken, chain);
  const toToken = resolveToken('toToken', body.toToken, chain).token;
  if (from.token.toLowerCase() === toToken.toLowerCase())
    throw invalidInput('toToken', 'must differ from fromToken');
  const amount = parseAmount('amount', body.amount, chain.chainType);
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
  return { req, erc20In: from.erc20 };
}

/** `from` of a quote, checked for the chain: on EVM, the owner whose allowance is read. */
function quoteOwner(chain: Chain, from: string): EvmAddress | undefined {
  if (chain.chainType === 'ethereum') return parseEvmAddress('from', from);
  parseSolanaAddress('from', from);
  return undefined;
}

export function tradingService(deps: TradingDeps) {
  async function allowanceOf(chain: Chain, token: EvmAddress, owner: EvmAddress, spender: EvmAddress) {
    try {
      return await deps.clients.evm(chain).readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, spender],
      });
    } catch (err) {
      throw rpcError(chain, err);
    }
  }

  return {
    /** A quote; with `from` and an ERC20 input, whether the on-chain allowance covers the amount. */
    async quote(body: QuoteBody): Promise<TradeQuoteView> {
      const { req, erc20In } = tradeRequest(deps.chains, body);
      const owner = body.from === undefined ? undefined : quoteOwner(req.chain, body.from);
      const aggregator = deps.aggregatorFor(req.chain);
      const [quote, spender] = await Promise.all([
        aggregator.quote(req),
        erc20In ? aggregator.spender(req.chain) : Promise.resolve(null),
      ]);
      const view: TradeQuoteView = {
        srcAmount: quote.srcAmount.toString(),
        dstAmount: quote.dstAmount.toString(),
        fromToken: req.fromToken,
        toToken: req.toToken,
        raw: quote.raw,
      };
      if (!erc20In) return { ...view, approvalNeeded: false };
      if (!spender) return view;
      const withSpender = { ...view, spender, allowanceTarget: spender };
      if (owner === undefined) return withSpender;
      const allowance = await allowanceOf(req.chain, erc20In, owner, spender);
      return { ...withSpender, approvalNeeded: allowance < req.amount };
    },

    /**
     * Validates a swap at once (so a 400 leaves no idempotency record) and returns how to build
     * it, which the write path runs once the Idempotency-Key is claimed: a replay never calls
     * the aggregator.
     */
    swapBuilder(userId: UserId, body: SwapBody): { build: () => Promise<WriteIntent>; spend: WriteSpend } {
      const trade = tradeRequest(deps.chains, body);
      const { req } = trade;
      // Checked with the rest of the request, before the Idempotency-Key is claimed (DESIGN A4).
      if (body.from !== undefined) quoteOwner(req.chain, body.from);
      const slippage = body.slippage ?? DEFAULT_SLIPPAGE;
      if (!(slippage > 0 && slippage <= 50))
        throw invalidInput('slippage', 'must be a percent above 0 and at most 50');
      // What an API key's limits count: the input, native when it is the chain's native coin
      // (wrapped SOL included: Jupiter wraps the SOL it takes).
      const native =
        req.fromToken.toLowerCase() === EVM_NATIVE_TOKEN.toLowerCase() || req.fromToken === WRAPPED_SOL_MINT;
      return {
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
    { req, erc20In }: Trade,
    slippage: number,
  ): Promise<WriteIntent> {
    const wallet = await resolveWriteWallet(deps.wallets, userId, req.chain, body.from);
    const aggregator = deps.aggregatorFor(req.chain);
    if (erc20In) {
      const spender = await aggregator.spender(req.chain);
      if (spender) {
        const owner = getAddress(wallet.address);
        const allowance = await allowanceOf(req.chain, erc20In, owner, spender);
        if (allowance < req.amount)
          throw new AppError(
            'INVALID_INPUT',
            `Allowance too low: wallet ${owner} allows spender ${spender} ${allowance} of token ${req.fromToken}, the swap needs ${req.amount}; approve ${spender} with POST /token/approve first`,
            { details: [{ path: 'fromToken', message: `approve spender ${spender} first` }] },
          );
      }
    }
    const built = await aggregator.buildSwap({ ...req, wallet: wallet.address, slippage });
    await checkBuiltSwap(aggregator, built, {
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
    if (built.chainType === 'ethereum') {
      if (req.chain.chainType !== 'ethereum')
        throw new AppError('INTERNAL_ERROR', 'aggregator answered for the wrong chain type');
      return {
        kind: 'swap',
        chain: req.chain,
        chainType: 'ethereum',
        from: wallet.address,
        call: { to: built.tx.to, data: built.tx.data, value: built.tx.value },
        ...(erc20In ? { tokenSpend: { token: erc20In, amount: req.amount } } : {}),
        to: built.tx.to,
        value: built.tx.value,
        details,
      };
    }
    const solIn = req.fromToken === WRAPPED_SOL_MINT ? req.amount : 0n;
    return {
      kind: 'swap',
      chain: req.chain,
      chainType: 'solana',
      from: wallet.address,
      prebuilt: { wire: built.wire, lastValidBlockHeight: built.lastValidBlockHeight, lamports: solIn },
      to: built.program,
      value: solIn,
      details: { ...details, minimumAmount: built.minDstAmount.toString() },
    };
  }
}

/**
 * Looks at what the aggregator built before anything is signed (issue 11, issue 26 item 6): an EVM
 * swap must call the aggregator's router (the spender it names) with the trade asked for (receiver,
 * input, amount, output, least return), a Solana swap may only do what a swap does and deliver to
 * the wallet. Otherwise 502 SEND_FAILED, naming what was wrong, and nothing is signed.
 */
async function checkBuiltSwap(
  aggregator: SwapAggregator,
  built: BuiltSwap,
  asked: { req: TradeRequest; wallet: string; slippage: number; allowUnknownMethods: boolean },
) {
  const { req, wallet } = asked;
  const { chain } = req;
  const refuse = (why: string) =>
    new AppError(
      'SEND_FAILED',
      `${aggregator.name} built a swap transaction that was refused, nothing was signed: ${why}`,
    );
  if (built.chainType === 'ethereum') {
    const router = await aggregator.spender(chain);
    if (router && built.tx.to.toLowerCase() !== router.toLowerCase())
      throw refuse(`it calls ${built.tx.to}, not ${aggregator.name}'s router ${router}`);
    const refusal = evmSwapRefusal(built.tx.data, {
      wallet: getAddress(wallet),
      fromToken: req.fromToken,
      toToken: req.toToken,
      amount: req.amount,
      dstAmount: built.dstAmount,
      slippage: asked.slippage,
      allowUnknownMethods: asked.allowUnknownMethods,
    });
    if (refusal) throw refuse(refusal);
    return;
  }
  let refusal: string | null;
  try {
    refusal = await solanaSwapRefusal(built.wire, wallet, {
      programs: aggregator.programs,
      payees: chain.swapPayees ?? [],
      trade: {
        outputMint: req.toToken,
        amount: req.amount,
        quotedOut: built.dstAmount,
        slippageBps: Math.round(asked.slippage * 100),
      },
    });
  } catch (err) {
    throw new AppError('SEND_FAILED', `${aggregator.name} built a swap transaction that cannot be decoded`, {
      cause: err,
    });
  }
  if (refusal) throw refuse(refusal);
}

export type TradingService = ReturnType<typeof tradingService>;
