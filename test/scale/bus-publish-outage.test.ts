// @needs postgres
// A revocation that committed while Redis could not take the bus's message (src/store/invalidation-bus.ts,
// src/app/api-keys.ts revoke; issue 33): the caller is told it succeeded, and the message is sent
// again once Redis can take it, so the other instance refuses the key. The instances' clock is
// frozen (the key cache's 10 s expiry never comes) and the heartbeat is off; the other instance's own
// Redis connections never drop, so nothing resets its caches: only the re-sent message can tell it.
// Without the re-sending, revoke rejects after the command timeout and the test fails there.
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

describe('a revocation while the bus cannot publish', () => {
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
      BUS_HEARTBEAT_MS: '0',
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
    };
    // a (which revokes) reaches Redis through the proxy; b directly.
    a = await startTestApp({
      database: db,
      clock,
      env: { ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}` },
    });
    b = await startTestApp({ database: second, clock, env: { ...env, REDIS_URL: redis.url } });
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

  test('answers success, and the other instance refuses the key once the message can go out', async () => {
    const user = await a.newUser();
    assert.equal((await b.get('/api/v1/wallets', user.key)).status, 200, 'cached on b');
    const [k] = await a.services.apiKeys.list(user.userId);

    proxy.blackhole();
    const view = await a.services.apiKeys.revoke(k!.id, user.userId);
    assert.equal(view.status, 'Revoked', 'the committed revocation is answered as a success');
    assert.equal((await a.get('/api/v1/wallets', user.key)).status, 401);
    // The network resets a's connections (the publish that timed out is lost with them) and then
    // carries new ones again.
    proxy.drop();
    proxy.heal();

    // Not a timed assertion: the loop gives up far past a reconnect and a 1 s re-send.
    const giveUpAt = Date.now() + 30_000;
    let status = 200;
    while (status === 200 && Date.now() < giveUpAt) {
      status = (await b.get('/api/v1/wallets', user.key)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status, 401, 'the re-sent message reached b');
  });
});
