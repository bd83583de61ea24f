import type pg from 'pg';
import type { Database } from './database.ts';

/**
 * Serializes sends per (wallet, chain) so nonces are allocated one at a time (DESIGN B3).
 * PostgreSQL: a session advisory lock on a dedicated connection, which holds across instances.
 * PGlite (one process by construction): an in-process mutex, because holding a PGlite transaction
 * open across a broadcast would block every other query of the service meanwhile.
 */
export interface WalletLock {
  withLock<T>(walletId: string, chain: string, fn: () => Promise<T>): Promise<T>;
}

export function inProcessWalletLock(): WalletLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    async withLock(walletId, chain, fn) {
      const key = `${walletId}|${chain}`;
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
    },
  };
}

export function advisoryWalletLock(pool: pg.Pool): WalletLock {
  return {
    async withLock(walletId, chain, fn) {
      const client = await pool.connect();
      const key = `wallet-api:send:${walletId}:${chain}`;
      try {
        await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
        }
      } finally {
        client.release();
      }
    },
  };
}

export function walletLockFor(db: Database): WalletLock {
  const pool = (db as Database & { pool?: pg.Pool }).pool;
  return db.kind === 'postgres' && pool ? advisoryWalletLock(pool) : inProcessWalletLock();
}
