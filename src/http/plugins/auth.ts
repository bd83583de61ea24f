import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeysService, Principal } from '../../app/api-keys.ts';
import { AppError } from '../../errors/app-error.ts';
import type { RateLimitDecision, RateLimiter, RatePolicy } from '../../rate-limit/rate-limiter.ts';
import type { Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    rateLimit: RateLimitDecision | null;
  }
}

/** The authenticated user of an /api/v1 request (set by the auth hook before any handler runs). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal)
    throw new AppError('UNAUTHORIZED', 'Missing API key: send it in the x-api-key header');
  return request.principal;
}

/**
 * Authentication, then the per-user rate limit, at onRequest: before the body is read or validated
 * (DESIGN A4), so a request rejected here records nothing.
 */
export function registerAuthAndRateLimit(
  app: FastifyInstance,
  deps: { apiKeys: ApiKeysService; rateLimiter: RateLimiter; metrics: Metrics },
): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('rateLimit', null);
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers['x-api-key'];
    request.principal = await deps.apiKeys.authenticate(
      Array.isArray(header) ? header[0] : header,
      request.ip,
    );
    const policy: RatePolicy = request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
    const decision = await deps.rateLimiter.consume(request.principal.userId, policy);
    request.rateLimit = decision;
    reply.header('RateLimit-Policy', `"${decision.policy}";q=${decision.limit};w=${decision.windowSeconds}`);
    reply.header('RateLimit', `"${decision.policy}";r=${decision.remaining};t=${decision.resetSeconds}`);
    if (!decision.allowed) {
      deps.metrics.rateLimitRejections.inc({ policy });
      throw new AppError(
        'RATE_LIMITED',
        `Rate limit exceeded: ${decision.limit} ${policy === 'read' ? 'reads' : 'writes'} per minute; retry in ${decision.resetSeconds} s`,
        { headers: { 'Retry-After': String(decision.resetSeconds) } },
      );
    }
  });
}
