import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describeError } from '../support/describe-error.ts';
import type { Database, NotificationHandler, Queryable } from './database.ts';

/** Embedded PostgreSQL (PGlite). One process per data directory; `null` dataDir keeps it in memory. */
export async function openPgliteDatabase(
  dataDir: string | null,
  options: { loadDataDir?: Blob | File } = {},
): Promise<Database & { pglite: PGlite }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (err) {
    // PGlite reports a damaged directory as a WebAssembly abort ("Aborted(). Build with
    // -sASSERTIONS…"), which tells an operator nothing.
    if (!dataDir) throw err;
    throw new Error(
      `the embedded database in ${dataDir} cannot be opened (${describeError(err)}): it is damaged or was written by another version. Restore a backup, or move the folder away to start with an empty database`,
      { cause: err },
    );
  }
  if (dataDir) ownerOnly(dataDir);
  return wrapPglite(pglite);
}

/**
 * The database holds encrypted wallet keys and hashed API keys: its files are the owner's alone
 * (0700 folders, 0600 files), also in a data directory that existed before with looser modes.
 */
function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
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
