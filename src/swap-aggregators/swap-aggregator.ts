// The SwapAggregator port (DESIGN B1): what the trade use cases need from an upstream aggregator.
// Adapters: 1inch Classic Swap API for EVM chains, Jupiter Swap API v1 for Solana; the development
// network's local aggregator speaks both wire formats, so it is served by the same adapters.
import type { Address, Hex } from 'viem';
import type { Chain } from '../chains/chain-registry.ts';

export interface TradeRequest {
  chain: Chain;
  /** Resolved addresses or mints (never the keyword NATIVE). */
  fromToken: string;
  toToken: string;
  /** Input amount in base units. */
  amount: bigint;
  includeGas: boolean;
  /** Allowlist or blocklist of liquidity sources (1inch protocols, Jupiter DEX labels). */
  protocols: string[] | null;
  excludeProtocols: string[] | null;
}

export interface SwapRequest extends TradeRequest {
  /** The wallet that signs and pays. */
  wallet: string;
  /** Percent, in (0, 50]. */
  slippage: number;
}

export interface AggregatorQuote {
  srcAmount: bigint;
  dstAmount: bigint;
  /** The upstream quote as received. */
  raw: Record<string, unknown>;
}

export type BuiltSwap =
  | {
      chainType: 'ethereum';
      dstAmount: bigint;
      /** The upstream-built call, checked against the request. */
      tx: { to: Address; data: Hex; value: bigint };
      raw: Record<string, unknown>;
    }
  | {
      chainType: 'solana';
      dstAmount: bigint;
      /** Least output the transaction accepts (after slippage). */
      minDstAmount: bigint;
      /** Base64 versioned transaction, possibly partially signed by other parties. */
      wire: string;
      lastValidBlockHeight: bigint;
      /** The program (or, for the local pools, the pool) the swap goes through. */
      program: string;
      raw: Record<string, unknown>;
    };

export interface SwapAggregator {
  /** As it appears in messages: `1inch`, `Jupiter`. */
  readonly name: string;
  /** Its own on-chain programs (Solana): a swap it builds may call them with any instruction. */
  readonly programs: readonly string[];
  quote(req: TradeRequest): Promise<AggregatorQuote>;
  /** The address an ERC20 input must be approved to (EVM); null where approvals do not exist. */
  spender(chain: Chain): Promise<Address | null>;
  buildSwap(req: SwapRequest): Promise<BuiltSwap>;
}
