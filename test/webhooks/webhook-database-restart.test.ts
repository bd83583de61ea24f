// @needs postgres
// Webhook delivery while PostgreSQL restarts (issue 28, with the database habit of issue 26): the
// database stops and starts again while a receiver holds an attempt open, so the attempt's result
// cannot be recorded. The process lives, the delivery is made again once its lease ends (at least
// once, the same webhook-id and body), and events made after the restart are delivered too (the
// delivery loop's LISTEN connection came back). A PostgreSQL server of the test's own.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type OwnPostgres, startOwnPostgres } from '../support/own-postgres.ts';
import { startReceiver, verify } from '../support/webhook-receiver.ts';

describe('webhook delivery across a PostgreSQL restart (PostgreSQL of its own)', () => {
  let pg: OwnPostgres;
  let app: TestApp;
  let slow: Awaited<ReturnType<typeof startReceiverWith>> | undefined;
  /** Runs while the receiver holds its first request, before it answers. */
  let whileHeld: (() => Promise<void>) | null = null;
  const escaped: unknown[] = [];
  const record = (err: unknown) => escaped.push(err);

  before(async () => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
    pg = await startOwnPostgres();
    app = await startTestApp({
      database: pg.db,
      env: {
        RATE_LIMIT_WRITE_PER_MINUTE: '100000',
        RATE_LIMIT_READ_PER_MINUTE: '100000',
        // The lease of an attempt is the timeout plus 15 s: a lost result is sent again then.
        WEBHOOK_TIMEOUT_MS: '3000',
      },
    });
  });
  after(async () => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
    await slow?.close();
    await app?.stop();
    await pg?.stop();
  });

  test('the attempt’s result is lost with the database: sent again with the same id; later events arrive; the process lives', async () => {
    const user = await app.newUser({ wallets: false });
    let first = true;
    // The receiver runs `whileHeld` before answering its first request.
    slow = await startReceiverWith(async () => {
      if (!first) return;
      first = false;
      await whileHeld?.();
    });
    const res = await app.post('/api/v1/webhooks', { url: slow.url }, user.key);
    assert.equal(res.status, 201, await res.clone().text());
    const endpoint = (await res.json()) as { id: string; secret: string };
    let healthWhileDown = 0;
    // The database goes down while the receiver holds the request, and comes back only after the
    // receiver answered: the attempt's result cannot be recorded.
    whileHeld = async () => {
      pg.halt();
      healthWhileDown = (await fetch(`${app.url}/healthz`)).status;
      setTimeout(() => pg.resume(), 1500).unref();
    };
    const sent = await app.post(`/api/v1/webhooks/${endpoint.id}/test`, undefined, user.key);
    assert.equal(sent.status, 202, await sent.clone().text());
    const eventId = ((await sent.json()) as { eventId: string }).eventId;
    const twice = await slow.receiver.waitFor((r) => r.length >= 2, 60_000);
    assert.deepEqual(
      twice.slice(0, 2).map((d) => d.id),
      [eventId, eventId],
      'the same event, sent again after its result was lost',
    );
    assert.equal(twice[0]?.body, twice[1]?.body);
    for (const d of twice) assert.equal(verify(endpoint.secret, d).id, eventId);
    assert.equal(healthWhileDown, 200, '/healthz answered while the database was down');
    // An event made now reaches the endpoint too.
    const later = await app.post(`/api/v1/webhooks/${endpoint.id}/test`, undefined, user.key);
    assert.equal(later.status, 202, await later.clone().text());
    const laterId = ((await later.json()) as { eventId: string }).eventId;
    const got = await slow.receiver.waitFor((r) => r.some((d) => d.id === laterId), 30_000);
    assert.ok(got.some((d) => d.id === laterId));
    const deliveries = (await (await app.get(`/api/v1/webhooks/${endpoint.id}/deliveries`, user.key)).json())
      .deliveries as Array<{ eventId: string; succeeded: boolean }>;
    assert.ok(
      deliveries.some((d) => d.eventId === eventId && d.succeeded),
      'the retried attempt is recorded as delivered',
    );
    assert.deepEqual(escaped.map(String), [], 'nothing escaped (a server process would have stopped)');
  });
});

/** A receiver that runs `hold` before answering each request (200). */
async function startReceiverWith(hold: () => Promise<void>) {
  const { createServer } = await import('node:http');
  const inner = await startReceiver(() => ({ status: 200 }));
  const server = createServer((req, res) => {
    void hold().then(() => {
      const upstream = new URL(inner.url);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const answer = await fetch(upstream, {
          method: 'POST',
          headers: Object.fromEntries(
            Object.entries(req.headers).filter(([k]) => k.startsWith('webhook-') || k === 'content-type'),
          ) as Record<string, string>,
          body: Buffer.concat(chunks),
        });
        res.writeHead(answer.status);
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    receiver: inner,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await inner.close();
    },
  };
}
