import type { Services } from '../app/services.ts';
import type { Config } from '../config/config.ts';
import { lockDataDir } from '../store/data-dir-lock.ts';
import type { Database } from '../store/database.ts';
import { bootServices, openBootDatabase } from './boot-sequence.ts';

/**
 * Step 1 for the CLI: the database, under the data directory's lock when it is the embedded one
 * (one process at a time may open it). `hint` tells whoever holds the lock what to do instead.
 */
export async function openCliDatabase(
  config: Config,
  holder: string,
  hint?: string,
): Promise<{ db: Database; close(): Promise<void> }> {
  const lock = config.DATABASE_URL ? null : lockDataDir(config.DATA_DIR, holder, hint);
  try {
    const db = await openBootDatabase(config);
    return {
      db,
      async close() {
        try {
          await db.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * The CLI's boot, when it works on the database itself (no server holds it): the sequence without
 * background work and without a logger (the CLI prints its results, not logs).
 */
export async function bootCli(config: Config): Promise<{ services: Services; close(): Promise<void> }> {
  const opened = await openCliDatabase(config, 'wallet-api CLI');
  try {
    const booted = await bootServices({ config, db: opened.db, background: false });
    return {
      services: booted.services,
      async close() {
        await booted.stop();
        await opened.close();
      },
    };
  } catch (err) {
    await opened.close();
    throw err;
  }
}
