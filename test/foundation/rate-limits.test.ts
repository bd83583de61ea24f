import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
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

  test('a payout of 1000 items is one write against the quota, whatever its outcome', async () => {
    const { key } = await app.newUser();
    const items = Array.from({ length: 1000 }, (_, i) => ({
      to: `0x${(i + 1).toString(16).padStart(40, '0')}`,
      amount: '1',
    }));
    const res = await app.post('/api/v1/payouts', { chain: 'no-such-chain', asset: 'native', items }, key, {
      'idempotency-key': 'payout-quota',
    });
    assert.equal(res.status, 400, await res.clone().text());
    assert.match(res.headers.get('ratelimit') ?? '', /^"write";r=14;t=\d+$/);
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

  test('every /mcp request costs one read, even those that make no REST call (initialize)', async () => {
    const { key } = await app.newUser();
    const initialize = () =>
      fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-api-key': key,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        }),
      });
    for (let i = 1; i <= 59; i++) {
      const res = await initialize();
      assert.equal(res.status, 200, `mcp request ${i}`);
      assert.match(res.headers.get('ratelimit') ?? '', new RegExp(`^"read";r=${60 - i};t=\\d+$`));
      await res.arrayBuffer();
    }
    assert.equal((await app.get('/api/v1/wallets', key)).status, 200, 'the 60th read, through REST');
    const refused = await initialize();
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    const body = await refused.json();
    assert.equal(body.code, 'RATE_LIMITED');
    assert.equal(body.requestId, refused.headers.get('x-request-id'));
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

describe('TRUST_PROXY as a list of proxies: the client cannot pick its address', () => {
  test('behind a trusted proxy, the address the proxy saw is counted, whatever the client wrote before it', async () => {
    // The test's requests come from 127.0.0.1: the trusted proxy.
    const app = await startTestApp({ env: { UNAUTHENTICATED_PER_MINUTE: '3', TRUST_PROXY: '127.0.0.1' } });
    try {
      const bogus = () => `wak_abcd_${randomBytes(16).toString('hex')}`;
      // The client forges a new leftmost address each time; the proxy appends the one it saw.
      const from = (seen: string) =>
        app.get('/api/v1/wallets', bogus(), { 'x-forwarded-for': `10.9.${randomBytes(1)[0]}.1, ${seen}` });
      for (let i = 0; i < 3; i++) assert.equal((await from('203.0.113.9')).status, 401);
      const refused = await from('203.0.113.9');
      assert.equal(refused.status, 429);
      assert.equal((await refused.json()).code, 'RATE_LIMITED');
      assert.equal((await from('203.0.113.10')).status, 401, 'another client is not affected');
    } finally {
      await app.stop();
    }
  });
});
