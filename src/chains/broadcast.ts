import { AppError } from '../errors/app-error.ts';
import type { Chain } from './chain-registry.ts';
import { rpcError } from './rpc-clients.ts';

/**
 * What a broadcast came to, on any chain: sent, refused by the node (definite: nothing reached the
 * chain), or unknown (a network failure or timeout: it may have reached the node).
 */
export type BroadcastResult = { ok: true } | { ok: false; definite: boolean; error: AppError };

export function refusedBroadcast(chain: Chain, message: string, cause: unknown): BroadcastResult {
  return {
    ok: false,
    definite: true,
    error: new AppError('SEND_FAILED', `${chain.name} rejected the transaction: ${message}`, { cause }),
  };
}

export function uncertainBroadcast(chain: Chain, cause: unknown): BroadcastResult {
  return { ok: false, definite: false, error: rpcError(chain, cause) };
}
