import { AppError } from '../../errors/app-error.ts';
import { lazyModule } from '../../support/lazy-module.ts';

/** Privy's SDK, loaded when the Privy provider is first used (only Privy deployments need it). */
export const privySdk = lazyModule<typeof import('@privy-io/node')>('@privy-io/node');

/** The body of a Privy error: `{ error: message, code? }` (reference/privy.md §7.1); `code` may be absent. */
export function privyErrorBody(err: unknown): { message: string; code: string | null } {
  const { APIError } = privySdk();
  const body =
    err instanceof APIError ? (err.error as { error?: unknown; code?: unknown } | undefined) : undefined;
  const message =
    typeof body?.error === 'string' && body.error !== ''
      ? body.error.slice(0, 300)
      : err instanceof Error
        ? err.message.slice(0, 300)
        : String(err);
  return { message, code: typeof body?.code === 'string' ? body.code : null };
}

const SIGNATURE_CODES = new Set([
  'missing_or_empty_authorization_header',
  'zero_correct_authorization_signatures',
  'insufficient_correct_authorization_signatures',
  'incorrect_quantity_of_authorization_signatures',
]);

/** Privy refused the request's authorization signature (a wrong key, or a wallet not delegated to it). */
export function isSignatureRefusal(err: unknown): boolean {
  const { AuthenticationError, PermissionDeniedError } = privySdk();
  if (!(err instanceof AuthenticationError || err instanceof PermissionDeniedError)) return false;
  const { code, message } = privyErrorBody(err);
  return code !== null ? SIGNATURE_CODES.has(code) : /signature/i.test(message);
}

/**
 * Translates a failed Privy call into our codes at the boundary (DESIGN C1), keeping the cause.
 * Map on the HTTP status first, then the code, then the message (Privy omits `code` at times):
 * - timeouts, connection failures, 429 and 5xx: PROVIDER_RPC_ERROR (Retry-After passed on);
 * - 401/403 on the app's credentials: SERVICE_UNAVAILABLE, the deployment is misconfigured;
 *   signature refusals are decided by the caller (see `isSignatureRefusal`), which knows whether
 *   the wallet is still delegated;
 * - 400 `policy_violation`: FORBIDDEN naming the wallet's policies;
 * - anything else Privy refuses (a 400 on what we sent): PROVIDER_RPC_ERROR with its message.
 */
export function mapPrivyError(err: unknown, what: string, policies: string[] = []): AppError {
  if (err instanceof AppError) return err;
  const {
    APIConnectionError,
    APIError,
    AuthenticationError,
    BadRequestError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
  } = privySdk();
  const { message, code } = privyErrorBody(err);
  if (err instanceof APIConnectionError)
    return new AppError(
      'PROVIDER_RPC_ERROR',
      `Privy did not answer ${what} in time or could not be reached: ${message}`,
      { cause: err },
    );
  if (err instanceof RateLimitError) {
    const retryAfter = err.headers?.get('retry-after');
    return new AppError('PROVIDER_RPC_ERROR', `Privy rate-limited ${what}; try again shortly`, {
      cause: err,
      ...(retryAfter && /^\d{1,5}$/.test(retryAfter) ? { headers: { 'retry-after': retryAfter } } : {}),
    });
  }
  if (err instanceof AuthenticationError || err instanceof PermissionDeniedError)
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `The Privy wallet provider is misconfigured (Privy refused ${what}: ${message}); check PRIVY_APP_ID, PRIVY_APP_SECRET and PRIVY_AUTHORIZATION_KEY`,
      { cause: err },
    );
  if (err instanceof BadRequestError && code === 'policy_violation')
    return new AppError(
      'FORBIDDEN',
      `A Privy policy of this wallet denied ${what}${policies.length > 0 ? ` (policies: ${policies.join(', ')})` : ''}: ${message}`,
      { cause: err },
    );
  if (err instanceof NotFoundError)
    return new AppError('WALLET_ID_REQUIRED', `Privy has no wallet for ${what}: ${message}`, { cause: err });
  if (err instanceof APIError)
    return new AppError(
      'PROVIDER_RPC_ERROR',
      `Privy refused ${what} (HTTP ${err.status ?? 'error'}${code ? `, ${code}` : ''}): ${message}`,
      { cause: err },
    );
  return new AppError('PROVIDER_RPC_ERROR', `Privy failed ${what}: ${message}`, { cause: err });
}
