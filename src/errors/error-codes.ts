/**
 * The one registry of error codes and the HTTP status each maps to (DESIGN A3).
 * Every error the API returns carries one of these codes.
 */
export const ERROR_STATUS = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INVALID_INPUT: 400,
  WALLET_NOT_FOUND: 404,
  USER_NOT_LINKED: 403,
  WALLET_NOT_DELEGATED: 403,
  WALLET_ID_REQUIRED: 400,
  CHAIN_UNKNOWN: 400,
  INSUFFICIENT_FUNDS: 400,
  IDEMPOTENT_BODY_MISMATCH: 409,
  IDEMPOTENT_REPLAY: 409,
  /** An approval was already decided (approved, denied) or expired: it is decided once. */
  APPROVAL_DECIDED: 409,
  PROVIDER_RPC_ERROR: 502,
  SEND_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
  /** A write failed after its signed transaction may have been sent: retry with the same key. */
  SEND_OUTCOME_UNKNOWN: 503,
  QUOTE_FAILED: 400,
  /** A speed-up or cancel of a transaction that is already final (CONFIRMED or FAILED). */
  TRANSACTION_FINAL: 409,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
