// @needs postgres
// The invalidation bus after its connection drops (src/store/invalidation-bus.ts, and the LISTEN
// connection of src/store/postgres-database.ts; README "Scaling out"): messages sent while an
// instance was cut off are lost, so once its connection is back it drops what it cached, and later
// messages reach it again. The clock is frozen (the key cache's 10 s expiry never comes) and the
// heartbeat is off (BUS_HEARTBEAT_MS=0, its own test is bus-heartbeat.test.ts): only the reconnect
// can make the other instance see a revocation. Without it these tests fail (the instance answers
// 200 for a revoked key until the deadline).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { freePort, redisServer } from '../../scripts/cluster.ts';
import type { Database } from '../../src/store/database.ts';
import { openPostgresDatabase } from '../../src/store/postgres-database.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createPostgresDatabase } from '../support/database.ts';
import { requireCommand } from '../support/system-needs.ts';

const env = {
  MASTER_KEY: 'a1'.repeat(32),
  API_KEY_SECRET: 'b2'.repeat(32),
  BUS_HEARTBEAT_MS: '0',
  RATE_LIMIT_READ_PER_MINUTE: '1000000',
};

/** Two instances on one PostgreSQL database, each with its own connections, on one frozen clock. */
function twoInstancesOnFrozenClock(extraEnv: () => Record<string, string>) {
  const clock = new ManualClock(new Date('2026-11-26T08:00:00.000Z'));
  const it = {} as { db: Database & { url: string }; a: TestApp; b: TestApp };
  let second: Database | undefined;
  before(async () => {
    it.db = await createPostgresDatabase();
    second = await openPostgresDatabase(it.db.url, { maxConnections: 5 });
    it.a = await startTestApp({ database: it.db, clock, env: { ...env, ...extraEnv() } });
    it.b = await startTestApp({ database: second, clock, env: { ...env, ...extraEnv() } });
  });
  after(async () => {
    await it.b?.stop();
    await it.a?.stop();
    await second?.close();
    await it.db?.close();
  });
  return it;
}

/** The status `app` answers for `key` once it stops answering 200, or 200 after 30 s (not a timed assertion: the bound is far past a reconnect). */
async function statusOnceRefused(app: TestApp, key: string): Promise<number> {
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    const status = (await app.get('/api/v1/wallets', key)).status;
    if (status !== 200 || Date.now() > giveUpAt) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Revokes the user's key through `app` (publishing it on the bus), retrying while the bus cannot publish yet. */
async function revoke(app: TestApp, user: Awaited<ReturnType<TestApp['newUser']>>): Promise<void> {
  const [k] = await app.services.apiKeys.list(user.userId);
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    try {
      await app.services.apiKeys.revoke(k!.id, user.userId);
      return;
    } catch (err) {
      if (Date.now() > giveUpAt) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describe('the invalidation bus on Redis, after Redis restarts', () => {
  let redis: ReturnType<typeof redisServer>;
  let url = '';
  before(async () => {
    requireCommand('redis-server', 'redis-server');
    redis = redisServer(await freePort());
    url = redis.url;
    await redis.start();
  });
  const it = twoInstancesOnFrozenClock(() => ({ REDIS_URL: url }));
  after(async () => {
    await redis?.stop();
  });

  test('a key revoked while Redis was down is refused by the other instance once it is back, and a later revocation reaches it', async () => {
    const { a, b } = it;
    const first = await a.newUser();
    assert.equal((await b.get('/api/v1/wallets', first.key)).status, 200, 'cached on b');

    await redis.stop();
    // Revoked in the database; its message cannot go out while Redis is down (revoke reports that
    // as an error), so b never receives it: only the reset on reconnecting can tell b.
    const [k] = await a.services.apiKeys.list(first.userId);
    await a.services.apiKeys.revoke(k!.id, first.userId).catch(() => {});
    assert.equal((await a.get('/api/v1/wallets', first.key)).status, 401);
    await redis.start();
    assert.equal(await statusOnceRefused(b, first.key), 401, 'b dropped its cache when its bus came back');

    // The bus carries messages again (its subscription was renewed on the new server).
    const second = await a.newUser();
    assert.equal((await b.get('/api/v1/wallets', second.key)).status, 200, 'cached on b');
    await revoke(a, second);
    assert.equal(await statusOnceRefused(b, second.key), 401, 'the revocation reached b over the bus');
  });
});

describe('the invalidation bus on PostgreSQL, after its LISTEN connection is dropped', () => {
  const it = twoInstancesOnFrozenClock(() => ({}));

  test('a key revoked meanwhile is refused by the other instance, and a later revocation reaches it', async () => {
    const { a, b, db } = it;
    const first = await a.newUser();
    assert.equal((await b.get('/api/v1/wallets', first.key)).status, 200, 'cached on b');

    // The server ends every LISTEN session (a failover, an idle-session killer, a PgBouncer restart).
    const ended = await db.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
    );
    assert.equal(ended.length, 2, 'one LISTEN connection per instance');
    await db.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [
      ended.map((e) => e.pid),
    ]);
    await revoke(a, first);
    assert.equal(await statusOnceRefused(b, first.key), 401, 'b dropped its cache or heard the revocation');

    const second = await a.newUser();
    assert.equal((await b.get('/api/v1/wallets', second.key)).status, 200, 'cached on b');
    await revoke(a, second);
    assert.equal(await statusOnceRefused(b, second.key), 401, 'the revocation reached b over the new LISTEN');
  });
});
