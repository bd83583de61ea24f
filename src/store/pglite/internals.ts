import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite's two mutexes, which its own `query`, `exec` and `transaction` take: one statement at a
 * time, and nothing else while a transaction runs. They are not public API (PGlite 0.5: the
 * underscore methods `_runExclusiveQuery` and `_runExclusiveTransaction` of `BasePGlite`), but a
 * statement run through the public wire-protocol entry point (`execProtocol`) must hold them as
 * PGlite's own query does (prepared-statements.ts).
 */
export interface PgliteMutexes {
  /** One statement at a time (the caller may already hold the transaction mutex). */
  runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  /** Nothing else while `work` runs: a transaction, or a statement outside one. */
  runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * PGlite's mutexes if this PGlite has them, else undefined: after an upgrade that renamed or
 * removed them, the caller runs statements the plain way (`PGlite.query`) instead of failing.
 * Checked in test/foundation/embedded-statements.test.ts (both ways).
 */
export function pgliteMutexes(pglite: PGlite): PgliteMutexes | undefined {
  const found: Partial<Record<'_runExclusiveQuery' | '_runExclusiveTransaction', unknown>> = pglite;
  const query = found._runExclusiveQuery;
  const transaction = found._runExclusiveTransaction;
  if (typeof query !== 'function' || typeof transaction !== 'function') return undefined;
  return {
    runExclusiveQuery: (work) => query.call(pglite, work),
    runExclusiveTransaction: (work) => transaction.call(pglite, work),
  };
}
