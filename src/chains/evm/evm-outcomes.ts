// What an eth_sendRawTransaction answer proves (issue 10, DESIGN A7). The rule: a transaction counts
// as refused only when a node's JSON-RPC error message says why in words that prove it evaluated the
// transaction and turned it down; everything else (timeouts, dropped connections, HTTP errors from a
// gateway, JSON-RPC errors we do not recognise) may have reached the chain and is `uncertain`.
import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from 'viem';
import type { BroadcastOutcome } from '../chain-adapter.ts';

type Kind = Exclude<BroadcastOutcome['kind'], 'uncertain'>;

/**
 * The classification table, first match wins. Messages as geth, Nethermind, Erigon, Besu, reth and
 * Hardhat (EDR) word them; matched case-insensitively on the node's error message.
 */
export const EVM_BROADCAST_OUTCOMES: ReadonlyArray<readonly [RegExp, Kind]> = [
  // The node has it already (a rebroadcast, or a retried request that did get through).
  [
    /already known|known transaction|already imported|transaction already exists|already in (the )?(mem)?pool/i,
    'accepted',
  ],
  [/nonce too low|nonce has already been used|oldnonce|nonce is too low/i, 'nonce-used'],
  [
    /nonce too high|nonce gap|can't be queued when automining|future transaction tries to replace/i,
    'nonce-gap',
  ],
  [
    /underpriced|fee cap less than block base fee|max fee per gas less than block base fee|feecap too low|gas price too low|too low for the next block|fee too low|priority fee .* too low|tip too low/i,
    'underpriced',
  ],
  [/insufficient funds|enough funds|balance too low|insufficient balance/i, 'insufficient-funds'],
  [
    /intrinsic gas too low|exceeds block gas limit|gas limit reached|invalid sender|invalid signature|invalid chain ?id|only replay-protected|transaction type not supported|tx type not supported|oversized data|max priority fee per gas higher than max fee per gas|tip above fee cap|rlp|could not decode/i,
    'invalid',
  ],
];

function nodeMessage(err: RpcRequestError): string {
  const e = err as RpcRequestError & { details?: string };
  return e.details ?? e.shortMessage ?? e.message;
}

/** Classifies a failed eth_sendRawTransaction by the table above. */
export function classifyEvmBroadcastError(err: unknown): BroadcastOutcome {
  const reason = errorReason(err);
  if (!(err instanceof BaseError)) return { kind: 'uncertain', reason, cause: err };
  // Anything that went wrong on the way (timeout, reset, a gateway's 5xx or 429) proves nothing.
  if (isTransportFailure(err) && !rpcAnswer(err)) return { kind: 'uncertain', reason, cause: err };
  const rpc = rpcAnswer(err);
  if (!rpc) return { kind: 'uncertain', reason, cause: err };
  const message = nodeMessage(rpc);
  for (const [pattern, kind] of EVM_BROADCAST_OUTCOMES)
    if (pattern.test(message)) return kind === 'accepted' ? { kind } : { kind, reason: message, cause: err };
  return { kind: 'uncertain', reason: message, cause: err };
}

/** A viem error of the way to the node (a timeout, an HTTP failure), which proves nothing of the call. */
export const isTransportFailure = (err: unknown): boolean =>
  err instanceof BaseError &&
  Boolean(err.walk((e) => e instanceof TimeoutError || e instanceof HttpRequestError));

/** The node's own JSON-RPC error answer inside a viem error, if the node answered with one. */
function rpcAnswer(err: BaseError): RpcRequestError | null {
  const found = err.walk((e) => e instanceof RpcRequestError);
  return found instanceof RpcRequestError ? found : null;
}

/** The first line of an error, without viem's docs links and request dump. */
export function errorReason(err: unknown): string {
  if (err instanceof BaseError) {
    const details = (err as BaseError & { details?: string }).details;
    return details && details.length < 300 ? details : err.shortMessage;
  }
  return err instanceof Error ? (err.message.split('\n')[0] ?? err.message) : String(err);
}
