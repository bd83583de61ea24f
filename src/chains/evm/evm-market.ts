// The fee market an EVM write or replacement is priced from: the latest block (its base fee), the
// node's suggested tip and its gas price, read together.
import type { PublicClient } from 'viem';
import type { Chain } from '../chain-registry.ts';
import { rpcError } from '../rpc-clients.ts';
import type { EvmMarket } from './evm-fees.ts';

/** The tip offered when the node does not suggest one (eth_maxPriorityFeePerGas unsupported). */
const DEFAULT_TIP = 1_000_000_000n;

/** A read of a batch: its value, or the RPC failure it was, as the chain's error. */
export const settled = <T>(r: PromiseSettledResult<T>, chain: Chain): T => {
  if (r.status === 'rejected') throw rpcError(chain, r.reason);
  return r.value;
};

/** The fee market now, and the latest block's number. */
export async function market(
  client: PublicClient,
  chain: Chain,
): Promise<EvmMarket & { blockNumber: bigint }> {
  const [block, tip, gasPrice] = await Promise.allSettled([
    client.getBlock({ blockTag: 'latest' }),
    client.request({ method: 'eth_maxPriorityFeePerGas' }).then(BigInt),
    client.getGasPrice(),
  ]);
  const latest = settled(block, chain);
  return {
    blockNumber: latest.number,
    baseFee: latest.baseFeePerGas ?? null,
    priorityFee: tip.status === 'fulfilled' ? tip.value : DEFAULT_TIP,
    gasPrice: gasPrice.status === 'fulfilled' ? gasPrice.value : null,
  };
}
