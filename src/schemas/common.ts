import { type TSchema, Type } from 'typebox';
import { ERROR_CODES, ERROR_STATUS } from '../errors/error-codes.ts';

/** A string enum as OpenAPI writes it (`enum: [...]`), rather than a union of literals. */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: { description?: string; default?: T[number] } = {},
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'Human-readable message' }),
    code: StringEnum(ERROR_CODES, { description: 'Stable error code' }),
    requestId: Type.String({ description: 'Equals the x-request-id response header' }),
    details: Type.Optional(
      Type.Array(Type.Object({ path: Type.String(), message: Type.String() }), {
        description: 'For INVALID_INPUT: the offending fields',
      }),
    ),
    sent: Type.Optional(
      StringEnum(['no', 'maybe'] as const, {
        description:
          'On errors of writes (send, token/approve, contracts/send, trade/swap): `no` proves that ' +
          'nothing was sent and nothing can land (sending needs a new Idempotency-Key); `maybe` says ' +
          'that a signed transaction may have been sent (code SEND_OUTCOME_UNKNOWN): retry with the ' +
          'same Idempotency-Key to get its Submission, which never sends twice. Absent: not known.',
      }),
    ),
  },
  { $id: 'ErrorBody', title: 'Error' },
);

const requestIdHeader = {
  'x-request-id': { type: 'string', description: 'Request id, also in error bodies' },
};
const rateLimitHeaders = {
  RateLimit: { type: 'string', description: 'Remaining quota and seconds to reset, e.g. "read";r=59;t=60' },
  'RateLimit-Policy': { type: 'string', description: 'Quota policy, e.g. "read";q=60;w=60' },
};

/** What each error status means; the codes behind it come from the error registry. */
const STATUS_MEANING: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing, invalid, revoked or expired API key',
  403: "Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet",
  404: 'Not found',
  409: 'Idempotency conflict',
  429: 'Rate limit exceeded',
  500: 'Unexpected error',
  502: 'Upstream failure',
  503: 'A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key)',
};

/** Retry-After, where a status carries it: always on 429, sometimes on 409 and 503. */
const RETRY_AFTER: Record<number, object> = {
  409: {
    type: 'integer',
    minimum: 1,
    description:
      'IDEMPOTENT_REPLAY while the first request with this Idempotency-Key is still running: seconds before retrying with the same key. Absent when it already failed, and on IDEMPOTENT_BODY_MISMATCH',
  },
  429: { type: 'integer', minimum: 1, description: 'Seconds until the window resets' },
  503: {
    type: 'integer',
    minimum: 1,
    description:
      'When the service expects to be back soon (the database briefly unreachable): seconds before retrying',
  },
};

/** `Meaning (CODE, CODE)`: the registry's codes of a status (DESIGN A3), never restated by hand. */
function errorDescription(status: number): string {
  // 413 is the HTTP layer's own answer to a body over the limit, with the input code.
  if (status === 413) return 'Body larger than 1 MiB (INVALID_INPUT)';
  const codes = ERROR_CODES.filter((c) => ERROR_STATUS[c] === status);
  return `${STATUS_MEANING[status] ?? 'Error'}${codes.length > 0 ? ` (${codes.join(', ')})` : ''}`;
}

/**
 * The error responses of a route, each the error envelope with its headers. Every route can also
 * answer 400 (a bad URL), 401, 429, 500 and 503 (shutting down), and `default` stands for any other
 * status the HTTP layer itself may send (414 path parameter too long, 431 headers too large).
 */
export function errorResponses(...statuses: number[]): Record<number | 'default', TSchema> {
  const out: Record<number | 'default', TSchema> = {
    default: Type.Ref('ErrorBody', {
      description:
        'Any other error, in the same envelope (414 path parameter too long, 431 headers too large)',
      headers: requestIdHeader,
    }),
  };
  // Every authenticated route can refuse a key (403: its scopes or chains).
  for (const status of [...new Set([...statuses, 400, 401, 403, 429, 500, 503])]) {
    out[status] = Type.Ref('ErrorBody', {
      description: errorDescription(status),
      headers:
        status === 401
          ? requestIdHeader
          : {
              ...requestIdHeader,
              ...rateLimitHeaders,
              ...(RETRY_AFTER[status] ? { 'Retry-After': RETRY_AFTER[status] } : {}),
            },
    });
  }
  return out;
}

/** A success response with the standard headers. */
export function ok<T extends TSchema>(
  schema: T,
  description: string,
  headers: Record<string, object> = {},
): T {
  return { ...schema, description, headers: { ...requestIdHeader, ...rateLimitHeaders, ...headers } } as T;
}

export const BooleanQuery = (description: string) =>
  Type.Boolean({ description: `${description}; true/false`, default: false });
