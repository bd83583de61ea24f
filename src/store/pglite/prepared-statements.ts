import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import { pgliteMutexes } from './internals.ts';

/**
 * Named prepared statements for PGlite. `PGlite.query` parses and plans its SQL at every call and
 * talks to PostgreSQL in six separate steps (parse, describe, bind, describe, execute, sync), each
 * a call into the WebAssembly module; for the service's short statements that is most of their
 * cost, and the embedded database runs on the service's only thread. Here a statement is parsed
 * once under a name, and each call is one message batch (bind, describe, execute, sync) in one
 * call. Measured (2 cores, warm): `select max(nonce) ... where wallet_id = $1 and chain = $2`
 * 326 -> 72 us, a one-row update 276 -> 112 us.
 *
 * PGlite offers no statement cache of its own; this uses its public wire-protocol entry point
 * (`execProtocol`), its own message serializer and result parser, and the same mutexes and the
 * same parameter serializers as `PGlite.query`, so values go in and come out exactly as there.
 * The mutexes are PGlite internals (internals.ts): without them every statement goes the plain way.
 */
const MAX_STATEMENTS = 256;
/** SQLSTATE 0A000 with this text: a schema change altered what a prepared statement returns. */
const PLAN_CHANGED = /cached plan must not change result type/;

interface Prepared {
  name: string;
  /** The type of each parameter, as PostgreSQL inferred it (picks PGlite's serializer). */
  paramTypes: number[];
}

/** As PGlite's own query reports a failed statement: the error with its SQL (not its parameters). */
function withQuery(err: unknown, sql: string): unknown {
  if (err && typeof err === 'object' && 'code' in err) Object.assign(err, { query: sql });
  return err;
}

type PreparedQuery = <T>(
  sql: string,
  params: readonly unknown[],
  inTransaction: boolean,
) => Promise<T[] | undefined>;

export function preparedStatements(pglite: PGlite): PreparedQuery {
  const mutexes = pgliteMutexes(pglite);
  // An upgrade without the internals: statements are run the plain way (correct, only slower).
  if (mutexes === undefined) return async () => undefined;
  const { serialize } = protocol;
  const statements = new Map<string, Prepared>();
  let counter = 0;

  async function prepare(sql: string): Promise<Prepared> {
    const name = `wallet_api_${++counter}`;
    const { messages } = await pglite.execProtocol(
      Buffer.concat([
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(sql, prepared);
    return prepared;
  }

  /** Runs one statement; the caller holds PGlite's query mutex. */
  async function run<T>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<T[]> {
    const prepared = statements.get(sql) ?? (await prepare(sql));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[prepared.paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pglite.execProtocol(
      Buffer.concat([
        serialize.bind({ statement: prepared.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      // Outside a transaction, as PGlite.query does: what changed reaches the data directory now.
      { syncToFs: !inTransaction },
    );
    return (parse.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as T[];
  }

  /** Forgets a statement whose plan no longer fits the schema; the next call prepares it anew. */
  async function forget(sql: string, prepared: Prepared): Promise<void> {
    statements.delete(sql);
    await pglite
      .execProtocol(serialize.query(`deallocate ${prepared.name}`), { syncToFs: false, throwOnError: false })
      .catch(() => {});
  }

  /**
   * Runs `sql` as a prepared statement, or returns `undefined` when it is not one to keep (the
   * cache is full: a statement built per call, say), the database is closed, or PGlite lacks the
   * internals this needs, for the caller to run it the plain way.
   * `inTransaction`: the caller holds PGlite's transaction (PGlite's own mutexes are taken as
   * `PGlite.query` and a transaction's `query` take them).
   */
  return async function query<T>(
    sql: string,
    params: readonly unknown[],
    inTransaction: boolean,
  ): Promise<T[] | undefined> {
    // Closed: PGlite.query gives its own error. Full: the plain way.
    if (pglite.closed || (!statements.has(sql) && statements.size >= MAX_STATEMENTS)) return undefined;
    const exclusive = () =>
      mutexes.runExclusiveQuery(async () => {
        try {
          return await run<T>(sql, params, inTransaction);
        } catch (err) {
          const stale = statements.get(sql);
          if (!stale || !(err instanceof Error) || !PLAN_CHANGED.test(err.message)) throw withQuery(err, sql);
          // A migration changed a table under a statement prepared before it. Outside a
          // transaction nothing was done: prepare it again and run it once more.
          await forget(sql, stale);
          if (inTransaction) throw withQuery(err, sql);
          return run<T>(sql, params, inTransaction).catch((again: unknown) => {
            throw withQuery(again, sql);
          });
        }
      });
    return inTransaction ? exclusive() : mutexes.runExclusiveTransaction(exclusive);
  };
}
