import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, NotificationHandler, Queryable } from './database.ts';

/** Embedded PostgreSQL (PGlite). One process per data directory; `null` dataDir keeps it in memory. */
export async function openPgliteDatabase(
  dataDir: string | null,
  options: { loadDataDir?: Blob | File } = {},
): Promise<Database & { pglite: PGlite }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  return wrapPglite(pglite);
}

export function wrapPglite(pglite: PGlite): Database & { pglite: PGlite } {
  const query = async <T extends object>(sql: string, params?: readonly unknown[]) =>
    (await pglite.query<T>(sql, params ? [...params] : undefined)).rows;
  return {
    kind: 'pglite',
    pglite,
    query,
    async exec(sql: string) {
      await pglite.exec(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pglite.transaction(async (tx) =>
        fn({
          query: async <R extends object>(sql: string, params?: readonly unknown[]) =>
            (await tx.query<R>(sql, params ? [...params] : undefined)).rows,
          exec: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      );
    },
    async listen(channel: string, handler: NotificationHandler) {
      const unlisten = await pglite.listen(channel, handler);
      return async () => unlisten();
    },
    async notify(channel: string, payload: string) {
      await pglite.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
