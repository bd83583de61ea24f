// Every response carries the error envelope and a request id, also those made before our handlers
// run (DESIGN A2; issue 11 item 5): router errors, HTTP framing errors, and shutdown.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';

/** Sends raw bytes and returns what the server answered before closing. */
function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy());
  });
}

const envelopeOf = (answer: string) => {
  const [head, body] = answer.split('\r\n\r\n') as [string, string];
  const id = /x-request-id: (req_[0-9a-f]{32})/i.exec(head)?.[1];
  return { status: Number(head.split(' ')[1]), id, body: JSON.parse(body) };
};

describe('the envelope everywhere', () => {
  let app: TestApp;
  let key: string;
  before(async () => {
    app = await startTestApp();
    ({ key } = await app.newUser());
  });
  after(() => app.stop());

  const expectEnvelope = async (res: Response, status: number, code: string) => {
    const body = await res.json();
    assert.equal(res.status, status, JSON.stringify(body));
    assert.equal(body.code, code);
    assert.match(res.headers.get('x-request-id') ?? '', /^req_[0-9a-f]{32}$/);
    assert.equal(body.requestId, res.headers.get('x-request-id'));
    return body;
  };

  test('a bad percent-encoding is 400 in the envelope', async () => {
    const body = await expectEnvelope(await app.get('/api/v1/tx/%E0%A4%A', key), 400, 'INVALID_INPUT');
    assert.match(body.error, /percent-encoding/);
  });

  test('an over-long path parameter is 414 in the envelope, without echoing it', async () => {
    const long = 'a'.repeat(5000);
    const body = await expectEnvelope(await app.get(`/api/v1/tx/${long}`), 414, 'INVALID_INPUT');
    assert.ok(!JSON.stringify(body).includes(long.slice(0, 200)));
  });

  test('error messages quote at most a bounded prefix of a bad value', async () => {
    const long = 'z'.repeat(3000);
    for (const res of [
      await app.get(`/api/v1/wallets/balances?chain=${long}`, key),
      await app.get(`/api/v1/wallets/balances?chain=base&address=${long.slice(0, 120)}`, key),
      await app.get(`/api/v1/no-such-route/${long}`, key),
    ]) {
      const body = await res.json();
      assert.ok(res.status >= 400 && res.status < 500, JSON.stringify(body).slice(0, 200));
      assert.ok(body.error.length < 300, `bounded: ${body.error.length} characters`);
    }
  });

  test('a NUL byte in a path parameter is a 400, not a 500', async () => {
    await expectEnvelope(await app.get('/api/v1/tx/tx_abc%00def', key), 400, 'INVALID_INPUT');
  });

  test('an HTTP/1.1 request without Host is 400 in the envelope, with a request id', async () => {
    const answer = envelopeOf(await raw(app.url, 'GET /healthz HTTP/1.1\r\n\r\n'));
    assert.equal(answer.status, 400);
    assert.ok(answer.id, 'x-request-id');
    assert.deepEqual(answer.body, {
      error: 'An HTTP/1.1 request needs a Host header',
      code: 'INVALID_INPUT',
      requestId: answer.id,
    });
    // HTTP/1.0 has no Host requirement.
    assert.equal(envelopeOf(await raw(app.url, 'GET /healthz HTTP/1.0\r\n\r\n')).status, 200);
  });

  test('headers over 16 KiB are 431 in the envelope', async () => {
    const answer = await raw(
      app.url,
      `GET /api/v1/wallets HTTP/1.1\r\nHost: x\r\nx-filler: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const { status, id, body } = envelopeOf(answer);
    assert.equal(status, 431);
    assert.equal(body.code, 'INVALID_INPUT');
    assert.equal(body.requestId, id);
  });

  test('a request that is not HTTP is 400 in the envelope', async () => {
    const { status, id, body } = envelopeOf(await raw(app.url, 'HELLO THERE\r\n\r\n'));
    assert.equal(status, 400);
    assert.equal(body.requestId, id);
  });
});

describe('during shutdown', () => {
  test('health checks and requests on open connections get 503 in the envelope', async () => {
    const app = await startTestApp();
    const { hostname, port } = new URL(app.url);
    // A keep-alive connection opened before the shutdown, used during it.
    const socket = connect(Number(port), hostname);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const closing = app.stop();
    await new Promise((r) => setTimeout(r, 20));
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d) => {
        text += d;
      });
      socket.on('close', () => resolve(text));
      socket.write('GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n');
      socket.setTimeout(5000, () => socket.destroy());
    });
    await closing;
    const { status, id, body } = envelopeOf(answer);
    assert.equal(status, 503);
    assert.equal(body.code, 'SERVICE_UNAVAILABLE');
    assert.equal(body.requestId, id);
  });
});
