import type { Logger } from 'pino';
import { createChainRegistry } from './chains/chain-registry.ts';
import { compose } from './compose.ts';
import type { Config } from './config/config.ts';
import { resolveSecrets } from './config/local-secrets.ts';
import { migrate } from './store/migrate.ts';
import { openDatabase } from './store/open-database.ts';
import { verifySecrets } from './store/secret-checks.ts';

/**
 * `wallet-api worker`: the tracker and the sweeps (idempotency reconciliation, transaction checks,
 * fee replacement) without an HTTP server, for deployments that run API instances with
 * TRACKER=false. Any number of workers may run: they claim transactions with FOR UPDATE SKIP
 * LOCKED and take each wallet's nonce lock, so none is tracked twice at once and none is lost when
 * one dies (its claims expire and another takes them).
 */
export async function runWorker(config: Config, logger: Logger): Promise<{ stop(): Promise<void> }> {
  if (!config.DATABASE_URL)
    throw new Error(
      'the worker needs DATABASE_URL (PostgreSQL): with the embedded database, the server runs the tracker itself',
    );
  const db = await openDatabase(config, (err) => logger.warn({ err }, 'database connection error'));
  try {
    await migrate(db);
    const secrets = resolveSecrets(config);
    await verifySecrets(db, secrets);
    const composition = compose({
      config: { ...config, TRACKER: true },
      db,
      secrets,
      chains: createChainRegistry(config.chainOverrides, {}, config.enabledChains),
      logger,
    });
    await composition.start();
    await composition.startBackground();
    logger.info('worker started: tracking transactions');
    return {
      async stop() {
        await composition.stop();
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}
