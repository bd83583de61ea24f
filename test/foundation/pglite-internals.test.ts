// The embedded database's prepared statements (store/pglite/prepared-statements.ts) hold PGlite's
// mutexes, which are PGlite internals (store/pglite/internals.ts). This fails first when a PGlite
// upgrade renames them: the fast path is then silently off (see the upgrade checklist in
// docs/architecture.md), and without them every statement must still work the plain way.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import { pgliteMutexes } from '../../src/store/pglite/internals.ts';
import { pgliteDatabase } from '../../src/store/pglite/pglite-queries.ts';
import { openPgliteDatabase } from '../../src/store/pglite-database.ts';

const INTERNALS = new Set<string | symbol>(['_runExclusiveQuery', '_runExclusiveTransaction']);

/** The PGlite as a version without the internals would show itself (its own methods keep them). */
function withoutInternals(pglite: PGlite): PGlite {
  return new Proxy(pglite, {
    get(target, key) {
      if (INTERNALS.has(key)) return undefined;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const preparedCount = async (pglite: PGlite, sql: string) =>
  (
    await pglite.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements where statement = $1',
      [sql],
    )
  ).rows[0]?.n;

describe('PGlite internals', () => {
  const opened: { close(): Promise<void> }[] = [];
  after(async () => {
    for (const db of opened) await db.close();
  });

  test('this PGlite has them, and statements are prepared once and run under its mutexes', async () => {
    const db = await openPgliteDatabase(null);
    opened.push(db);
    assert.ok(pgliteMutexes(db.pglite), 'PGlite no longer has _runExclusiveQuery/_runExclusiveTransaction');
    const sql = 'select $1::int + 1 as n';
    assert.deepEqual(await db.query(sql, [1]), [{ n: 2 }]);
    assert.deepEqual(await db.query(sql, [2]), [{ n: 3 }]);
    assert.equal(await preparedCount(db.pglite, sql), 1);
  });

  test('without them, statements and transactions still work, the plain way', async () => {
    const opener = await openPgliteDatabase(null);
    opened.push(opener);
    const hidden = withoutInternals(opener.pglite);
    assert.equal(pgliteMutexes(hidden), undefined);
    const db = pgliteDatabase(hidden);
    await db.exec('create table things (id text primary key, n int)');
    await db.transaction(async (tx) => {
      await tx.query('insert into things (id, n) values ($1, $2)', ['a', 1]);
    });
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('insert into things (id, n) values ($1, $2)', ['b', 2]);
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    await assert.rejects(db.query('insert into things (id, n) values ($1, $2)', ['a', 3]), { code: '23505' });
    const sql = 'select id, n from things order by id';
    assert.deepEqual(await db.query(sql), [{ id: 'a', n: 1 }]);
    assert.equal(await preparedCount(opener.pglite, sql), 0);
  });
});
