import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';

/** Every response carries x-request-id, and an error body's requestId equals it. */
async function assertEnvelope(res: Response, status: number, code: string) {
  assert.equal(res.status, status);
  const id = res.headers.get('x-request-id');
  assert.ok(id && id.length > 8, 'x-request-id header present');
  const body = await res.json();
  assert.equal(body.code, code);
  assert.equal(body.requestId, id);
  assert.equal(typeof body.error, 'string');
  return body;
}

describe('HTTP conventions', () => {
  let app: TestApp;
  const logs: string[] = [];
  before(async () => {
    app = await startTestApp({
      env: { RATE_LIMIT_READ_PER_MINUTE: '1000', RATE_LIMIT_WRITE_PER_MINUTE: '1000' },
      logStream: new Writable({
        write(chunk, _enc, cb) {
          logs.push(String(chunk));
          cb();
        },
      }),
    });
  });
  after(async () => {
    await app.stop();
  });

  test('200 carries x-request-id and the rate limit headers', async () => {
    const { key } = await app.newUser();
    const res = await app.get('/api/v1/wallets', key);
    assert.equal(res.status, 200);
    assert.ok(res.headers.get('x-request-id'));
    assert.equal(res.headers.get('ratelimit-policy'), '"read";q=1000;w=60');
    assert.match(res.headers.get('ratelimit') ?? '', /^"read";r=999;t=\d+$/);
  });

  test('request ids are unique and a client-sent x-request-id is not echoed', async () => {
    const { key } = await app.newUser();
    const a = await app.get('/api/v1/wallets', key, { 'x-request-id': 'mine' });
    const b = await app.get('/api/v1/wallets', key);
    assert.notEqual(a.headers.get('x-request-id'), 'mine');
    assert.notEqual(a.headers.get('x-request-id'), b.headers.get('x-request-id'));
  });

  test('400 INVALID_INPUT names the field', async () => {
    const { key } = await app.newUser();
    const body = await assertEnvelope(
      await app.get('/api/v1/wallets?chain=bitcoin', key),
      400,
      'INVALID_INPUT',
    );
    assert.match(body.error, /chain/);
    assert.deepEqual(body.details[0].path, 'chain');
    const unknown = await assertEnvelope(
      await app.get('/api/v1/wallets?color=red', key),
      400,
      'INVALID_INPUT',
    );
    assert.match(unknown.error, /color/);
    const bool = await assertEnvelope(
      await app.get('/api/v1/wallets?defaultOnly=maybe', key),
      400,
      'INVALID_INPUT',
    );
    assert.match(bool.error, /defaultOnly/);
  });

  test('an operation without query parameters refuses unknown ones, as every other does', async () => {
    const { key } = await app.newUser({ wallets: false });
    for (const path of ['/api/v1/chains?foo=1', '/api/v1/wallets?foo=1', '/api/v1/keys/self?foo=1']) {
      const body = await assertEnvelope(await app.get(path, key), 400, 'INVALID_INPUT');
      assert.equal(body.error, 'foo: is not a known query parameter', path);
    }
    assert.equal((await app.get('/api/v1/chains', key)).status, 200);
  });

  test('a body must come as application/json, optionally with charset=utf-8, and nothing else', async () => {
    const { key } = await app.newUser({ wallets: false });
    const quote = JSON.stringify({ chain: 'base', fromToken: 'NATIVE', toToken: 'NATIVE', amount: '1' });
    for (const type of ['application/json;;;', 'application/json; foo', 'application/json; charset=latin1']) {
      const body = await assertEnvelope(
        await app.post('/api/v1/trade/quote', quote, key, { 'content-type': type }),
        400,
        'INVALID_INPUT',
      );
      assert.equal(
        body.error,
        `Content-Type must be application/json (optionally with ; charset=utf-8), got ${JSON.stringify(type)}`,
      );
    }
    for (const type of ['application/json', 'Application/JSON; charset="UTF-8"']) {
      const res = await app.post('/api/v1/trade/quote', quote, key, { 'content-type': type });
      assert.notEqual((await res.json()).error?.startsWith('Content-Type'), true, type);
    }
  });

  test('401 carries x-request-id', async () => {
    await assertEnvelope(await app.get('/api/v1/wallets'), 401, 'UNAUTHORIZED');
  });

  test('404 for an unknown path under /api/v1, and elsewhere', async () => {
    const { key } = await app.newUser();
    await assertEnvelope(await app.get('/api/v1/nothing-here', key), 404, 'NOT_FOUND');
    await assertEnvelope(await app.get('/nothing-here'), 404, 'NOT_FOUND');
  });

  test('413 INVALID_INPUT for a body over 1 MiB, refused before it is read', async () => {
    const { key } = await app.newUser();
    const big = JSON.stringify({ data: 'x'.repeat(1024 * 1024) });
    const body = await assertEnvelope(await app.post('/api/v1/wallets', big, key), 413, 'INVALID_INPUT');
    assert.match(body.error, /1 MiB/);
  });

  test('429 carries x-request-id and Retry-After', async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_READ_PER_MINUTE: '1' } });
    try {
      const { key } = await limited.newUser();
      assert.equal((await limited.get('/api/v1/wallets', key)).status, 200);
      const res = await limited.get('/api/v1/wallets', key);
      await assertEnvelope(res, 429, 'RATE_LIMITED');
      assert.match(res.headers.get('retry-after') ?? '', /^\d+$/);
    } finally {
      await limited.stop();
    }
  });

  test('500 INTERNAL_ERROR carries x-request-id and leaks nothing when the database is gone', async () => {
    const broken = await startTestApp();
    try {
      const { key } = await broken.newUser();
      // A fresh user whose wallets are not cached yet: the next read must reach the database.
      const other = await broken.newUser({ wallets: false });
      assert.equal((await broken.get('/api/v1/wallets', key)).status, 200);
      await broken.db.close();
      const body = await assertEnvelope(
        await broken.get('/api/v1/wallets', other.key),
        500,
        'INTERNAL_ERROR',
      );
      assert.equal(body.error, 'Internal error');
    } finally {
      await broken.server.close();
    }
  });

  test('health, readiness, metrics and the docs are public', async () => {
    assert.equal((await app.get('/healthz')).status, 200);
    const ready = await app.get('/readyz');
    assert.equal(ready.status, 200);
    assert.equal((await ready.json()).status, 'ready');
    const docs = await app.get('/docs');
    assert.equal(docs.status, 200);
    assert.match(await docs.text(), /swagger/i);
    const { key } = await app.newUser();
    await app.get('/api/v1/wallets', key);
    const metrics = await (await app.get('/metrics')).text();
    assert.match(metrics, /http_requests_total\{method="GET",route="\/api\/v1\/wallets",status="200"\} \d+/);
    assert.match(metrics, /http_request_duration_seconds_bucket\{.*route="\/api\/v1\/wallets"/);
    assert.match(metrics, /rate_limit_rejections_total/);
  });

  test('logs carry the request id and never an API key', async () => {
    const { key } = await app.newUser();
    const res = await app.get('/api/v1/wallets', key);
    const id = res.headers.get('x-request-id')!;
    await new Promise((r) => setTimeout(r, 50));
    const all = logs.join('');
    assert.ok(all.includes(`"requestId":"${id}"`), 'request id in the logs');
    assert.ok(!all.includes(key), 'the API key never appears in the logs');
    assert.ok(!all.includes(key.slice(9)), 'no part of the secret in the logs');
    const lines = all.split('\n').filter((l) => l.includes(`"requestId":"${id}"`));
    assert.ok(lines.some((l) => l.includes('"msg":"incoming request"')));
    assert.ok(lines.some((l) => l.includes('"msg":"request completed"')));
    // Health checks and scrapes are answered without a log line (the test above made some).
    assert.ok(!all.includes('/healthz') && !all.includes('/metrics'), 'quiet paths are not logged');
  });
});
