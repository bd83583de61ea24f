/**
 * The boot sequence, written once. Every process runs the same steps, in this order:
 *
 *   1. open the database            openBootDatabase (boot-ephemeral.ts: a throwaway one)
 *   2. migrate it                   bootServices, steps 2 to 7
 *   3. resolve the secrets          (config/local-secrets.ts: the environment, or DATA_DIR)
 *   4. verify them against the data (a wrong MASTER_KEY stops here, before anything starts)
 *   5. compose the services         (compose.ts, the one composition root)
 *   6. start them                   (Redis, the invalidation bus, last-used flushing)
 *   7. start the background work    when asked (the tracker and sweeps: server and worker)
 *
 * The variants differ only in what surrounds it: boot-server.ts (tracing, the HTTP and admin
 * servers), boot-worker.ts (PostgreSQL only, no HTTP), boot-cli.ts (the data directory lock, no
 * background work), boot-ephemeral.ts (a throwaway database and data directory).
 */
import type { Logger } from 'pino';
import type { Services } from '../app/services.ts';
import type { ChainRegistry } from '../chains/chain-registry.ts';
import { compose } from '../compose.ts';
import type { Config } from '../config/config.ts';
import { resolveSecrets } from '../config/local-secrets.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { Database } from '../store/database.ts';
import { migrate } from '../store/migrate.ts';
import { openDatabase } from '../store/open-database.ts';
import { verifySecrets } from '../store/secret-checks.ts';
import { tracedDatabase } from '../store/traced-database.ts';
import type { Clock } from '../support/clock.ts';

/** Step 1: PostgreSQL when DATABASE_URL is set, else the embedded database under DATA_DIR. */
export function openBootDatabase(config: Config, logger?: Logger): Promise<Database> {
  return openDatabase(
    config,
    logger ? (err) => logger.warn({ err }, 'database connection error') : undefined,
  );
}

export interface ServicesBootOptions {
  config: Config;
  /** Open already (step 1); left open by `stop`. */
  db: Database;
  /** Without one (the CLI), nothing is logged. */
  logger?: Logger;
  clock?: Clock;
  chains?: ChainRegistry;
  rateLimiter?: RateLimiter;
  /** A span per database statement (tracing is on). */
  traced?: boolean;
  /** Step 7: the tracker and the sweeps (server and worker; never the CLI). */
  background: boolean;
}

export interface BootedServices {
  services: Services;
  /** Stops the background work and what `start` connected; the database stays open. */
  stop(): Promise<void>;
}

/** Steps 2 to 7 on an open database. */
export async function bootServices(options: ServicesBootOptions): Promise<BootedServices> {
  const { config, logger } = options;
  const { applied } = await migrate(options.db);
  if (applied.length > 0) logger?.info({ applied }, 'applied database migrations');
  const secrets = resolveSecrets(config);
  await verifySecrets(options.db, secrets);
  const db = options.traced ? tracedDatabase(options.db) : options.db;
  const composition = compose({
    config,
    db,
    secrets,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.chains ? { chains: options.chains } : {}),
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
    ...(logger ? { logger } : {}),
  });
  await composition.start();
  if (options.background) await composition.startBackground();
  return { services: composition.services, stop: () => composition.stop() };
}
