import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import { bootServices, openBootDatabase } from './boot-sequence.ts';

/**
 * `wallet-api worker`: the tracker and the sweeps (idempotency reconciliation, transaction checks,
 * fee replacement) without an HTTP server, for deployments that run API instances with
 * TRACKER=false. Any number of workers may run: they claim transactions with FOR UPDATE SKIP
 * LOCKED and take each wallet's nonce lock, so none is tracked twice at once and none is lost when
 * one dies (its claims expire and another takes them).
 */
export async function bootWorker(config: Config, logger: Logger): Promise<{ stop(): Promise<void> }> {
  if (!config.DATABASE_URL)
    throw new Error(
      'the worker needs DATABASE_URL (PostgreSQL): with the embedded database, the server runs the tracker itself',
    );
  const db = await openBootDatabase(config, logger);
  try {
    // Tracking is what a worker is for, whatever TRACKER says (API instances set it off).
    const booted = await bootServices({ config: { ...config, TRACKER: true }, db, logger, background: true });
    logger.info('worker started: tracking transactions');
    return {
      async stop() {
        await booted.stop();
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}
