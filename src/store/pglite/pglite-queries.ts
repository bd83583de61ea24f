import type { PGlite } from '@electric-sql/pglite';
import type { Database, NotificationHandler, Queryable } from '../database.ts';
import { preparedStatements } from './prepared-statements.ts';

/**
 * PGlite's query adds the statement's parameters to its error; an error is logged whole, and
 * parameters carry keys' hashes, sealed private keys and emails. The SQL text stays.
 */
function withoutParams(err: unknown): unknown {
  if (err && typeof err === 'object' && 'params' in err) delete (err as { params?: unknown }).params;
  return err;
}

/** What PGlite and its transactions have in common: `query`. */
type PgliteQueryable = Pick<PGlite, 'query'>;

/**
 * The Database port on a PGlite: each statement prepared once (prepared-statements.ts) when PGlite's
 * internals allow, else through `PGlite.query`.
 */
export function pgliteDatabase(pglite: PGlite): Database & { pglite: PGlite } {
  const prepared = preparedStatements(pglite);
  /** `query` on PGlite or on one of its transactions: a prepared statement, or the plain way. */
  const queryOn =
    (target: PgliteQueryable, inTransaction: boolean) =>
    async <T extends object>(sql: string, params: readonly unknown[] = []) => {
      try {
        return (
          (await prepared<T>(sql, params, inTransaction)) ?? (await target.query<T>(sql, [...params])).rows
        );
      } catch (err) {
        throw withoutParams(err);
      }
    };
  const query = queryOn(pglite, false);
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
          query: queryOn(tx, true),
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
      await query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
