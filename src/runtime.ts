import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { localOperator } from './app/operator.ts';
import type { Services } from './app/services.ts';
import type { ChainRegistry } from './chains/chain-registry.ts';
import { compose } from './compose.ts';
import type { Config } from './config/config.ts';
import { resolveSecrets } from './config/local-secrets.ts';
import { startAdminServer } from './http/admin/admin-server.ts';
import type { RateLimiter } from './rate-limit/rate-limiter.ts';
import { createServer } from './server.ts';
import type { Database } from './store/database.ts';
import { migrate } from './store/migrate.ts';
import { verifySecrets } from './store/secret-checks.ts';
import { tracedDatabase } from './store/traced-database.ts';
import type { Clock } from './support/clock.ts';
import type { Tracing } from './support/tracing-sdk.ts';

export interface RuntimeOptions {
  config: Config;
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

/** Migrates, composes the services and starts the HTTP server (and the admin endpoint). */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const { config } = options;
  // The SDK (and its exporter) only when an endpoint is configured: otherwise the API's no-op.
  const tracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (await import('./support/tracing-sdk.ts')).startTracing({
        endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
        serviceName: config.OTEL_SERVICE_NAME,
      })
    : null;
  try {
    return await startServices(options, tracing);
  } catch (err) {
    await tracing?.shutdown();
    throw err;
  }
}

async function startServices(options: RuntimeOptions, tracing: Tracing | null): Promise<Runtime> {
  const { config, logger } = options;
  const { applied } = await migrate(options.db);
  if (applied.length > 0) logger.info({ applied }, 'applied database migrations');
  const secrets = resolveSecrets(config);
  await verifySecrets(options.db, secrets);
  const db = tracing ? tracedDatabase(options.db) : options.db;
  const composition = compose({
    config,
    db,
    secrets,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.chains ? { chains: options.chains } : {}),
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
    logger,
  });
  await composition.start();
  await composition.startBackground();
  const server = await createServer({
    services: composition.services,
    logger,
    publicUrl: config.publicUrl,
    trustProxy: config.TRUST_PROXY,
  });
  await server.listen({ host: config.HOST, port: config.PORT });
  const address = server.server.address();
  const port = address && typeof address === 'object' ? address.port : config.PORT;
  const admin = options.admin
    ? await startAdminServer({
        operator: localOperator(composition.services),
        dataDir: config.DATA_DIR,
        logger,
      })
    : null;
  return {
    url: `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`,
    server,
    services: composition.services,
    async close() {
      await admin?.close();
      await server.close();
      await composition.stop();
      // Sends the spans still pending (a SIGTERM ends here, through main.ts's cleanups).
      await tracing?.shutdown();
    },
  };
}
