// @needs postgres
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { UserId } from '../../src/domain/ids.ts';
import type { Database } from '../../src/store/database.ts';
import { openPostgresDatabase } from '../../src/store/postgres-database.ts';
import { transactionsRepository } from '../../src/store/repositories/transactions-repository.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createDatabase, ENGINES } from '../support/database.ts';
import { recordTransaction, walletRow } from './event-fixtures.ts';

interface EventsBody {
  events: { id: string; sequence: number; type: string; data: { id?: string } }[];
  nextCursor: string;
}
interface TxPage {
  transactions: { id: string }[];
  nextCursor: string | null;
}

/** The walks read far more than 60 times a minute. */
const READS = { RATE_LIMIT_READ_PER_MINUTE: '100000' };
const WRITERS = 4;
const PER_WRITER = 8;

/**
 * Writers that record transactions and move them on, each in its own database transaction that
 * stays open a little while (on PostgreSQL, truly concurrently). createdAt is taken before a pause,
 * as the write path does (before signing), so creation order and commit order differ.
 */
function startWriters(db: Database, wallet: Parameters<typeof recordTransaction>[1]) {
  const committed: string[] = [];
  const pause = () => delay(Math.floor(Math.random() * 4));
  const writers = Array.from({ length: WRITERS }, async () => {
    for (let i = 0; i < PER_WRITER; i++) {
      const createdAt = new Date();
      await pause();
      const id = await db.transaction(async (tx) => {
        const made = await recordTransaction(tx, wallet, { createdAt, updatedAt: createdAt });
        await pause();
        if (i % 2 === 0)
          await transactionsRepository(tx).transition(made.id, ['PENDING'], {
            status: 'SUBMITTED',
            now: new Date(),
            nextCheckAt: null,
          });
        return made.id;
      });
      committed.push(id);
    }
  });
  return { committed, done: Promise.all(writers) };
}

async function body<T>(res: Response): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text) as T;
}

for (const engine of ENGINES)
  describe(`cursors under concurrent writes (${engine}${engine === 'postgres' ? ', two instances' : ''})`, () => {
    let reader: TestApp;
    let writerApp: TestApp | null = null;
    let writerDb: Database;
    let shared: (Database & { url?: string }) | null = null;
    let user: { userId: UserId; key: string };
    let wallet: Parameters<typeof recordTransaction>[1];
    before(async () => {
      if (engine === 'postgres') {
        // Two instances, each with its own connections: the writes come through the second.
        shared = (await createDatabase('postgres')) as Database & { url: string };
        // One deployment's secrets, as test/support/two-instances.ts shares them.
        const env = { ...READS, MASTER_KEY: 'a1'.repeat(32), API_KEY_SECRET: 'b2'.repeat(32) };
        reader = await startTestApp({ database: shared, env });
        writerDb = await openPostgresDatabase(shared.url as string, { maxConnections: 10 });
        writerApp = await startTestApp({ database: writerDb, env });
      } else {
        reader = await startTestApp({ engine, env: READS });
        writerDb = reader.db;
      }
      user = await reader.newUser();
      const row = await walletRow(reader.db, user.userId, 'ethereum');
      wallet = { ...row, userId: user.userId };
    });
    after(async () => {
      await writerApp?.stop();
      await reader?.stop();
      if (writerApp) await writerDb.close();
      await shared?.close();
    });

    test('GET /tx: a walk never repeats or skips, and syncing from the top never misses one', async () => {
      const list = async (cursor: string | null) =>
        body<TxPage>(await reader.get(`/api/v1/tx?limit=3${cursor ? `&cursor=${cursor}` : ''}`, user.key));
      const writing = startWriters(writerDb, wallet);
      let finished = false;
      void writing.done.then(() => {
        finished = true;
      });
      // A back office's sync: list from the top until the newest one it already has.
      const synced = new Set<string>();
      let walks = 0;
      for (;;) {
        const last = finished;
        const committedBefore = [...writing.committed];
        const walk: string[] = [];
        let cursor: string | null = null;
        do {
          const page = await list(cursor);
          walk.push(...page.transactions.map((t) => t.id));
          cursor = page.nextCursor;
        } while (cursor);
        walks++;
        assert.equal(new Set(walk).size, walk.length, `walk ${walks} repeated a transaction`);
        const seen = new Set(walk);
        for (const id of committedBefore) assert.ok(seen.has(id), `walk ${walks} skipped ${id}`);
        cursor = null;
        sync: do {
          const page = await list(cursor);
          for (const t of page.transactions) {
            if (synced.has(t.id)) break sync;
            synced.add(t.id);
          }
          cursor = page.nextCursor;
        } while (cursor);
        if (last) break;
      }
      await writing.done;
      assert.ok(walks > 1, 'the walks ran while the writers wrote');
      assert.equal(writing.committed.length, WRITERS * PER_WRITER);
      assert.deepEqual([...synced].sort(), [...writing.committed].sort(), 'syncing from the top missed none');
    });

    test('GET /events: a follower gets every event once, in sequence, while writers commit', async () => {
      const start = await body<EventsBody>(await reader.get('/api/v1/events?after=now', user.key));
      const writing = startWriters(writerDb, wallet);
      let finished = false;
      void writing.done.then(() => {
        finished = true;
      });
      const got: EventsBody['events'] = [];
      let cursor = start.nextCursor;
      for (;;) {
        const last = finished;
        // Small pages and short waits: many page boundaries fall between concurrent commits.
        const page = await body<EventsBody>(
          await reader.get(`/api/v1/events?after=${cursor}&limit=3&wait=1`, user.key),
        );
        got.push(...page.events);
        cursor = page.nextCursor;
        if (last && page.events.length === 0) break;
      }
      const sequences = got.map((e) => e.sequence);
      const first = sequences[0] ?? 0;
      assert.deepEqual(
        sequences,
        sequences.map((_, i) => first + i),
        'consecutive: none skipped, none repeated',
      );
      const created = got.filter((e) => e.type === 'transaction.created').map((e) => e.data.id);
      assert.deepEqual([...created].sort(), [...writing.committed].sort());
      assert.equal(got.filter((e) => e.type === 'transaction.submitted').length, (WRITERS * PER_WRITER) / 2);
      // Each transaction's own events in order: created before submitted.
      for (const e of got.filter((x) => x.type === 'transaction.submitted'))
        assert.ok(
          got.findIndex((x) => x.type === 'transaction.created' && x.data.id === e.data.id) < got.indexOf(e),
        );
    });

    test('a long poll wakes on a commit made by the other instance', async () => {
      const start = await body<EventsBody>(await reader.get('/api/v1/events?after=now', user.key));
      const polling = reader.get(`/api/v1/events?after=${start.nextCursor}&wait=30`, user.key);
      for (let i = 0; reader.services.events.waiters.waiting() === 0; i++) {
        assert.ok(i < 400, 'the long poll never started waiting');
        await delay(25);
      }
      const other = writerApp ?? reader;
      const { apiKey } = await other.services.apiKeys.create(user.userId, {
        name: 'from the other instance',
      });
      const woke = await body<EventsBody>(await polling);
      assert.deepEqual(
        woke.events.map((e) => [e.type, e.data.id]),
        [['api_key.created', apiKey.id]],
      );
    });
  });
