import { inSpan, SpanKind } from '../support/tracing.ts';
import type { Database, Queryable } from './database.ts';

/**
 * The statement's operation (its first word, upper case: SELECT, INSERT, WITH…), which is all a span
 * says about it: the text is ours, but parameters carry keys' hashes, sealed keys and emails.
 */
export function sqlOperation(sql: string): string {
  const word = /^\s*([A-Za-z]+)/.exec(sql)?.[1];
  return word ? word.toUpperCase() : 'UNKNOWN';
}

function tracedQueryable(db: Queryable, system: string): Queryable {
  return {
    query: <T extends object>(sql: string, params?: readonly unknown[]) => {
      const operation = sqlOperation(sql);
      return inSpan(
        'db.query',
        { 'db.system.name': system, 'db.operation.name': operation },
        () => db.query<T>(sql, params),
        { kind: SpanKind.CLIENT, requireParent: true },
      );
    },
    exec: (sql: string) =>
      inSpan(
        'db.query',
        { 'db.system.name': system, 'db.operation.name': sqlOperation(sql) },
        () => db.exec(sql),
        { kind: SpanKind.CLIENT, requireParent: true },
      ),
  };
}

/**
 * The database with a span per statement (`db.query`), inside the request's span; a transaction is
 * one `db.transaction` span holding its statements. Statements outside any span (the tracker's
 * polling, the sweeps) make none. Used only when tracing is on, so an untraced service pays nothing.
 */
export function tracedDatabase<D extends Database>(db: D): D {
  const system = 'postgresql';
  return {
    ...db,
    ...tracedQueryable(db, system),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      inSpan(
        'db.transaction',
        { 'db.system.name': system },
        () => db.transaction((tx) => fn(tracedQueryable(tx, system))),
        { kind: SpanKind.INTERNAL, requireParent: true },
      ),
  };
}
