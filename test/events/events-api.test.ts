// @needs postgres
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { UserId } from '../../src/domain/ids.ts';
import { transactionsRepository } from '../../src/store/repositories/transactions-repository.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { ENGINES } from '../support/database.ts';
import { recordTransaction, walletRow } from './event-fixtures.ts';

interface EventBody {
  id: string;
  type: string;
  sequence: number;
  timestamp: string;
  data: Record<string, unknown>;
}
interface EventsBody {
  events: EventBody[];
  nextCursor: string;
}

const json = async <T>(res: Response): Promise<T> => {
  const text = await res.text();
  assert.ok(res.ok, `HTTP ${res.status}: ${text}`);
  return JSON.parse(text) as T;
};

/** Polls until `check` holds (no timed assertion: only how long we are willing to look). */
async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await delay(25);
  }
  assert.fail(`never: ${what}`);
}

for (const engine of ENGINES)
  describe(`GET /events and GET /tx (${engine})`, () => {
    let app: TestApp;
    let user: { userId: UserId; key: string };
    let other: { userId: UserId; key: string };
    let wallet: { id: never; address: string; userId: UserId };
    before(async () => {
      app = await startTestApp({ engine });
      user = await app.newUser();
      other = await app.newUser();
      const row = await walletRow(app.db, user.userId, 'ethereum');
      wallet = { ...row, id: row.id as never, userId: user.userId };
    });
    after(async () => {
      await app?.stop();
    });

    const events = (query: string, key = user.key) => app.get(`/api/v1/events${query}`, key);

    test('a new key is the first event, without the key; each change of a transaction follows in order', async () => {
      const first = await json<EventsBody>(await events(''));
      assert.equal(first.events[0]?.type, 'api_key.created');
      assert.equal(first.events[0]?.sequence, 1);
      const keyData = first.events[0]?.data as Record<string, unknown>;
      assert.deepEqual(Object.keys(keyData).sort(), [
        'expiresAt',
        'id',
        'maskedKey',
        'name',
        'policy',
        'revokedAt',
        'scopes',
      ]);
      assert.equal(JSON.stringify(keyData).includes(user.key), false, 'never the key');
      assert.equal(JSON.stringify(keyData).includes(user.key.slice(9)), false, 'nor its secret part');

      const tx = await recordTransaction(app.db, wallet);
      const repo = transactionsRepository(app.db);
      await repo.transition(tx.id, ['PENDING'], {
        status: 'SUBMITTED',
        now: new Date(),
        nextCheckAt: null,
        hash: '0xab',
      });
      await repo.transition(tx.id, ['SUBMITTED'], {
        status: 'CONFIRMED',
        now: new Date(),
        nextCheckAt: null,
      });
      const next = await json<EventsBody>(await events(`?after=${first.nextCursor}`));
      assert.deepEqual(
        next.events.map((e) => [e.type, e.data.status, e.data.previousStatus, e.data.id]),
        [
          ['transaction.created', 'PENDING', null, tx.id],
          ['transaction.submitted', 'SUBMITTED', 'PENDING', tx.id],
          ['transaction.confirmed', 'CONFIRMED', 'SUBMITTED', tx.id],
        ],
      );
      assert.deepEqual(
        next.events.map((e) => e.sequence),
        [2, 3, 4],
      );
      // The transaction as GET /tx/{id} shows it, plus previousStatus.
      const now = await json<Record<string, unknown>>(await app.get(`/api/v1/tx/${tx.id}`, user.key));
      const { previousStatus: _, ...confirmed } = next.events[2]?.data ?? {};
      assert.deepEqual(confirmed, now);
      // Stable: the same events the second time, by cursor and by event id.
      const again = await json<EventsBody>(await events(`?after=${first.nextCursor}`));
      assert.deepEqual(again, next);
      const byId = await json<EventsBody>(await events(`?after=${next.events[0]?.id}`));
      assert.deepEqual(
        byId.events.map((e) => e.id),
        next.events.slice(1).map((e) => e.id),
      );
      assert.equal(byId.nextCursor, next.nextCursor);
      // types filters; the cursor still moves past what was filtered out.
      const confirmations = await json<EventsBody>(
        await events(`?after=${first.nextCursor}&types=transaction.confirmed,transaction.failed`),
      );
      assert.deepEqual(
        confirmations.events.map((e) => e.type),
        ['transaction.confirmed'],
      );
      assert.equal(confirmations.nextCursor, next.nextCursor);
      // limit: the cursor after the last one returned.
      const one = await json<EventsBody>(await events(`?after=${first.nextCursor}&limit=1`));
      assert.equal(one.events.length, 1);
      const rest = await json<EventsBody>(await events(`?after=${one.nextCursor}`));
      assert.deepEqual(
        [...one.events, ...rest.events].map((e) => e.id),
        next.events.map((e) => e.id),
      );
    });

    test('refuses what it cannot follow: unknown types, foreign cursors, another user’s event id', async () => {
      const mine = await json<EventsBody>(await events(''));
      const bad = await events('?types=transaction.created,transaction.exploded');
      assert.equal(bad.status, 400);
      assert.match(((await bad.json()) as { error: string }).error, /transaction\.exploded/);
      assert.equal((await events('?after=not-a-cursor')).status, 400);
      const txCursor = Buffer.from('tx:3').toString('base64url');
      assert.equal((await events(`?after=${txCursor}`)).status, 400, 'a cursor of the transaction list');
      const past = Buffer.from('evt:999999').toString('base64url');
      const pastRes = await events(`?after=${past}`);
      assert.equal(pastRes.status, 400, 'past the end of this user’s log');
      const theirs = await json<EventsBody>(await events('', other.key));
      const foreign = await events(`?after=${theirs.events[0]?.id}`);
      assert.equal(foreign.status, 404);
      assert.equal(((await foreign.json()) as { code: string }).code, 'NOT_FOUND');
      assert.equal((await events('?after=evt_00000000000000000000000000000000')).status, 404);
      assert.equal((await events('?wait=31')).status, 400);
      assert.equal((await events('?limit=0')).status, 400);
      // The other user sees none of this user's events.
      const mineIds = new Set(mine.events.map((e) => e.id));
      assert.equal(
        theirs.events.some((e) => mineIds.has(e.id)),
        false,
      );
    });

    test('a read-only key reads events and the transaction list', async () => {
      const { key } = await app.services.apiKeys.create(user.userId, {
        name: 'reader',
        policy: { scopes: ['read'] },
      });
      const res = await events('', key);
      assert.equal(res.status, 200);
      const body = await json<EventsBody>(res);
      const created = body.events.filter((e) => e.type === 'api_key.created').at(-1);
      assert.deepEqual(created?.data.scopes, ['read']);
      assert.equal((await app.get('/api/v1/tx', key)).status, 200);
    });

    test('api_key events: once per change, in the same transaction (a refused creation emits nothing)', async () => {
      const fresh = await app.newUser();
      const count = async (type: string) =>
        (await json<EventsBody>(await events(`?types=${type}&limit=100`, fresh.key))).events.length;
      const created = [];
      for (let i = 0; i < 9; i++)
        created.push(await app.services.apiKeys.create(fresh.userId, { name: `k${i}` }));
      assert.equal(await count('api_key.created'), 10);
      await assert.rejects(app.services.apiKeys.create(fresh.userId, { name: 'eleventh' }), /maximum/);
      assert.equal(await count('api_key.created'), 10, 'the refused 11th key left no event');
      const id = created[0]?.apiKey.id as never;
      await app.services.apiKeys.revoke(id, fresh.userId);
      await app.services.apiKeys.revoke(id, fresh.userId);
      const revoked = (await json<EventsBody>(await events('?types=api_key.revoked', fresh.key))).events;
      assert.equal(revoked.length, 1, 'revoking twice is one change');
      assert.equal(revoked[0]?.data.id, id);
      assert.equal(typeof revoked[0]?.data.revokedAt, 'string');
    });

    test('long poll: wakes on a commit of that user, and answers at the end of the wait with the cursor unchanged', async () => {
      const start = await json<EventsBody>(await events('?after=now'));
      const waiting = events(`?after=${start.nextCursor}&wait=30&types=transaction.created`);
      await eventually(() => app.services.events.waiters.waiting() === 1, 'the long poll is waiting');
      // Another user's commit, and this user's event of another type, do not answer it.
      const otherWallet = await walletRow(app.db, other.userId, 'ethereum');
      await recordTransaction(app.db, { ...otherWallet, userId: other.userId });
      const k = await app.services.apiKeys.create(user.userId, { name: 'not a transaction' });
      await app.services.apiKeys.revoke(k.apiKey.id, user.userId);
      assert.equal(app.services.events.waiters.waiting(), 1, 'still waiting');
      const tx = await recordTransaction(app.db, wallet);
      const woke = await json<EventsBody>(await waiting);
      assert.deepEqual(
        woke.events.map((e) => [e.type, e.data.id]),
        [['transaction.created', tx.id]],
      );
      assert.equal(app.services.events.waiters.waiting(), 0);

      const quiet = await json<EventsBody>(await events(`?after=${woke.nextCursor}&wait=1`));
      assert.deepEqual(quiet.events, []);
      assert.equal(quiet.nextCursor, woke.nextCursor, 'nothing happened: the same cursor');
    });

    test('a client that goes away releases its waiter', async () => {
      const gone = new AbortController();
      const polling = fetch(`${app.url}/api/v1/events?after=now&wait=30`, {
        headers: { 'x-api-key': user.key },
        signal: gone.signal,
      }).catch(() => 'aborted');
      await eventually(() => app.services.events.waiters.waiting() === 1, 'the long poll is waiting');
      gone.abort();
      assert.equal(await polling, 'aborted');
      await eventually(() => app.services.events.waiters.waiting() === 0, 'the waiter is released');
    });

    test('GET /tx: newest first, each as GET /tx/{id} shows it, with filters and a cursor', async () => {
      const lister = await app.newUser();
      const evm = await walletRow(app.db, lister.userId, 'ethereum');
      const sol = await walletRow(app.db, lister.userId, 'solana');
      const w = { ...evm, userId: lister.userId };
      const made = [];
      for (let i = 0; i < 5; i++)
        made.push(await recordTransaction(app.db, w, { createdAt: new Date(Date.UTC(2030, 0, 1 + i)) }));
      made.push(
        await recordTransaction(
          app.db,
          { ...sol, userId: lister.userId, chainType: 'solana' },
          { createdAt: new Date(Date.UTC(2030, 0, 10)) },
        ),
      );
      await transactionsRepository(app.db).transition(made[1]?.id as never, ['PENDING'], {
        status: 'FAILED',
        now: new Date(),
        nextCheckAt: null,
        error: 'refused',
      });
      const list = async (query: string) =>
        json<{ transactions: { id: string; status: string }[]; nextCursor: string | null }>(
          await app.get(`/api/v1/tx${query}`, lister.key),
        );
      const all = await list('');
      assert.deepEqual(
        all.transactions.map((t) => t.id),
        [...made].reverse().map((t) => t.id),
      );
      assert.equal(all.nextCursor, null);
      const one = await json<unknown>(await app.get(`/api/v1/tx/${made[0]?.id}`, lister.key));
      assert.deepEqual(all.transactions.at(-1), one);
      // Pages of two, in the same order, none twice.
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        assert.ok(page.transactions.length <= 2);
        paged.push(...page.transactions.map((t) => t.id));
        cursor = page.nextCursor;
      } while (cursor);
      assert.deepEqual(
        paged,
        all.transactions.map((t) => t.id),
      );
      assert.deepEqual(
        (await list('?chain=solana-localnet')).transactions.map((t) => t.id),
        [made[5]?.id],
      );
      assert.deepEqual(
        (await list('?status=FAILED')).transactions.map((t) => t.id),
        [made[1]?.id],
      );
      assert.equal(
        (await list(`?from=${evm.address.toUpperCase().replace('0X', '0x')}`)).transactions.length,
        5,
      );
      assert.equal((await list(`?from=${sol.address}`)).transactions.length, 1);
      assert.equal(
        (await list(`?from=${sol.address.toLowerCase()}`)).transactions.length,
        0,
        'Solana is case-sensitive',
      );
      assert.deepEqual(
        (await list('?since=2030-01-02T00:00:00Z&until=2030-01-04T00:00:00Z')).transactions.map((t) => t.id),
        [made[2]?.id, made[1]?.id],
      );
      // Another user's list is their own.
      assert.equal(
        (await list('')).transactions.some((t) => t.id === wallet.address),
        false,
      );
      const theirs = await json<{ transactions: { id: string }[] }>(await app.get('/api/v1/tx', other.key));
      const mineIds = new Set(made.map((t) => t.id));
      assert.equal(
        theirs.transactions.some((t) => mineIds.has(t.id as never)),
        false,
      );
      assert.equal((await app.get('/api/v1/tx?cursor=bogus', lister.key)).status, 400);
      assert.equal((await app.get('/api/v1/tx?since=yesterday', lister.key)).status, 400);
      assert.equal((await app.get('/api/v1/tx?limit=101', lister.key)).status, 400);
      assert.equal((await app.get('/api/v1/tx?status=LOST', lister.key)).status, 400);
    });
  });

describe('shutdown', () => {
  test('answers waiting long polls at once instead of holding the shutdown', async () => {
    const app = await startTestApp();
    const { key } = await app.newUser();
    const start = (await (await app.get('/api/v1/events?after=now', key)).json()) as EventsBody;
    const polling = app.get(`/api/v1/events?after=${start.nextCursor}&wait=30`, key);
    await eventually(() => app.services.events.waiters.waiting() === 1, 'the long poll is waiting');
    const stopped = app.stop();
    const res = await polling;
    assert.equal(res.status, 200);
    const body = (await res.json()) as EventsBody;
    assert.deepEqual(body, { events: [], nextCursor: start.nextCursor });
    await stopped;
  });
});
