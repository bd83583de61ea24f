// @needs postgres
// The invalidation bus after its connection drops (src/store/invalidation-bus.ts, and the LISTEN
// connection of src/store/postgres-database.ts; README "Scaling out"): messages sent while an
// instance was cut off are lost, so once its connection is back it drops what it cached, and later
// messages reach it again. The clock is frozen (the key cache's 10 s expiry never comes) and the
// heartbeat is off (BUS_HEARTBEAT_MS=0, its own test is bus-heartbeat.test.ts): only the reconnect
// can make the other instance see a revocation. Without it these tests fail (the instance answers
// 200 for a revoked key until the deadline). The last test has the heartbeat on: a connection the
// network forgot without a word is re-opened, not only answered with cache resets.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { freePort, redisServer } from '../../scripts/cluster.ts';
import type { Database } from '../../src/store/database.ts';
import { redisInvalidationBus } from '../../src/store/invalidation-bus.ts';
import { openPostgresDatabase } from '../../src/store/postgres-database.ts';
import { connectRedis, redisReady } from '../../src/store/redis.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createPostgresDatabase } from '../support/database.ts';
import { requireCommand } from '../support/system-needs.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';

const env = {
  MASTER_KEY: 'a1'.repeat(32),
  API_KEY_SECRET: 'b2'.repeat(32),
  BUS_HEARTBEAT_MS: '0',
  RATE_LIMIT_READ_PER_MINUTE: '1000000',
};

/** Two instances on one PostgreSQL database, each with its own connections, on one frozen clock. */
function twoInstancesOnFrozenClock(extraEnv: (which: 'a' | 'b') => Record<string, string>) {
  const clock = new ManualClock(new Date('2026-11-26T08:00:00.000Z'));
  const it = {} as { db: Database & { url: string }; a: TestApp; b: TestApp };
  let second: Database | undefined;
  before(async () => {
    it.db = await createPostgresDatabase();
    second = await openPostgresDatabase(it.db.url, { maxConnections: 5 });
    it.a = await startTestApp({ database: it.db, clock, env: { ...env, ...extraEnv('a') } });
    it.b = await startTestApp({ database: second, clock, env: { ...env, ...extraEnv('b') } });
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

/**
 * Makes the network forget the connections named `name` that pass through `proxy` (Redis's CLIENT
 * LIST names them); how many it found. A connection being re-opened at that moment (a heartbeat
 * missed on a loaded machine) is not in the proxy yet: looked for again, for up to 10 s.
 */
async function forgetNamed(
  url: string,
  proxy: { forget(port: number): boolean },
  name: string,
): Promise<number> {
  const giveUpAt = Date.now() + 10_000;
  for (;;) {
    const admin = new Redis(url);
    const clients = String(await admin.client('LIST'));
    admin.disconnect();
    const ports = [...clients.matchAll(new RegExp(`addr=127\\.0\\.0\\.1:(\\d+) .*name=${name}\\b`, 'g'))].map(
      (m) => Number(m[1]),
    );
    const forgotten = ports.filter((port) => proxy.forget(port)).length;
    if (forgotten > 0 || Date.now() > giveUpAt) return forgotten;
    await new Promise((r) => setTimeout(r, 100));
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
    // Revoked in the database and answered as a success; its message cannot go out while Redis is
    // down (the bus keeps it to re-send): b learns of it by its reset on reconnecting, or by the
    // re-sent message (test/scale/bus-publish-outage.test.ts checks that one alone).
    const [k] = await a.services.apiKeys.list(first.userId);
    await a.services.apiKeys.revoke(k!.id, first.userId);
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

describe('the invalidation bus on Redis, after the network forgets its subscription without a word', () => {
  let redis: ReturnType<typeof redisServer>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let url = '';
  before(async () => {
    requireCommand('redis-server', 'redis-server');
    redis = redisServer(await freePort());
    url = redis.url;
    await redis.start();
    proxy = await startTcpProxy(Number(new URL(url).port));
  });
  // b reaches Redis through the proxy; the heartbeat notices a silent bus within 3 x 200 ms.
  const it = twoInstancesOnFrozenClock((which) => ({
    BUS_HEARTBEAT_MS: '200',
    REDIS_URL: which === 'a' ? url : `redis://127.0.0.1:${proxy.port}`,
  }));
  after(async () => {
    await proxy?.close();
    await redis?.stop();
  });

  test('the silent subscription is re-opened: a later revocation reaches b as a message, and b’s caches are not flushed again and again', async () => {
    const { a, b, db } = it;
    // b's subscription (its connection named wallet-api:bus) goes silent for good; its command
    // connection (limits, the heartbeat's pings) keeps working.
    assert.equal(await forgetNamed(url, proxy, 'wallet-api:bus'), 1, 'b’s subscription, through the proxy');

    // A round: two keys cached on b; one revoked behind the bus's back (only a flush of b's caches
    // would show it), the other through a (published). Once b's bus is back, the published one
    // arrives as a message and the other stays cached. With the silent connection never re-opened,
    // b sees revocations only through the heartbeat's resets, which flush both: no round passes.
    const giveUpAt = Date.now() + 30_000;
    let rounds = 0;
    let passed = false;
    while (!passed && Date.now() < giveUpAt) {
      rounds++;
      const [published, silent] = [await a.newUser(), await a.newUser()];
      // The silent one first: a reset after it is cached flushes both, so the published one
      // cannot be read afresh while the silent one stays cached.
      assert.equal((await b.get('/api/v1/wallets', silent.key)).status, 200);
      assert.equal((await b.get('/api/v1/wallets', published.key)).status, 200);
      const [k] = await a.services.apiKeys.list(silent.userId);
      await db.query('update api_keys set revoked_at = now() where id = $1', [k!.id]);
      await revoke(a, published);
      assert.equal(await statusOnceRefused(b, published.key), 401, 'b sees the published revocation');
      passed = (await b.get('/api/v1/wallets', silent.key)).status === 200;
    }
    assert.ok(
      passed,
      `after ${rounds} rounds, every revocation reached b only through a flush of its caches`,
    );
  });

  test('a command connection the network forgot is re-opened: a revocation made on b reaches a', async () => {
    const { a, b } = it;
    const user = await a.newUser();
    assert.equal((await a.get('/api/v1/wallets', user.key)).status, 200, 'cached on a');
    // b's command connection (named wallet-api:commands: pings, publishes, limits, caches) goes
    // silent for good; its subscription keeps working. a's connections are untouched and its clock
    // frozen, so only a message from b can tell a. Left dead, b's publish is kept and re-sent on
    // the dead connection forever (until the OS's keepalive gives up, hours later).
    assert.equal(
      await forgetNamed(url, proxy, 'wallet-api:commands'),
      1,
      'b’s command connection, through the proxy',
    );
    const [k] = await b.services.apiKeys.list(user.userId);
    const view = await b.services.apiKeys.revoke(k!.id, user.userId);
    assert.equal(view.status, 'Revoked');
    assert.equal(await statusOnceRefused(a, user.key), 401, 'b re-opened its command connection and sent it');
  });
});

describe('the bus’s Redis subscription when its connection drops again while re-subscribing', () => {
  let redis: ReturnType<typeof redisServer>;
  before(async () => {
    requireCommand('redis-server', 'redis-server');
    redis = redisServer(await freePort());
    await redis.start();
  });
  after(async () => {
    await redis?.stop();
  });

  test('no unhandled rejection (which would end the service), and messages arrive once the network holds', async () => {
    // ioredis re-subscribes by itself with a SUBSCRIBE whose failure nobody handles (redis/ioredis
    // pull request 2187): a connection dropped right after it is ready again ended the process.
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const proxy = await startTcpProxy(Number(new URL(redis.url).port));
    const sender = connectRedis(redis.url, { name: 'sender' });
    const publisher = connectRedis(`redis://127.0.0.1:${proxy.port}`, { name: 'publisher' });
    const subscriber = connectRedis(`redis://127.0.0.1:${proxy.port}`, { name: 'bus', subscriber: true });
    const bus = redisInvalidationBus(publisher, subscriber, { heartbeatMs: 0 });
    try {
      await Promise.all([redisReady(sender), redisReady(publisher), redisReady(subscriber)]);
      const seen: string[] = [];
      let resets = 0;
      bus.subscribe(
        (event) => {
          if (event.kind === 'api-key') seen.push(event.id);
        },
        () => resets++,
      );
      await bus.start();
      // Redis flaps: the subscriber comes back (ready, the re-subscription sent), then the network
      // resets it and goes silent; two failed reconnects later ioredis fails what was in flight.
      let flapped = false;
      subscriber.on('ready', () => {
        if (flapped) return;
        flapped = true;
        proxy.drop();
        proxy.blackhole();
      });
      proxy.drop();
      const giveUpAt = Date.now() + 30_000;
      while (!flapped && Date.now() < giveUpAt) await new Promise((r) => setTimeout(r, 20));
      assert.ok(flapped, 'the subscriber came back once');
      // Two connect timeouts (2 s each) while silent, then the network holds again.
      await new Promise((r) => setTimeout(r, 5_000));
      proxy.heal();
      // Another instance publishes (straight to Redis) until the subscription has taken.
      while (seen.length === 0 && Date.now() < giveUpAt) {
        await sender.publish('wallet_api_invalidate', JSON.stringify({ kind: 'api-key', id: 'key_after' }));
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.deepEqual([...new Set(seen)], ['key_after'], 'the subscription is back');
      assert.ok(resets >= 1, 'caches were reset after the reconnects');
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await bus.stop();
      publisher.disconnect();
      sender.disconnect();
      await proxy.close();
    }
  });
});
