import { AppError } from '../errors/app-error.ts';
import type { RateLimitDecision, RatePolicy } from './rate-limiter.ts';

const policyHeaders: Partial<Record<RatePolicy, { limit: number; windowSeconds: number; value: string }>> =
  {};
/** The constant RateLimit-Policy value of a policy and limit, built once (no key to build per request). */
function policyHeader(decision: RateLimitDecision): string {
  const hit = policyHeaders[decision.policy];
  if (hit !== undefined && hit.limit === decision.limit && hit.windowSeconds === decision.windowSeconds)
    return hit.value;
  const value = `"${decision.policy}";q=${decision.limit};w=${decision.windowSeconds}`;
  policyHeaders[decision.policy] = { limit: decision.limit, windowSeconds: decision.windowSeconds, value };
  return value;
}

/**
 * Sets the RateLimit headers of an authenticated request's decision, and refuses it (429
 * RATE_LIMITED with Retry-After) when it is over the limit. Here, below the edges, because /api/v1
 * (src/http/plugins/auth.ts) and /mcp (src/mcp/http-transport.ts) both answer with it.
 */
export function applyRateLimit(
  reply: { header(name: string, value: string): unknown },
  decision: RateLimitDecision,
): void {
  reply.header('RateLimit-Policy', policyHeader(decision));
  reply.header('RateLimit', `"${decision.policy}";r=${decision.remaining};t=${decision.resetSeconds}`);
  if (!decision.allowed)
    throw new AppError(
      'RATE_LIMITED',
      `Rate limit exceeded: ${decision.limit} ${decision.policy === 'read' ? 'reads' : 'writes'} per minute; retry in ${decision.resetSeconds} s`,
      { headers: { 'Retry-After': String(decision.resetSeconds) } },
    );
}
