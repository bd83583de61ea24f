import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { ChainRegistry } from '../chains/chain-registry.ts';
import { type Config, loadConfig } from '../config/config.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { Database } from '../store/database.ts';
import { openPgliteDatabase } from '../store/pglite-database.ts';
import type { Clock } from '../support/clock.ts';
import { createLogger } from '../support/logger.ts';
import { bootServer, type Runtime } from './boot-server.ts';
import { tuneV8 } from './v8-tuning.ts';

export interface EphemeralOptions {
  /** Settings over the ephemeral defaults (a fresh DATA_DIR, PORT 0, no devnet, no demo, silent). */
  env?: Record<string, string>;
  /**
   * The database: one given is shared and left open (a second instance of the service); a
   * function opens one that is closed with the runtime; by default an in-memory PGlite.
   */
  database?: Database | (() => Promise<Database>);
  /** Where log lines go (standard output by default; LOG_LEVEL says how many). */
  logStream?: Writable;
  clock?: Clock;
  chains?: ChainRegistry;
  rateLimiter?: RateLimiter;
  /** The admin endpoint for the CLI, under the throwaway DATA_DIR. */
  admin?: boolean;
}

export interface EphemeralRuntime extends Runtime {
  config: Config;
  db: Database;
  /** The throwaway data directory (secrets, admin file), removed by `stop`. */
  dataDir: string;
  /** Closes the runtime, the database it opened and removes the data directory. */
  stop(): Promise<void>;
}

/**
 * The ephemeral boot, for scripts, tests and benchmarks: the server's boot on a throwaway database
 * and data directory, listening on a free loopback port, with the process's V8 tuning (the caller
 * is its own process's entry point).
 */
export async function bootEphemeral(options: EphemeralOptions = {}): Promise<EphemeralRuntime> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-ephemeral-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'off',
      DEVNET: 'off',
      ...options.env,
    });
    tuneV8(config);
    const owned = typeof options.database !== 'object';
    const db =
      typeof options.database === 'object'
        ? options.database
        : await (options.database ?? (() => openPgliteDatabase(null)))();
    try {
      const runtime = await bootServer({
        config,
        db,
        logger: createLogger(config.LOG_LEVEL, options.logStream),
        ...(options.clock ? { clock: options.clock } : {}),
        ...(options.chains ? { chains: options.chains } : {}),
        ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
        ...(options.admin ? { admin: true } : {}),
      });
      return {
        ...runtime,
        config,
        db,
        dataDir,
        async stop() {
          try {
            await runtime.close();
            if (owned) await db.close();
          } finally {
            rmSync(dataDir, { recursive: true, force: true });
          }
        },
      };
    } catch (err) {
      if (owned) await db.close();
      throw err;
    }
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
