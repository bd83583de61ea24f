/**
 * `npm start`: the service on its embedded defaults (PGlite under DATA_DIR, the local signer, the
 * development network), or on whatever the environment configures.
 *
 * This module holds the process's own concerns (configuration, signals, the checks that come
 * before anything starts) and imports little: it launches the development network's nodes first
 * thing, so they start and seed their chains in their own processes while this one loads the rest
 * of the service (serve.ts), opens the database and builds the server.
 */

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { DevnetNodes } from '@wallet-api/devnet/nodes';
import { tuneV8 } from './boot/v8-tuning.ts';
import { type Config, ConfigError, loadConfig, loadDotEnv } from './config/config.ts';
import { lockDataDir } from './store/data-dir-lock.ts';
import { describeError } from './support/describe-error.ts';
import { createLogger } from './support/logger.ts';

const startedAt = performance.now();

let config: Config;
try {
  loadDotEnv();
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    for (const p of err.problems) console.error(`config: ${p}`);
    process.exit(1);
  }
  throw err;
}

// Process-wide, so here at the entry point, before the embedded database opens (serve.ts).
tuneV8(config);
const logger = createLogger(config.LOG_LEVEL);
const cleanups: (() => Promise<void> | void)[] = [];
let stopping = false;

async function shutdown(reason: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'shutting down');
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
    }
  }
  process.exit(code);
}
process.once('SIGINT', () => void shutdown('SIGINT', 0));
process.once('SIGTERM', () => void shutdown('SIGTERM', 0));

/**
 * The data directory must take writes before anything starts: a read-only file system or a full disk
 * would otherwise surface as an embedded database error that names neither the path nor the cause.
 * A megabyte is written and removed (the embedded database needs far more).
 */
function requireWritableDataDir(dir: string): void {
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(probe, Buffer.alloc(1024 * 1024));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOTDIR' || code === 'EEXIST'
        ? `DATA_DIR ${dir} is a file, or lies under one (${code}): set DATA_DIR to a directory (it is created when missing)`
        : code === 'ENOSPC'
          ? `DATA_DIR ${dir} is on a full disk (ENOSPC): free some space there, or set DATA_DIR to a place with room`
          : code === 'EROFS'
            ? `DATA_DIR ${dir} is on a read-only file system (EROFS): set DATA_DIR to a writable place`
            : `DATA_DIR ${dir} cannot be written (${code ?? describeError(err)}): check its owner and permissions, or set DATA_DIR`,
    );
  } finally {
    // Not over the error above: with DATA_DIR a file, removing the probe fails too (ENOTDIR).
    try {
      rmSync(probe, { force: true });
    } catch {}
  }
}

/** Fails fast, before anything starts, when the HTTP port is taken. */
async function requireFreePort(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `port ${port} on ${host} is already in use (another wallet-api, or another program): stop it or set PORT`
            : `cannot listen on ${host}:${port} (${err.code ?? err.message}): set HOST and PORT`,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

try {
  await requireFreePort(config.HOST, config.PORT);
  requireWritableDataDir(config.DATA_DIR);
  if (!config.DATABASE_URL) {
    const lock = lockDataDir(config.DATA_DIR, 'wallet-api server');
    cleanups.push(() => lock.release());
  }
  // The development network's package (Hardhat, LiteSVM) is loaded only when it runs: never with
  // DEVNET=off.
  let nodes: DevnetNodes | null = null;
  if (config.DEVNET) {
    const { launchDevnetNodes } = await import('@wallet-api/devnet/nodes');
    nodes = launchDevnetNodes({
      evmPort: config.DEVNET_EVM_PORT || undefined,
      solanaPort: config.DEVNET_SOLANA_PORT || undefined,
      logger: logger.child({ component: 'devnet' }),
    });
    const launched = nodes;
    cleanups.push(() => launched.stop());
  }
  const { serve } = await import('./serve.ts');
  await serve({ config, logger, nodes, cleanups, startedAt });
} catch (err) {
  logger.fatal({ err }, 'start-up failed');
  console.error(`start-up failed: ${describeError(err)}`);
  await shutdown('start-up failed', 1);
}
