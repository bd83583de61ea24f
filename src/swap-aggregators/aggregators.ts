// Which aggregator serves a chain: 1inch for EVM chains, Jupiter for Solana, each at the configured
// host, or at the chain's own aggregator URL (the development network's local aggregator, which needs
// no key). One adapter per base URL, so caches (the 1inch spender) are shared.
import type { Chain } from '../chains/chain-registry.ts';
import { jupiterAggregator } from './jupiter/jupiter-aggregator.ts';
import { oneInchAggregator } from './oneinch/oneinch-aggregator.ts';
import type { SwapAggregator } from './swap-aggregator.ts';

export interface AggregatorSettings {
  oneInch: { url: string; version: string; apiKey: string | undefined };
  jupiter: { url: string; apiKey: string | undefined; priorityFeeCapLamports: bigint };
  timeoutMs: number;
}

export type AggregatorFor = (chain: Chain) => SwapAggregator;

export function swapAggregators(settings: AggregatorSettings): AggregatorFor {
  const adapters = new Map<string, SwapAggregator>();
  return (chain) => {
    const local = chain.aggregatorUrl;
    const key = `${chain.chainType}|${local ?? ''}`;
    let adapter = adapters.get(key);
    if (!adapter) {
      adapter =
        chain.chainType === 'ethereum'
          ? oneInchAggregator({
              baseUrl: local ?? settings.oneInch.url,
              version: settings.oneInch.version,
              apiKey: local ? undefined : settings.oneInch.apiKey,
              requireKey: !local,
              timeoutMs: settings.timeoutMs,
            })
          : jupiterAggregator({
              baseUrl: local ?? settings.jupiter.url,
              apiKey: local ? undefined : settings.jupiter.apiKey,
              priorityFeeCapLamports: settings.jupiter.priorityFeeCapLamports,
              timeoutMs: settings.timeoutMs,
            });
      adapters.set(key, adapter);
    }
    return adapter;
  };
}
