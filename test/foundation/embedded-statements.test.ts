// The embedded database runs statements as named prepared statements (store/pglite/prepared-statements.ts):
// what comes back must be exactly what PGlite's own query gives, errors must be PostgreSQL's, and
// transactions, schema changes and any number of distinct statements must keep working.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import { openPgliteDatabase } from '../../src/store/pglite-database.ts';

describe('embedded database statements', () => {
  let db: Awaited<ReturnType<typeof openPgliteDatabase>>;
  let pglite: PGlite;
  before(async () => {
    db = await openPgliteDatabase(null);
    pglite = db.pglite;
    await db.exec(`create table things (
      id text primary key, n bigint, amount numeric(78,0), flag boolean, at timestamptz,
      doc jsonb, tags text[], note text)`);
  });
  after(() => db.close());

  test('values go in and come out exactly as through PGlite.query', async () => {
    const at = new Date('2026-11-25T12:34:56.789Z');
    const rows: unknown[][] = [
      [
        'a',
        '9223372036854775807',
        '115792089237316195423570985008687907853269984665640564039457584007913129639935',
        true,
        at,
        JSON.stringify({ x: [1, 'two', null] }),
        ['x', 'y,z', ''],
        'café ✓',
      ],
      ['b', null, null, null, null, null, null, null],
      ['c', '-1', '0', false, new Date(0), '"text"', [], ''],
    ];
    const insert =
      'insert into things (id, n, amount, flag, at, doc, tags, note) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *';
    for (const params of rows) {
      const viaDb = await db.query(insert, params);
      await pglite.query('delete from things where id = $1', [params[0]]);
      const viaPglite = (await pglite.query(insert, params)).rows;
      assert.deepEqual(viaDb, viaPglite);
    }
    const select =
      'select *, n::text as n_text, amount::text as amount_text from things where id = any($1) order by id';
    for (let i = 0; i < 3; i++)
      assert.deepEqual(
        await db.query(select, [['a', 'b', 'c']]),
        (await pglite.query(select, [['a', 'b', 'c']])).rows,
      );
    // Run as a statement prepared once, not parsed again at every call.
    const prepared = await pglite.query<{ statement: string }>(
      'select statement from pg_prepared_statements',
    );
    assert.equal(prepared.rows.filter((r) => r.statement === select).length, 1);
    const [a] = await db.query<{ n_text: string; amount_text: string }>(select, [['a']]);
    assert.equal(a?.n_text, '9223372036854775807');
    assert.equal(a?.amount_text, rows[0]?.[2]);
  });

  test("a failing statement gives PostgreSQL's error, and the database goes on working", async () => {
    const insert = 'insert into things (id) values ($1)';
    await db.query(insert, ['dup']);
    await assert.rejects(db.query(insert, ['dup']), (err: { code?: string; query?: string }) => {
      assert.equal(err.code, '23505');
      assert.equal(err.query, insert);
      assert.ok(!('params' in err), 'an error is logged whole: it does not carry the parameters');
      return true;
    });
    await assert.rejects(db.query('selec 1'), (err: { code?: string }) => err.code === '42601');
    await assert.rejects(
      db.query('select $1::int', ['not a number']),
      (err: { code?: string }) => err.code === '22P02',
    );
    assert.deepEqual(await db.query('select count(*)::int as c from things where id = $1', ['dup']), [
      { c: 1 },
    ]);
  });

  test('a transaction sees its own writes and leaves nothing when it fails', async () => {
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('insert into things (id, note) values ($1, $2)', ['tx1', 'in']);
        assert.deepEqual(await tx.query('select note from things where id = $1', ['tx1']), [{ note: 'in' }]);
        await tx.query('insert into things (id) values ($1)', ['tx1']);
      }),
      (err: { code?: string }) => err.code === '23505',
    );
    assert.deepEqual(await db.query('select note from things where id = $1', ['tx1']), []);
    await db.transaction(async (tx) => {
      await tx.query('insert into things (id, note) values ($1, $2)', ['tx2', 'kept']);
    });
    assert.deepEqual(await db.query('select note from things where id = $1', ['tx2']), [{ note: 'kept' }]);
  });

  test('statements outside a transaction wait for it, as with PGlite.query', async () => {
    const order: string[] = [];
    let started!: () => void;
    const inside = new Promise<void>((resolve) => {
      started = resolve;
    });
    const tx = db.transaction(async (t) => {
      await t.query('insert into things (id) values ($1)', ['waiting']);
      started();
      await new Promise((r) => setTimeout(r, 20));
      order.push('transaction done');
    });
    await inside;
    const seen = await db.query('select count(*)::int as c from things where id = $1', ['waiting']);
    order.push('outside ran');
    await tx;
    assert.deepEqual(order, ['transaction done', 'outside ran']);
    assert.deepEqual(seen, [{ c: 1 }]);
  });

  test('a schema change under a prepared statement: the statement is prepared again', async () => {
    await db.exec('create table shapes (a int)');
    await db.query('insert into shapes (a) values ($1)', [1]);
    const select = 'select * from shapes';
    assert.deepEqual(await db.query(select), [{ a: 1 }]);
    await db.exec('alter table shapes add column b text');
    await db.query('update shapes set b = $1', ['new']);
    assert.deepEqual(await db.query(select), [{ a: 1, b: 'new' }]);
    assert.deepEqual(await db.query(select), [{ a: 1, b: 'new' }]);
  });

  test('any number of distinct statements run (past the cache, the plain way)', async () => {
    for (let i = 0; i < 300; i++) {
      const rows = await db.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      assert.deepEqual(rows, [{ v: 1 + i }]);
    }
    // The first ones are still prepared and right; the cache holds at most 256.
    assert.deepEqual(await db.query('select $1::int + 0 as v', [41]), [{ v: 41 }]);
    const [count] = (
      await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')
    ).rows;
    assert.equal(count?.n, 256);
    // Past the cache, the plain way reports errors the same way.
    await assert.rejects(db.query('select $1::int + 1000 as v', ['x']), (err: { code?: string }) => {
      assert.equal(err.code, '22P02');
      assert.ok(!('params' in err), 'no parameters on the plain way either');
      return true;
    });
  });
});
