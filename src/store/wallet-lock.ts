import type { WalletId } from '../domain/ids.ts';
import type { Database } from './database.ts';
import { pgDriver } from './postgres-database.ts';

/**
 * Serializes sends per (wallet, chain) so nonces are allocated one at a time (DESIGN B3).
 * PostgreSQL: a session advisory lock, which holds across instances, taken on a connection of a
 * pool of its own (so sends waiting for a lock never starve the queries of the one holding it),
 * and only after the in-process lock (so one instance waits with one connection per wallet).
 * PGlite (one process by construction): the in-process lock alone, because holding a PGlite
 * transaction open across a broadcast would block every other query of the service meanwhile.
 */
export interface WalletLock {
  /**
   * Runs `fn` holding the wallet's lock. `held()` says whether it is still held: a database
   * session that ended (a restart, a failover) took its advisory lock with it, and another
   * instance may hold it now.
   */
  withLock<T>(walletId: WalletId, chain: string, fn: (held: () => boolean) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

function keyedMutex() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

export function inProcessWalletLock(): WalletLock {
  const mutex = keyedMutex();
  return {
    withLock: (walletId, chain, fn) => mutex(`${walletId}|${chain}`, () => fn(() => true)),
    close: async () => {},
  };
}

const LOCK_WAIT_MS = 30_000;

export function advisoryWalletLock(url: string, maxConnections = 20): WalletLock {
  const mutex = keyedMutex();
  // A wait longer than this means something is stuck: better a clear error than a hung request.
  const pool = new (pgDriver().Pool)({
    connectionString: url,
    max: maxConnections,
    statement_timeout: LOCK_WAIT_MS,
  });
  // An idle connection's end (a server restart) is the pool's to handle: it drops the client.
  pool.on('error', () => {});
  return {
    withLock: (walletId, chain, fn) =>
      mutex(`${walletId}|${chain}`, async () => {
        const key = `wallet-api:send:${walletId}:${chain}`;
        const client = await pool.connect();
        // The lock is held for a whole write, broadcast included: a server that ends the session
        // meanwhile emits 'error' on this checked-out client, which without a listener would stop
        // the process. The write goes on (it asks `held()` before anything it could not undo).
        let broken: Error | null = null;
        const onError = (err: Error) => {
          broken = err;
        };
        client.on('error', onError);
        try {
          await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
          try {
            return await fn(() => broken === null);
          } finally {
            if (!broken)
              await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch((err) => {
                broken = err as Error; // the session's end releases the lock
              });
          }
        } finally {
          client.off('error', onError);
          client.release(broken ?? undefined);
        }
      }),
    close: () => pool.end(),
  };
}

export function walletLockFor(db: Database): WalletLock {
  const url = (db as Database & { url?: string }).url;
  return db.kind === 'postgres' && url ? advisoryWalletLock(url) : inProcessWalletLock();
}
