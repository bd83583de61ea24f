import { ERROR_STATUS, type ErrorCode } from './error-codes.ts';

/**
 * What an error of a write proves about what reached the chain (DESIGN A9): `no`, nothing was sent
 * and nothing can land (a retry needs a new Idempotency-Key to send anything); `maybe`, a signed
 * transaction may have been sent (retry with the same Idempotency-Key to learn its outcome).
 */
export type SentState = 'no' | 'maybe';

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * The single error type of the service. Adapters translate foreign errors into an AppError at the
 * boundary and keep the original as `cause`; the HTTP layer turns it into the error envelope.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  /** Extra response headers (for example Retry-After on RATE_LIMITED). */
  readonly headers: Record<string, string> | undefined;
  /** On the answers of writes: whether anything may have been sent (the envelope's `sent`). */
  readonly sent: SentState | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      cause?: unknown;
      details?: ErrorDetail[];
      headers?: Record<string, string>;
      /** Only where the contract gives a code another status (413 carries INVALID_INPUT). */
      status?: number;
      sent?: SentState;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers;
    this.sent = options.sent;
  }

  /** The same error, saying what it proves was sent. */
  withSent(sent: SentState, message = this.message): AppError {
    return new AppError(this.code, message, {
      cause: this.cause,
      status: this.status,
      sent,
      ...(this.details ? { details: this.details } : {}),
      ...(this.headers ? { headers: this.headers } : {}),
    });
  }
}

export function invalidInput(path: string, message: string): AppError {
  return new AppError('INVALID_INPUT', `${path}: ${message}`, { details: [{ path, message }] });
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
