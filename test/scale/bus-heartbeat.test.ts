// @needs postgres
// The invalidation bus's heartbeat (src/store/invalidation-bus.ts; README "Scaling out"): an
// instance whose Redis connection goes silent (a blackholed network: nothing refused, nothing
// arrives) notices within BUS_HEARTBEAT_MS x 3 and drops what it cached, so a key revoked
// meanwhile is refused there. The instances' clock is frozen: the key cache's 10 s expiry never
// comes, and only the heartbeat can make the silent instance see the revocation (the cluster tests
// allow for the expiry and would pass without a bus).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { freePort, redisServer } from '../../scripts/cluster.ts';
import type { Database } from '../../src/store/database.ts';
import { openPostgresDatabase } from '../../src/store/postgres-database.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createPostgresDatabase } from '../support/database.ts';
import { requireCommand } from '../support/system-needs.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';

describe('the invalidation bus heartbeat', () => {
  const clock = new ManualClock(new Date('2026-11-26T08:00:00.000Z'));
  let redis: ReturnType<typeof redisServer>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let db: Database & { url: string };
  let second: Database;
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    requireCommand('redis-server', 'redis-server');
    redis = redisServer(await freePort());
    await redis.start();
    proxy = await startTcpProxy(Number(new URL(redis.url).port));
    db = await createPostgresDatabase();
    second = await openPostgresDatabase(db.url, { maxConnections: 5 });
    const env = {
      MASTER_KEY: 'a1'.repeat(32),
      API_KEY_SECRET: 'b2'.repeat(32),
      BUS_HEARTBEAT_MS: '200',
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
    };
    a = await startTestApp({ database: db, clock, env: { ...env, REDIS_URL: redis.url } });
    b = await startTestApp({
      database: second,
      clock,
      env: { ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}` },
    });
  });
  after(async () => {
    proxy?.heal();
    await b?.stop();
    await a?.stop();
    await second?.close();
    await db?.close();
    await proxy?.close();
    await redis?.stop();
  });

  test('a key revoked while an instance’s bus is blackholed is refused there, with the cache never expiring', async () => {
    const user = await a.newUser();
    assert.equal((await b.get('/api/v1/wallets', user.key)).status, 200, 'cached on the silent instance');
    proxy.blackhole();
    try {
      const [k] = await a.services.apiKeys.list(user.userId);
      await a.services.apiKeys.revoke(k!.id, user.userId);
      assert.equal((await a.get('/api/v1/wallets', user.key)).status, 401);
      // Not a timed assertion: the loop gives up only far past three heartbeats (0.6 s here). Each
      // request there may wait for its Redis rate limit to time out first.
      const giveUpAt = Date.now() + 30_000;
      let status = 200;
      while (status === 200 && Date.now() < giveUpAt) {
        status = (await b.get('/api/v1/wallets', user.key)).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal(status, 401, 'the silent instance dropped its cache and read the revocation');
    } finally {
      proxy.heal();
    }
  });
});
