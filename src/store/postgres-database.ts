import type pg from 'pg';
import { lazyModule } from '../support/lazy-module.ts';
import type { Database, NotificationHandler, Queryable } from './database.ts';

/** A real PostgreSQL server through node-postgres (DATABASE_URL). */
/** node-postgres, loaded when DATABASE_URL is first used (the embedded default does not need it). */
export const pgDriver = lazyModule<typeof import('pg')>('pg');

export async function openPostgresDatabase(
  url: string,
  options: { maxConnections?: number; statementTimeoutMs?: number; onError?: (err: Error) => void } = {},
): Promise<Database & { pool: pg.Pool; url: string }> {
  const pool = new (pgDriver().Pool)({
    connectionString: url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 10_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    // The client's own limit: a server that went silent (a partition, a dead load balancer flow)
    // never answers, so no statement may wait on it longer than this.
    query_timeout: (options.statementTimeoutMs ?? 30_000) + 5_000,
    // TCP keepalive finds connections whose peer vanished without a word (the LISTEN one above all).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', (err) => options.onError?.(err));
  await pool.query('select 1');

  const listeners = new Map<string, Set<{ handler: NotificationHandler; onReset?: () => void }>>();
  let listenClient: pg.PoolClient | null = null;
  let releaseListener: ((destroy: boolean) => void) | null = null;
  let connecting: Promise<pg.PoolClient> | null = null;
  let closed = false;

  // One dedicated connection carries every LISTEN. When it drops, notifications may have been
  // missed, so every listener's onReset runs after it reconnects.
  const connectListener = async (): Promise<pg.PoolClient> => {
    if (listenClient) return listenClient;
    connecting ??= (async () => {
      const client = await pool.connect();
      // Released once only: an error can arrive after close() gave the client back (a dropped
      // database terminates it), and pg throws on a second release.
      let released = false;
      releaseListener = (destroy: boolean) => {
        if (released) return;
        released = true;
        client.release(destroy);
      };
      const release = releaseListener;
      client.on('notification', (msg) => {
        for (const l of listeners.get(msg.channel) ?? []) l.handler(msg.payload ?? '');
      });
      client.on('error', () => {
        release(true);
        if (listenClient === client) listenClient = null;
        if (closed) return;
        setTimeout(() => {
          void reconnect();
        }, 1000).unref();
      });
      for (const channel of listeners.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
      listenClient = client;
      return client;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };
  const reconnect = async () => {
    try {
      await connectListener();
      for (const set of listeners.values()) for (const l of set) l.onReset?.();
    } catch (err) {
      options.onError?.(err as Error);
      if (!closed)
        setTimeout(() => {
          void reconnect();
        }, 2000).unref();
    }
  };

  const query = async <T extends object>(sql: string, params?: readonly unknown[]) =>
    (await pool.query<T & pg.QueryResultRow>(sql, params ? [...params] : undefined)).rows as T[];

  return {
    kind: 'postgres',
    pool,
    url,
    query,
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // A checked-out client has no listener of the pool's: without one, a server that ends the
      // session (a restart, a failover, pg_terminate_backend) would be an unhandled 'error' event,
      // which stops the process. The statement in flight fails instead; the client is destroyed.
      let broken: Error | null = null;
      const onError = (err: Error) => {
        broken = err;
        options.onError?.(err);
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <R extends object>(sql: string, params?: readonly unknown[]) =>
            (await client.query<R & pg.QueryResultRow>(sql, params ? [...params] : undefined)).rows as R[],
          exec: async (sql: string) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        if (!broken)
          await client.query('ROLLBACK').catch((rollbackErr: Error) => {
            broken = rollbackErr;
          });
        throw err;
      } finally {
        client.off('error', onError);
        // A client in an unknown state (its session ended, or ROLLBACK failed) never serves again.
        client.release(broken ?? undefined);
      }
    },
    async listen(channel: string, handler: NotificationHandler, onReset?: () => void) {
      let set = listeners.get(channel);
      const entry = { handler, ...(onReset ? { onReset } : {}) };
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        set.add(entry);
        const client = await connectListener();
        await client.query(`LISTEN ${quoteIdent(channel)}`);
      } else {
        set.add(entry);
      }
      return async () => {
        set.delete(entry);
      };
    },
    async reconnectListener() {
      if (!listenClient || closed) return;
      listenClient = null;
      releaseListener?.(true);
      await reconnect();
    },
    async notify(channel: string, payload: string) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      releaseListener?.(false);
      listenClient = null;
      await pool.end();
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
