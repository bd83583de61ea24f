import type { components } from './generated/openapi.ts';

/** The service's error envelope (DESIGN A2). */
export type ErrorBody = components['schemas']['ErrorBody'];

/**
 * The envelope's codes, plus the client's own for failures without a usable answer:
 * NETWORK_ERROR (no response: refused, reset, closed; or an unreadable one), TIMEOUT (an attempt or
 * waitForTransaction ran out of time), ABORTED (the caller's signal fired), HTTP_ERROR (an error
 * status whose body is not the service's envelope, e.g. from a proxy in front of it).
 */
export type WalletApiErrorCode = ErrorBody['code'] | 'NETWORK_ERROR' | 'TIMEOUT' | 'ABORTED' | 'HTTP_ERROR';

export interface WalletApiErrorInit {
  message: string;
  code: WalletApiErrorCode;
  status: number;
  requestId?: string | null;
  details?: ErrorBody['details'];
  retryAfterSeconds?: number;
  idempotencyKey?: string | null;
  cause?: unknown;
}

/** Every failure of the client: an error answer of the service, or no answer at all (status 0). */
export class WalletApiError extends Error {
  override readonly name = 'WalletApiError';
  /** The envelope's code, or NETWORK_ERROR / TIMEOUT / ABORTED / HTTP_ERROR (see WalletApiErrorCode). */
  readonly code: WalletApiErrorCode;
  /** HTTP status; 0 when there was no response. */
  readonly status: number;
  /** The envelope's requestId (equal to the x-request-id header); null when there was no response. */
  readonly requestId: string | null;
  /** INVALID_INPUT: the offending fields. */
  readonly details: ErrorBody['details'] | undefined;
  /** Retry-After of the answer (429, 409 still in progress, some 5xx), in seconds. */
  readonly retryAfterSeconds: number | undefined;
  /**
   * The Idempotency-Key of the write that failed (null for reads). After a NETWORK_ERROR or TIMEOUT
   * the write may have run: call again with this key to get its outcome without sending twice.
   */
  readonly idempotencyKey: string | null;

  constructor(init: WalletApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId ?? null;
    this.details = init.details;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.idempotencyKey = init.idempotencyKey ?? null;
  }
}

/** Retry-After as seconds (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function isEnvelope(body: unknown): body is ErrorBody {
  const b = body as Partial<ErrorBody> | null;
  return typeof b === 'object' && b !== null && typeof b.code === 'string' && typeof b.error === 'string';
}

/** The error for an error answer (status >= 400) and its parsed body. */
export function errorFromResponse(
  response: Response,
  body: unknown,
  idempotencyKey: string | null,
): WalletApiError {
  const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
  const headerRequestId = response.headers.get('x-request-id');
  if (isEnvelope(body)) {
    return new WalletApiError({
      message: body.error,
      code: body.code,
      status: response.status,
      requestId: body.requestId ?? headerRequestId,
      ...(body.details !== undefined ? { details: body.details } : {}),
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      idempotencyKey,
    });
  }
  const text = typeof body === 'string' ? body.slice(0, 200) : '';
  return new WalletApiError({
    message: `HTTP ${response.status}${text ? `: ${text}` : ''}`,
    code: 'HTTP_ERROR',
    status: response.status,
    requestId: headerRequestId,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    idempotencyKey,
  });
}
