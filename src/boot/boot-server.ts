import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { localOperator } from '../app/operator.ts';
import type { Services } from '../app/services.ts';
import type { ChainRegistry } from '../chains/chain-registry.ts';
import type { Config } from '../config/config.ts';
import { startAdminServer } from '../http/admin/admin-server.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { createServer } from '../server.ts';
import type { Database } from '../store/database.ts';
import type { Clock } from '../support/clock.ts';
import type { Tracing } from '../support/tracing-sdk.ts';
import { bootServices } from './boot-sequence.ts';

export interface ServerBootOptions {
  config: Config;
  /** Open already (step 1 of the sequence); the runtime leaves it open when it closes. */
  db: Database;
  logger: Logger;
  clock?: Clock;
  chains?: ChainRegistry;
  rateLimiter?: RateLimiter;
  /** Start the loopback admin endpoint for the CLI (the server owns an embedded database). */
  admin?: boolean;
}

export interface Runtime {
  url: string;
  server: FastifyInstance;
  services: Services;
  /** Drains in-flight requests, then stops background work. Leaves the database open. */
  close(): Promise<void>;
}

/**
 * The server's boot: the sequence with its background work, then the public server (src/server.ts:
 * REST, dashboard and MCP side by side) listening, and the admin endpoint when asked.
 */
export async function bootServer(options: ServerBootOptions): Promise<Runtime> {
  const { config } = options;
  // The SDK (and its exporter) only when an endpoint is configured: otherwise the API's no-op.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('../support/tracing-sdk.ts')).startTracing({
        endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: config.OTEL_SERVICE_NAME,
      })
    : null;
  try {
    return await startServing(options, tracing);
  } catch (err) {
    await tracing?.shutdown();
    throw err;
  }
}

async function startServing(options: ServerBootOptions, tracing: Tracing | null): Promise<Runtime> {
  const { config, logger } = options;
  const booted = await bootServices({
    config,
    db: options.db,
    logger,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.chains ? { chains: options.chains } : {}),
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
    traced: tracing !== null,
    background: true,
  });
  let server: FastifyInstance | null = null;
  let admin: { close(): Promise<void> } | null = null;
  try {
    server = await createServer({
      services: booted.services,
      logger,
      publicUrl: config.publicUrl,
      trustProxy: config.TRUST_PROXY,
    });
    await server.listen({ host: config.HOST, port: config.PORT });
    if (options.admin)
      admin = await startAdminServer({
        operator: localOperator(booted.services),
        dataDir: config.DATA_DIR,
        logger,
      });
  } catch (err) {
    // A server that cannot listen leaves no background work running behind it.
    await server?.close().catch(() => {});
    await booted.stop().catch(() => {});
    throw err;
  }
  const listening = server;
  const address = listening.server.address();
  const port = address && typeof address === 'object' ? address.port : config.PORT;
  return {
    url: `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`,
    server: listening,
    services: booted.services,
    async close() {
      await admin?.close();
      await listening.close();
      await booted.stop();
      // Sends the spans still pending (a SIGTERM ends here, through main.ts's cleanups).
      await tracing?.shutdown();
    },
  };
}
