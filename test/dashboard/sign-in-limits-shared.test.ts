// With REDIS_URL, sign-in attempts are counted once for every instance (issue 26 item 11): two
// instances behind one load balancer do not allow twice the guesses.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { startRedis } from '../support/redis.ts';
import { DashboardClient } from './dashboard-client.ts';

describe('dashboard sign-in limits with REDIS_URL', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    redis = await startRedis();
    const env = { REDIS_URL: redis.url, TRUST_PROXY: 'loopback' };
    [a, b] = await Promise.all([startTestApp({ env }), startTestApp({ env })]);
  });
  after(async () => {
    await a?.stop();
    await b?.stop();
    await redis?.stop();
  });

  test('attempts on one instance count on the other: the 11th for an account is refused wherever it lands', async () => {
    const email = `shared-${Date.now()}@example.test`;
    let n = 0;
    const attempt = (app: TestApp) =>
      new DashboardClient(app.url, { 'x-forwarded-for': `198.51.100.${++n}` }).signIn(
        email,
        'wrong password!',
      );
    for (let i = 0; i < 10; i++)
      assert.equal((await attempt(i % 2 === 0 ? a : b)).status, 401, `attempt ${i + 1}`);
    for (const app of [a, b]) {
      const res = await attempt(app);
      assert.equal(res.status, 429);
      assert.ok(Number(res.headers.get('retry-after')) >= 1);
      assert.match(await res.text(), /Too many sign-in attempts/);
    }
  });
});
