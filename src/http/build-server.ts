import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Services } from '../app/services.ts';
import type { TrustProxy } from '../config/settings.ts';
import { AppError } from '../errors/app-error.ts';
import { API_PREFIX } from '../schemas/api-prefix.ts';
import { ApprovalRefSchema, ApprovalSchema, ApprovalSubmissionSchema } from '../schemas/approvals.ts';
import { AuditEntrySchema } from '../schemas/audit.ts';
import { WalletBalanceSchema } from '../schemas/balances.ts';
import { ErrorBody } from '../schemas/common.ts';
import { ControlledTransactionSchema, SimulationSchema } from '../schemas/control.ts';
import { EventSchema } from '../schemas/events.ts';
import { KeyLimitSchema } from '../schemas/keys.ts';
import { PayoutItemSchema, PayoutSchema } from '../schemas/payouts.ts';
import { INTENT_SCHEMAS, SubmissionSchema, TransactionSchema } from '../schemas/transactions.ts';
import { ChainSchema, WalletSchema } from '../schemas/wallets.ts';
import { WebhookAttemptSchema, WebhookEndpointSchema } from '../schemas/webhooks.ts';
import { LazyChildLogger } from '../support/logger.ts';
import { tracingOn } from '../support/tracing.ts';
import { registerRefusalAudit } from './plugins/audit-context.ts';
import { registerAuthAndRateLimit } from './plugins/auth.ts';
import { registerErrorHandling, routeNotFound, sendError } from './plugins/errors.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  newRequestId,
  shutdownAnswer,
} from './plugins/framework-errors.ts';
import { createMetrics, registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestShape } from './plugins/request-shape.ts';
import { enterRequestSpans, tracedChildLogger } from './plugins/request-tracing.ts';
import { parseQueryString } from './query-string.ts';
import { approvalsRoutes } from './routes/approvals.ts';
import { auditRoutes } from './routes/audit.ts';
import { balancesRoutes } from './routes/balances.ts';
import { chainsRoutes } from './routes/chains.ts';
import { controlRoutes } from './routes/control.ts';
import { eventsRoutes } from './routes/events.ts';
import { registerHealthRoutes } from './routes/health.ts';
import { keysRoutes } from './routes/keys.ts';
import { payoutsRoutes } from './routes/payouts.ts';
import { tradingRoutes } from './routes/trading.ts';
import { transactionsRoutes } from './routes/transactions.ts';
import { walletsRoutes } from './routes/wallets.ts';
import { webhooksRoutes } from './routes/webhooks.ts';
import { lazySerializers } from './tuning/lazy-schemas.ts';
import { RequestObserver } from './tuning/request-observer.ts';
import { bodyStrictValidator } from './tuning/validators.ts';

export const BODY_LIMIT = 1024 * 1024;
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: string[];
  }
}

export interface ServerOptions {
  services: Services;
  logger: Logger;
  publicUrl: string;
  /** Fastify's trustProxy: off, a hop count, or trusted proxy addresses (TRUST_PROXY). */
  trustProxy?: TrustProxy;
}

/**
 * TRUST_PROXY in the form Fastify takes: a boolean, or the trusted addresses as one
 * comma-separated string. Typed boolean only for the options' overloads: a union makes TypeScript
 * pick Fastify's HTTP/2 overload.
 */
function trustProxyOption(value: TrustProxy = false): boolean {
  return (Array.isArray(value) ? value.join(',') : value) as boolean;
}

/**
 * The REST edge: the Fastify server with /api/v1 (authenticated), its OpenAPI document and /docs,
 * health and metrics. The other edges are mounted beside it by src/server.ts.
 */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { services } = options;
  const metrics = createMetrics();
  const tracing = tracingOn();
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    // The id is always ours: a client-sent x-request-id is not trusted or echoed.
    genReqId: newRequestId,
    requestIdHeader: false,
    // With tracing on, each request's span starts here, so its log lines carry the trace id.
    childLoggerFactory: tracing
      ? (logger, bindings, childOptions, raw) =>
          tracedChildLogger(
            logger as unknown as Logger,
            bindings,
            childOptions,
            raw,
          ) as unknown as FastifyBaseLogger
      : (logger, bindings, childOptions) =>
          new LazyChildLogger(
            logger as unknown as Logger,
            bindings,
            childOptions,
          ) as unknown as FastifyBaseLogger,
    // Request log lines and request metrics (and the request's span), at the start and end of every request.
    logController: new RequestObserver({ metrics, quietPaths: QUIET_PATHS, tracing }),
    bodyLimit: BODY_LIMIT,
    // Node answers an HTTP/1.1 request without Host with a bare 400 (no body, no request id); the
    // check is made in our hook below instead, in the envelope.
    http: { requireHostHeader: false },
    // Separators found by native scans: a long query (a token list) is no longer walked per character.
    routerOptions: { querystringParser: parseQueryString },
    trustProxy: trustProxyOption(options.trustProxy),
    // Our own envelope instead of Fastify's bare answers (framework-errors.ts).
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
    schemaController: {
      compilersFactory: { buildValidator: bodyStrictValidator, buildSerializer: lazySerializers },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // One hook on every request, a callback one (an async hook costs a promise and a microtask per
  // request, and every hook Fastify iterates costs its share): the request id, then the 503 while
  // shutting down.
  if (tracing) enterRequestSpans(app);
  const answeredWhileClosing = shutdownAnswer(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (answeredWhileClosing(request, reply)) return;
    // RFC 9112 3.2: an HTTP/1.1 request without Host is refused with 400.
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      reply.header('connection', 'close');
      sendError(request, reply, new AppError('INVALID_INPUT', 'An HTTP/1.1 request needs a Host header'));
      return;
    }
    done();
  });
  // Every public API operation, for checks that the OpenAPI document lists them all.
  const apiRoutes: string[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (route.url.startsWith(`${API_PREFIX}/`) && !route.schema?.hide)
      for (const m of methods) apiRoutes.push(`${m} ${route.url.slice(API_PREFIX.length)}`);
  });
  registerErrorHandling(app);
  // JSON only: any other body type is refused with 400 rather than parsed as a string.
  app.removeContentTypeParser('text/plain');
  registerMetrics(app, metrics);
  app.addSchema(ErrorBody);
  app.addSchema(WalletSchema);
  app.addSchema(KeyLimitSchema);
  app.addSchema(ChainSchema);
  app.addSchema(SubmissionSchema);
  for (const intent of INTENT_SCHEMAS) app.addSchema(intent);
  app.addSchema(ApprovalRefSchema);
  app.addSchema(ApprovalSubmissionSchema);
  app.addSchema(TransactionSchema);
  app.addSchema(ApprovalSchema);
  app.addSchema(WalletBalanceSchema);
  app.addSchema(EventSchema);
  app.addSchema(WebhookEndpointSchema);
  app.addSchema(WebhookAttemptSchema);
  app.addSchema(AuditEntrySchema);
  app.addSchema(ControlledTransactionSchema);
  app.addSchema(SimulationSchema);
  app.addSchema(PayoutItemSchema);
  app.addSchema(PayoutSchema);
  await registerOpenApi(app, options.publicUrl);
  registerHealthRoutes(app, { readiness: services.readiness });
  await app.register(
    async (api) => {
      registerAuthAndRateLimit(api, {
        apiKeys: services.apiKeys,
        rateLimiter: services.rateLimiter,
        metrics,
        bodyLimit: BODY_LIMIT,
      });
      registerRefusalAudit(api, services.audit);
      registerRequestShape(api);
      // Unknown /api/v1 paths pass authentication and the rate limit first, like any v1 request.
      api.setNotFoundHandler(routeNotFound);
      await api.register(walletsRoutes, { services });
      await api.register(chainsRoutes, { services });
      await api.register(transactionsRoutes, { services });
      await api.register(balancesRoutes, { services });
      await api.register(tradingRoutes, { services });
      await api.register(keysRoutes, { services });
      await api.register(eventsRoutes, { services });
      await api.register(webhooksRoutes, { services });
      await api.register(auditRoutes, { services });
      await api.register(controlRoutes, { services });
      await api.register(approvalsRoutes, { services });
      await api.register(payoutsRoutes, { services });
    },
    { prefix: API_PREFIX },
  );
  return app;
}
