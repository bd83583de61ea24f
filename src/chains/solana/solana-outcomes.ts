// What a sendTransaction answer proves (issue 10, DESIGN A7). We send with preflight: a node that
// refuses in preflight has not forwarded the transaction, so those answers are definite. Anything
// else (timeouts, gateway 5xx, node-health and internal errors) may have reached a leader and is
// `uncertain`. The tracker never fails a Solana transaction on a broadcast answer at all: only a
// signature status or a proven blockhash expiry does.
import {
  isSolanaError,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_PRECOMPILE_VERIFICATION_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_LEN_MISMATCH,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
} from '@solana/kit';
import type { BroadcastOutcome } from '../chain-adapter.ts';

/** Answers that prove the node refused the transaction as signed, with what they mean. */
const REFUSALS = [
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_LEN_MISMATCH,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_PRECOMPILE_VERIFICATION_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
] as const;

const message = (err: unknown) => (err instanceof Error ? err.message.split('\n')[0]! : String(err));

/**
 * The classification table:
 * | answer                                             | outcome            |
 * |----------------------------------------------------|--------------------|
 * | preflight failure: AlreadyProcessed                | accepted, landed   |
 * | preflight failure: insufficient funds (fee, rent)  | insufficient-funds |
 * | preflight failure: anything else                   | invalid            |
 * | signature / precompile / version / params refusals | invalid            |
 * | anything else (HTTP errors, timeouts, -32005, …)   | uncertain          |
 */
export function classifySolanaBroadcastError(err: unknown): BroadcastOutcome {
  if (isSolanaError(err, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)) {
    const cause = err.cause;
    const text = `${message(err)} ${message(cause)}`;
    if (
      isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED) ||
      /already been processed|AlreadyProcessed/i.test(text)
    )
      return { kind: 'accepted', landed: true };
    if (isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT))
      return {
        kind: 'insufficient-funds',
        reason: `The node refused it: it would leave an account (index ${String(cause.context.accountIndex)} in the transaction) below Solana's rent-exempt minimum (890880 lamports for an account without data)`,
        cause: err,
      };
    if (
      isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE) ||
      /insufficient (funds|lamports)/i.test(text)
    )
      return { kind: 'insufficient-funds', reason: text.trim(), cause: err };
    return { kind: 'invalid', reason: message(cause ?? err), cause: err };
  }
  for (const code of REFUSALS)
    if (isSolanaError(err, code)) return { kind: 'invalid', reason: message(err), cause: err };
  return { kind: 'uncertain', reason: message(err), cause: err };
}
