import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { Logger } from 'pino';
import type { Metrics } from '../plugins/metrics.ts';
import { endRequestSpan } from '../plugins/request-tracing.ts';

/** Request loggers are pino's (or LazyChildLogger, support/logger.ts), which Fastify types more narrowly. */
const logsInfo = (request: FastifyRequest) => (request.log as unknown as Logger).isLevelEnabled('info');

/**
 * What Fastify is told at the start and the end of every request: the request log lines, and the
 * request's count and latency in the metrics.
 *
 * Fastify calls its log controller (its documented extension point for request logging) once a
 * request starts and once its response is finished, for every route, the 404 handler included,
 * at the very point where it runs onResponse hooks. Counting the request here rather than in an
 * onResponse hook saves the hook runner, its callback and a second clock reading per request
 * (bench:wallets profile). The log lines are written at `info`: at the usual level (`warn`) the
 * quiet-path check, which builds Fastify's route options object, is skipped too.
 */
export class RequestObserver extends LogController {
  readonly #metrics: Metrics;
  readonly #tracing: boolean;

  constructor(options: { metrics: Metrics; quietPaths: ReadonlySet<string>; tracing?: boolean }) {
    const { quietPaths } = options;
    super({
      requestIdLogLabel: 'requestId',
      // The route's template, not the URL: a long query string would be hashed on every request.
      disableRequestLogging: (request) => quietPaths.has(request.routeOptions.url ?? ''),
    });
    this.#metrics = options.metrics;
    this.#tracing = options.tracing ?? false;
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (logsInfo(request)) super.incomingRequest(request, reply);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // The route template, never the raw URL: label values stay bounded.
    this.#metrics.requests.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    if (error || logsInfo(request)) super.requestCompleted(error, request, reply);
    if (this.#tracing) endRequestSpan(request, reply);
  }
}
