import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  erc20Abi,
  type Hex,
  HttpRequestError,
  type PublicClient,
  RpcRequestError,
  TimeoutError,
  type TransactionSerializable,
} from 'viem';
import { AppError } from '../../errors/app-error.ts';
import { type BroadcastResult, refusedBroadcast, uncertainBroadcast } from '../broadcast.ts';
import type { Chain } from '../chain-registry.ts';
import { rpcError } from '../rpc-clients.ts';

export interface EvmCall {
  to: Address;
  data?: Hex;
  value: bigint;
}

export interface PreparedEvmTransaction {
  call: EvmCall;
  gas: bigint;
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint };
  /** The most the transaction can cost in fees: gas × max fee per gas. */
  maxFee: bigint;
}

/** The first line of a viem error, without its docs links and request dump. */
function reason(err: unknown): string {
  if (err instanceof BaseError) {
    const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError) return revert.reason ?? revert.shortMessage;
    const details = (err as BaseError & { details?: string }).details;
    return details && details.length < 300 ? details : err.shortMessage;
  }
  return err instanceof Error ? err.message.split('\n')[0]! : String(err);
}

/** True when the RPC answered no (a definite rejection), false when we cannot know (network, timeout). */
function isDefiniteRejection(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  if (err.walk((e) => e instanceof TimeoutError || e instanceof HttpRequestError)) return false;
  return Boolean(err.walk((e) => e instanceof RpcRequestError)) || err.name !== 'HttpRequestError';
}

function isTransport(err: unknown): boolean {
  return (
    err instanceof BaseError &&
    Boolean(err.walk((e) => e instanceof TimeoutError || e instanceof HttpRequestError))
  );
}

/**
 * Everything needed before signing, read in ONE JSON-RPC batch (the transport batches calls made
 * in the same tick): balances, gas estimate, latest block and priority fee. Fees are EIP-1559
 * where the chain has a base fee, legacy gas price where it does not.
 */
export async function prepareEvmTransaction(
  client: PublicClient,
  chain: Chain,
  from: Address,
  call: EvmCall,
  token?: Address,
): Promise<
  PreparedEvmTransaction & {
    balance: bigint;
    tokenBalance: bigint | null;
    /** The node's pending transaction count: the nonce to use unless our records are ahead. */
    pendingNonce: bigint;
    estimateError: AppError | null;
  }
> {
  const [balance, tokenBalance, estimate, block, priority, pendingNonce] = await Promise.allSettled([
    client.getBalance({ address: from }),
    token
      ? client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [from] })
      : Promise.resolve(null),
    client.estimateGas({ account: from, to: call.to, data: call.data, value: call.value }),
    client.getBlock({ blockTag: 'latest' }),
    client.request({ method: 'eth_maxPriorityFeePerGas' }).then(BigInt),
    client.getTransactionCount({ address: from, blockTag: 'pending' }).then(BigInt),
  ]);
  for (const r of [balance, tokenBalance, block, pendingNonce])
    if (r.status === 'rejected') throw rpcError(chain, r.reason);
  if (estimate.status === 'rejected' && isTransport(estimate.reason)) throw rpcError(chain, estimate.reason);
  const estimateError =
    estimate.status === 'rejected'
      ? new AppError('INVALID_INPUT', `The transaction would fail: ${reason(estimate.reason)}`, {
          cause: estimate.reason,
        })
      : null;
  // 20% headroom: state can move between the estimate and inclusion.
  const gas = estimate.status === 'fulfilled' ? (estimate.value * 12n) / 10n : 0n;
  const read = {
    balance: (balance as PromiseFulfilledResult<bigint>).value,
    tokenBalance: (tokenBalance as PromiseFulfilledResult<bigint | null>).value,
    pendingNonce: (pendingNonce as PromiseFulfilledResult<bigint>).value,
    estimateError,
  };
  const baseFee = (block as PromiseFulfilledResult<{ baseFeePerGas: bigint | null }>).value.baseFeePerGas;
  if (baseFee != null) {
    const tip = priority.status === 'fulfilled' ? priority.value : 1_000_000_000n;
    // The formula viem uses: room for the base fee to rise 20% before inclusion.
    const maxFeePerGas = (baseFee * 12n) / 10n + tip;
    return {
      call,
      gas,
      fees: { maxFeePerGas, maxPriorityFeePerGas: tip },
      maxFee: gas * maxFeePerGas,
      ...read,
    };
  }
  let gasPrice: bigint;
  try {
    gasPrice = await client.getGasPrice();
  } catch (err) {
    throw rpcError(chain, err);
  }
  return { call, gas, fees: { gasPrice }, maxFee: gas * gasPrice, ...read };
}

/**
 * The next nonce: the node's pending count, or past the highest our records hold, whichever is
 * further. Our records are read under the wallet's lock, so sends through the service never
 * collide even though the node's count was read just before the lock (with the other reads).
 * A send made outside the service in that instant is refused by the node as "nonce too low" and
 * recorded FAILED; the next send reads the new count.
 */
export function nextEvmNonce(pendingNonce: bigint, highestOurs: bigint | null): bigint {
  return highestOurs !== null && highestOurs + 1n > pendingNonce ? highestOurs + 1n : pendingNonce;
}

/** The transaction to sign: the prepared call at a nonce, EIP-1559 or legacy as the chain's fees are. */
export function evmTransactionRequest(
  chain: Chain,
  prepared: PreparedEvmTransaction,
  nonce: bigint,
): TransactionSerializable {
  const base = {
    chainId: chain.chainId,
    to: prepared.call.to,
    data: prepared.call.data,
    value: prepared.call.value,
    gas: prepared.gas,
    nonce: Number(nonce),
  };
  return 'gasPrice' in prepared.fees
    ? { ...base, type: 'legacy', gasPrice: prepared.fees.gasPrice }
    : { ...base, type: 'eip1559', ...prepared.fees };
}

/** Sends a signed transaction. "Already known" counts as sent: a rebroadcast is harmless. */
export async function broadcastEvmTransaction(
  client: PublicClient,
  chain: Chain,
  signed: Hex,
): Promise<BroadcastResult> {
  try {
    await client.sendRawTransaction({ serializedTransaction: signed });
    return { ok: true };
  } catch (err) {
    const message = reason(err);
    if (/already known|known transaction|already imported/i.test(message)) return { ok: true };
    if (isDefiniteRejection(err)) return refusedBroadcast(chain, message, err);
    return uncertainBroadcast(chain, err);
  }
}

export type EvmStatus =
  | { state: 'pending' }
  | { state: 'unknown' }
  | { state: 'confirmed'; blockNumber: bigint }
  | { state: 'failed'; error: string };

/** Where a broadcast transaction stands: mined (success or revert), waiting, or unknown to the node. */
export async function evmTransactionStatus(
  client: PublicClient,
  chain: Chain,
  hash: Hex,
  from: Address,
): Promise<EvmStatus> {
  try {
    const receipt = await client.getTransactionReceipt({ hash }).catch((err: unknown) => {
      if (err instanceof BaseError && err.name === 'TransactionReceiptNotFoundError') return null;
      throw err;
    });
    if (receipt) {
      if (receipt.status === 'success') return { state: 'confirmed', blockNumber: receipt.blockNumber };
      return { state: 'failed', error: await revertReason(client, hash, from, receipt.blockNumber) };
    }
    const tx = await client.getTransaction({ hash }).catch(() => null);
    return tx ? { state: 'pending' } : { state: 'unknown' };
  } catch (err) {
    throw rpcError(chain, err);
  }
}

/** Replays a reverted transaction at its block to read the revert reason, when the node allows. */
async function revertReason(
  client: PublicClient,
  hash: Hex,
  from: Address,
  blockNumber: bigint,
): Promise<string> {
  try {
    const tx = await client.getTransaction({ hash });
    await client.call({
      account: from,
      to: tx.to ?? undefined,
      data: tx.input,
      value: tx.value,
      blockNumber: blockNumber - 1n,
    });
    return 'Transaction reverted';
  } catch (err) {
    return `Transaction reverted: ${reason(err)}`;
  }
}
