import { ERROR_STATUS, type ErrorCode } from './error-codes.ts';

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

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      cause?: unknown;
      details?: ErrorDetail[];
      headers?: Record<string, string>;
      /** Only where the contract gives a code another status (413 carries INVALID_INPUT). */
      status?: number;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = options.status ?? ERROR_STATUS[code];
    this.details = options.details;
    this.headers = options.headers;
  }
}

export function invalidInput(path: string, message: string): AppError {
  return new AppError('INVALID_INPUT', `${path}: ${message}`, { details: [{ path, message }] });
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}
