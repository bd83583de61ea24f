import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('rate limits (per user, fixed 60-second windows)', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp();
  });
  after(async () => {
    await app.stop();
  });

  test('the 61st read in a window gets 429 RATE_LIMITED with a correct Retry-After', async () => {
    const { key } = await app.newUser();
    const started = Date.now();
    for (let i = 1; i <= 60; i++) {
      const res = await app.get('/api/v1/wallets', key);
      assert.equal(res.status, 200, `read ${i}`);
      assert.match(res.headers.get('ratelimit') ?? '', new RegExp(`^"read";r=${60 - i};t=\\d+$`));
    }
    const res = await app.get('/api/v1/wallets', key);
    assert.equal(res.status, 429);
    const body = await res.json();
    assert.equal(body.code, 'RATE_LIMITED');
    const retryAfter = Number(res.headers.get('retry-after'));
    const elapsed = Math.ceil((Date.now() - started) / 1000);
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, 'whole seconds, at least 1');
    assert.ok(
      retryAfter <= 60 && retryAfter >= 60 - elapsed - 1,
      `Retry-After ${retryAfter} matches the window`,
    );
    assert.equal(res.headers.get('ratelimit-policy'), '"read";q=60;w=60');
    assert.match(res.headers.get('ratelimit') ?? '', /^"read";r=0;t=\d+$/);
    const metrics = await (await app.get('/metrics')).text();
    assert.match(metrics, /rate_limit_rejections_total\{policy="read"\} [1-9]/);
  });

  test('the 16th write in a window gets 429, whatever the outcome of the first 15', async () => {
    const { key } = await app.newUser();
    for (let i = 1; i <= 15; i++) {
      const res = await app.post('/api/v1/no-such-write', {}, key);
      assert.equal(res.status, 404, `write ${i} is counted though it fails`);
      assert.equal(res.headers.get('ratelimit-policy'), '"write";q=15;w=60');
    }
    const res = await app.post('/api/v1/no-such-write', {}, key);
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) >= 1);
    assert.equal((await app.get('/api/v1/wallets', key)).status, 200, 'reads have their own quota');
  });

  test('limits are shared by all keys of a user but not across users', async () => {
    const alice = await app.newUser();
    const [first] = await app.services.apiKeys.list(alice.userId);
    assert.ok(first);
    const second = await app.services.apiKeys.create(alice.userId, { name: 'second' });
    for (let i = 0; i < 30; i++) assert.equal((await app.get('/api/v1/wallets', alice.key)).status, 200);
    for (let i = 0; i < 30; i++) assert.equal((await app.get('/api/v1/wallets', second.key)).status, 200);
    assert.equal((await app.get('/api/v1/wallets', second.key)).status, 429);
    assert.equal((await app.get('/api/v1/wallets', alice.key)).status, 429);
    const bob = await app.newUser();
    assert.equal((await app.get('/api/v1/wallets', bob.key)).status, 200);
  });

  test('a rejected request consumes nothing: 401s do not count against anyone', async () => {
    const { key } = await app.newUser();
    for (let i = 0; i < 70; i++)
      assert.equal((await app.get('/api/v1/wallets', `${key.slice(0, -1)}!`)).status, 401);
    const res = await app.get('/api/v1/wallets', key);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('ratelimit') ?? '', /^"read";r=59;/);
  });
});
