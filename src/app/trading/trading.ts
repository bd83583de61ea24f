import type { Static } from 'typebox';
// The trade use cases (spec: POST /trade/quote and /trade/swap; DESIGN A10): resolve and check the
// request, ask the chain's aggregator, and for a swap hand the upstream-built transaction to the
// write path (idempotency, signing by the wallet provider, tracking).
import { type Address, erc20Abi, getAddress } from 'viem';
import type { Chain, ChainRegistry } from '../../chains/chain-registry.ts';
import { type ChainClients, rpcError } from '../../chains/rpc-clients.ts';
import type { UserId } from '../../domain/ids.ts';
import { AppError, invalidInput } from '../../errors/app-error.ts';
import type { TradeQuoteBody, TradeQuoteResponse, TradeSwapBody } from '../../schemas/trading.ts';
import type { AggregatorFor } from '../../swap-aggregators/aggregators.ts';
import { WRAPPED_SOL_MINT } from '../../swap-aggregators/jupiter/jupiter-aggregator.ts';
import { EVM_NATIVE_TOKEN } from '../../swap-aggregators/oneinch/oneinch-aggregator.ts';
import type { BuiltSwap, SwapAggregator, TradeRequest } from '../../swap-aggregators/swap-aggregator.ts';
import type { WriteSpend } from '../key-policies.ts';
import { parseAddress, parseAmount } from '../transactions/amounts.ts';
import type { WriteIntent } from '../transactions/write-intents.ts';
import type { WalletsService } from '../wallets.ts';
import { resolveWriteWallet } from '../write-wallet.ts';
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
}

export const DEFAULT_SLIPPAGE = 1;

/** NATIVE (any case) is the 1inch placeholder on EVM and the wrapped SOL mint on Solana. */
function resolveToken(field: string, raw: string, chain: Chain): string {
  if (raw.trim().toUpperCase() === 'NATIVE')
    return chain.chainType === 'ethereum' ? EVM_NATIVE_TOKEN : WRAPPED_SOL_MINT;
  const value = parseAddress(field, raw, chain.chainType);
  return chain.chainType === 'ethereum' ? getAddress(value) : value;
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

function tradeRequest(chains: ChainRegistry, body: QuoteBody): TradeRequest {
  const chain = tradingChain(chains, body.chain);
  const fromToken = resolveToken('fromToken', body.fromToken, chain);
  const toToken = resolveToken('toToken', body.toToken, chain);
  if (fromToken.toLowerCase() === toToken.toLowerCase())
    throw invalidInput('toToken', 'must differ from fromToken');
  const amount = parseAmount('amount', body.amount, chain.chainType);
  if (amount === 0n) throw invalidInput('amount', 'must be greater than zero');
  return {
    chain,
    fromToken,
    toToken,
    amount,
    includeGas: body.includeGas ?? false,
    protocols: protocolList('protocols', body.protocols),
    excludeProtocols: protocolList('excludeProtocols', body.excludeProtocols),
  };
}

const isErc20Input = (req: TradeRequest) =>
  req.chain.chainType === 'ethereum' && req.fromToken.toLowerCase() !== EVM_NATIVE_TOKEN.toLowerCase();

export function tradingService(deps: TradingDeps) {
  async function allowanceOf(req: TradeRequest, owner: Address, spender: Address): Promise<bigint> {
    try {
      return await deps.clients.evm(req.chain).readContract({
        address: req.fromToken as Address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [owner, spender],
      });
    } catch (err) {
      throw rpcError(req.chain, err);
    }
  }

  return {
    /** A quote; with `from` and an ERC20 input, whether the on-chain allowance covers the amount. */
    async quote(body: QuoteBody): Promise<TradeQuoteView> {
      const req = tradeRequest(deps.chains, body);
      const owner =
        body.from === undefined
          ? undefined
          : getOwner(req.chain, parseAddress('from', body.from, req.chain.chainType));
      const aggregator = deps.aggregatorFor(req.chain);
      const erc20 = isErc20Input(req);
      const [quote, spender] = await Promise.all([
        aggregator.quote(req),
        erc20 ? aggregator.spender(req.chain) : Promise.resolve(null),
      ]);
      const view: TradeQuoteView = {
        srcAmount: quote.srcAmount.toString(),
        dstAmount: quote.dstAmount.toString(),
        fromToken: req.fromToken,
        toToken: req.toToken,
        raw: quote.raw,
      };
      if (!erc20) return { ...view, approvalNeeded: false };
      if (!spender) return view;
      const withSpender = { ...view, spender, allowanceTarget: spender };
      if (owner === undefined) return withSpender;
      const allowance = await allowanceOf(req, owner as Address, spender as Address);
      return { ...withSpender, approvalNeeded: allowance < req.amount };
    },

    /**
     * Validates a swap at once (so a 400 leaves no idempotency record) and returns how to build
     * it, which the write path runs once the Idempotency-Key is claimed: a replay never calls
     * the aggregator.
     */
    swapBuilder(userId: UserId, body: SwapBody): { build: () => Promise<WriteIntent>; spend: WriteSpend } {
      const req = tradeRequest(deps.chains, body);
      const slippage = body.slippage ?? DEFAULT_SLIPPAGE;
      if (!(slippage > 0 && slippage <= 50))
        throw invalidInput('slippage', 'must be a percent above 0 and at most 50');
      // What an API key's limits count: the input, native when it is the chain's native coin
      // (wrapped SOL included: Jupiter wraps the SOL it takes).
      const native =
        req.fromToken.toLowerCase() === EVM_NATIVE_TOKEN.toLowerCase() || req.fromToken === WRAPPED_SOL_MINT;
      return {
        build: () => buildSwapIntent(userId, body, req, slippage),
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
    req: ReturnType<typeof tradeRequest>,
    slippage: number,
  ): Promise<WriteIntent> {
    const wallet = await resolveWriteWallet(deps.wallets, userId, req.chain, body.from);
    const aggregator = deps.aggregatorFor(req.chain);
    if (isErc20Input(req)) {
      const spender = await aggregator.spender(req.chain);
      if (spender) {
        const owner = getAddress(wallet.address);
        const allowance = await allowanceOf(req, owner, spender as Address);
        if (allowance < req.amount)
          throw new AppError(
            'INVALID_INPUT',
            `Allowance too low: wallet ${owner} allows spender ${spender} ${allowance} of token ${req.fromToken}, the swap needs ${req.amount}; approve ${spender} with POST /token/approve first`,
            { details: [{ path: 'fromToken', message: `approve spender ${spender} first` }] },
          );
      }
    }
    const built = await aggregator.buildSwap({ ...req, wallet: wallet.address, slippage });
    await checkBuiltSwap(req.chain, aggregator, built, wallet.address);
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
        ...(isErc20Input(req) ? { tokenSpend: { token: req.fromToken as Address, amount: req.amount } } : {}),
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
 * Looks at what the aggregator built before anything is signed (issue 11): an EVM swap must call the
 * aggregator's router (the spender it names), a Solana swap may only do what a swap does. Otherwise
 * 502 SEND_FAILED, naming what was wrong, and nothing is signed.
 */
async function checkBuiltSwap(chain: Chain, aggregator: SwapAggregator, built: BuiltSwap, wallet: string) {
  const refuse = (why: string) =>
    new AppError(
      'SEND_FAILED',
      `${aggregator.name} built a swap transaction that was refused, nothing was signed: ${why}`,
    );
  if (built.chainType === 'ethereum') {
    const router = await aggregator.spender(chain);
    if (router && built.tx.to.toLowerCase() !== router.toLowerCase())
      throw refuse(`it calls ${built.tx.to}, not ${aggregator.name}'s router ${router}`);
    return;
  }
  let refusal: string | null;
  try {
    refusal = await solanaSwapRefusal(built.wire, wallet, {
      programs: aggregator.programs,
      payees: chain.swapPayees ?? [],
    });
  } catch (err) {
    throw new AppError('SEND_FAILED', `${aggregator.name} built a swap transaction that cannot be decoded`, {
      cause: err,
    });
  }
  if (refusal) throw refuse(refusal);
}

const getOwner = (chain: Chain, from: string) => (chain.chainType === 'ethereum' ? getAddress(from) : from);

export type TradingService = ReturnType<typeof tradingService>;
