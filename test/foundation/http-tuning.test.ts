// What src/http/tuning/ relies on in Fastify (docs/architecture.md, upgrade checklist): its log
// controller is called for every request, unmatched ones and refused ones included (request log
// lines and request metrics are written there), and its validator contract (route validators
// compiled on first use, Ajv's `errors` read after each call) still turns bad input into our
// documented 400 envelope, on the first call of a route and on later ones.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';

interface LogLine {
  msg?: string;
  requestId?: string;
  res?: { statusCode?: number };
}

describe('Fastify tuning', () => {
  let app: TestApp;
  let key: string;
  const lines: LogLine[] = [];
  before(async () => {
    app = await startTestApp({
      env: { CHAIN_ENABLED_EVM_LOCALNET: 'on' },
      logStream: new Writable({
        write(chunk, _enc, done) {
          for (const text of String(chunk).split('\n'))
            if (text.trim() !== '') lines.push(JSON.parse(text) as LogLine);
          done();
        },
      }),
    });
    ({ key } = await app.newUser());
  });
  after(() => app.stop());

  /** The request log lines of one request, once its response is finished. */
  async function logLinesOf(res: Response) {
    await res.arrayBuffer();
    const id = res.headers.get('x-request-id');
    assert.ok(id, 'the response names its request id');
    // The completion line is written when the response has finished on the server's side.
    for (let i = 0; i < 100 && !lines.some((l) => l.requestId === id && l.msg === 'request completed'); i++)
      await new Promise((r) => setTimeout(r, 10));
    return lines.filter((l) => l.requestId === id);
  }

  const metricLine = async (pattern: RegExp) => {
    const text = await (await app.get('/metrics')).text();
    return text.split('\n').find((l) => pattern.test(l));
  };

  test('the log controller logs and counts a request no route matches (404)', async () => {
    const res = await app.get('/api/v1/no-such-thing', key);
    assert.equal(res.status, 404);
    const mine = await logLinesOf(res);
    assert.ok(mine.some((l) => l.msg === 'incoming request'));
    assert.ok(mine.some((l) => l.msg === 'request completed' && l.res?.statusCode === 404));
    assert.ok(await metricLine(/^http_requests_total\{method="GET",.*status="404"\} [1-9]/));
  });

  test('the log controller logs and counts a refused request (an error answer)', async () => {
    const res = await app.get('/api/v1/wallets');
    assert.equal(res.status, 401);
    assert.equal(((await res.clone().json()) as { code?: string }).code, 'UNAUTHORIZED');
    const mine = await logLinesOf(res);
    assert.ok(mine.some((l) => l.msg === 'incoming request'));
    assert.ok(mine.some((l) => l.msg === 'request completed' && l.res?.statusCode === 401));
    assert.ok(
      await metricLine(/^http_requests_total\{method="GET",route="\/api\/v1\/wallets",status="401"\} [1-9]/),
    );
  });

  test('a query string the schema refuses gives the 400 envelope, on first use and after a valid one', async () => {
    for (const path of [
      '/api/v1/wallets?chain=bitcoin',
      '/api/v1/wallets?chain=ethereum',
      '/api/v1/wallets?defaultOnly=maybe',
    ]) {
      const res = await app.get(path, key);
      const body = await res.json();
      if (path.endsWith('=ethereum')) {
        assert.equal(res.status, 200, JSON.stringify(body));
        continue;
      }
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(body.code, 'INVALID_INPUT');
      assert.equal(typeof body.error, 'string');
      assert.ok(Array.isArray(body.details) && body.details.length > 0, JSON.stringify(body));
    }
  });

  test('a body the schema refuses gives the 400 envelope naming the field, types not coerced', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await app.post(
        '/api/v1/send',
        {
          chain: 'evm-localnet',
          to: '0x52908400098527886e0f7030069857d2e4169ee7',
          asset: 'native',
          amount: 1,
        },
        key,
        { 'idempotency-key': randomUUID() },
      );
      const body = await res.json();
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(body.code, 'INVALID_INPUT');
      assert.deepEqual(
        body.details.map((d: { path: string }) => d.path),
        ['amount'],
      );
    }
  });
});
