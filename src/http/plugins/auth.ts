import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
} from 'fastify';
import { apiKeyFromHeaders } from '../../app/api-key-header.ts';
import type { ApiKeysService, Principal } from '../../app/api-keys.ts';
import { MISSING_API_KEY } from '../../app/api-keys.ts';
import { checkChain, checkScope, type Scope } from '../../app/key-policies.ts';
import { AppError } from '../../errors/app-error.ts';
import { applyRateLimit } from '../../rate-limit/rate-limit-headers.ts';
import type { RateLimitDecision, RateLimiter, RatePolicy } from '../../rate-limit/rate-limiter.ts';
import { bodyTooLarge } from './errors.ts';
import type { Metrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    rateLimit: RateLimitDecision | null;
  }
  interface FastifyContextConfig {
    /**
     * The API key scope a route needs (src/app/key-policies.ts); 'any' for what every key may
     * do (a key reading itself). Unset: GET needs read, anything else write.
     */
    scope?: Scope | 'any';
    /** The rate limit a route counts against; unset: read for GET and HEAD, write otherwise. */
    ratePolicy?: RatePolicy;
    /** Where the route's `chain` slug is: a key limited to some chains may only name those. */
    chainIn?: 'query' | 'body';
  }
}

/** The authenticated user of an /api/v1 request (set by the auth hook before any handler runs). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', MISSING_API_KEY);
  return request.principal;
}

/**
 * The gate in front of every /api/v1 request, in one onRequest hook: authentication, the per-user
 * rate limit, the key's scope, then the declared body size; all before the body is read or
 * validated (DESIGN A4), so a request rejected here records nothing.
 *
 * A callback hook, not an async one: a request whose key is cached and whose limiter needs no I/O
 * (the in-process one) is admitted synchronously, without a promise; only a key or limit that must
 * be looked up (a cache miss, Redis) takes the asynchronous path.
 */
export function registerAuthAndRateLimit(
  app: FastifyInstance,
  deps: { apiKeys: ApiKeysService; rateLimiter: RateLimiter; metrics: Metrics; bodyLimit: number },
): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('rateLimit', null);
  const { apiKeys, rateLimiter, metrics, bodyLimit } = deps;

  const admit = (request: FastifyRequest, reply: FastifyReply, decision: RateLimitDecision): void => {
    request.rateLimit = decision;
    if (!decision.allowed) metrics.rateLimitRejections.inc({ policy: decision.policy });
    applyRateLimit(reply, decision);
    // After the limit (DESIGN A4: a request refused for its key's scope is still a request), before
    // the body is read. An unknown path is answered 404 whatever the key may do.
    const scope = request.routeOptions.config.scope ?? (decision.policy === 'read' ? 'read' : 'write');
    if (scope !== 'any' && !request.is404 && request.principal) checkScope(request.principal.policy, scope);
    // A declared body over the limit is refused before it is read, whatever the route.
    const length = request.headers['content-length'];
    if (length !== undefined && Number(length) > bodyLimit) throw bodyTooLarge();
  };

  const lookUp = async (request: FastifyRequest, reply: FastifyReply, header: string | undefined) => {
    const principal = await apiKeys.authenticate(header, request.ip);
    request.principal = principal;
    admit(request, reply, await rateLimiter.consume(principal.userId, policyOf(request)));
  };

  // A request naming a chain (in its query or body) must name one its key may use: checked once
  // the input is validated (a 400 first), before any use case runs. Only the routes that name a
  // chain get this hook.
  app.addHook('onRoute', (route) => {
    const where = route.config?.chainIn;
    if (!where) return;
    const checkChainOf: preHandlerHookHandler = (request, _reply, done) => {
      const policy = request.principal?.policy;
      const chain = (request[where] as { chain?: unknown } | undefined)?.chain;
      if (policy?.chains && typeof chain === 'string') {
        try {
          checkChain(policy, chain);
        } catch (err) {
          done(err as FastifyError);
          return;
        }
      }
      done();
    };
    route.preHandler = [checkChainOf, ...[route.preHandler ?? []].flat()];
  });

  app.addHook('onRequest', (request, reply, done) => {
    const header = apiKeyFromHeaders(request.headers);
    try {
      const principal = apiKeys.authenticateCached(header);
      if (principal !== undefined) {
        request.principal = principal;
        if (rateLimiter.consumeNow) {
          admit(request, reply, rateLimiter.consumeNow(principal.userId, policyOf(request)));
          done();
          return;
        }
        rateLimiter
          .consume(principal.userId, policyOf(request))
          .then((decision) => admit(request, reply, decision))
          .then(() => done(), done);
        return;
      }
    } catch (err) {
      done(err as FastifyError);
      return;
    }
    lookUp(request, reply, header).then(() => done(), done);
  });
}

function policyOf(request: FastifyRequest): RatePolicy {
  const declared = request.routeOptions.config?.ratePolicy;
  if (declared) return declared;
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}
