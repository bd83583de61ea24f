import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';
import { LazyChildLogger } from '../../support/logger.ts';
import {
  contextOf,
  runIn,
  type Span,
  SpanKind,
  SpanStatusCode,
  startRootSpan,
} from '../../support/tracing.ts';

/**
 * One span per request (`GET /api/v1/wallets`), registered only when tracing is on (build-server.ts).
 *
 * The span starts in Fastify's child logger factory, the first thing Fastify does with a request,
 * so every log line of the request (`incoming request` included) carries its traceId and spanId
 * beside the requestId. The request's hooks and handler run in the span's context: entered in the
 * first onRequest hook, and again before the handlers (a body arrives in the socket's context, not
 * the request's). The request observer ends it with the route and the status.
 */
const REQUEST_SPAN = Symbol('requestSpan');
type TracedRaw = IncomingMessage & { [REQUEST_SPAN]?: Span | undefined };

export function tracedChildLogger(
  logger: Logger,
  bindings: Bindings,
  options: ChildLoggerOptions,
  raw: IncomingMessage,
): LazyChildLogger {
  const method = raw.method ?? 'GET';
  const span = startRootSpan(
    method,
    { 'http.request.method': method, 'http.request.id': String(bindings.requestId ?? bindings.reqId ?? '') },
    SpanKind.SERVER,
  );
  if (!span) return new LazyChildLogger(logger, bindings, options);
  (raw as TracedRaw)[REQUEST_SPAN] = span;
  const { traceId, spanId } = span.spanContext();
  return new LazyChildLogger(logger, { ...bindings, traceId, spanId }, options);
}

const enterSpan = (request: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
  const span = (request.raw as TracedRaw)[REQUEST_SPAN];
  if (span) runIn(contextOf(span), done);
  else done();
};

/** Enters the request's span around its hooks and handler. Register before any other hook. */
export function enterRequestSpans(app: FastifyInstance): void {
  app.addHook('onRequest', enterSpan);
  app.addHook('preHandler', enterSpan);
}

/** Ends the request's span with its route template (never the URL) and status. */
export function endRequestSpan(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw as TracedRaw;
  const span = raw[REQUEST_SPAN];
  if (!span) return;
  raw[REQUEST_SPAN] = undefined;
  const route = request.routeOptions.url;
  if (route) {
    span.setAttribute('http.route', route);
    span.updateName(`${request.method} ${route}`);
  }
  span.setAttribute('http.response.status_code', reply.statusCode);
  if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}
