import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type Answer, type Receiver, startReceiver, verify } from '../support/webhook-receiver.ts';

/**
 * Delivery faults against real receivers on 127.0.0.1, every delivery verified with the official
 * `standardwebhooks` package. The schedule and the timeout are shortened through their settings.
 */
describe('webhook retries', () => {
  let app: TestApp;
  const receivers: Receiver[] = [];
  before(async () => {
    app = await startTestApp({
      env: {
        RATE_LIMIT_WRITE_PER_MINUTE: '100000',
        RATE_LIMIT_READ_PER_MINUTE: '100000',
        WEBHOOK_RETRY_SCHEDULE: '0,300ms,300ms,300ms',
        WEBHOOK_TIMEOUT_MS: '1500',
        // Days in production; here an endpoint failing for a second with events out of retries goes.
        WEBHOOK_DISABLE_AFTER: '1s',
      },
    });
  });
  after(async () => {
    await app?.stop();
    for (const r of receivers) await r.close();
  });

  async function endpoint(answer: (n: number) => Answer) {
    const receiver = await startReceiver(answer);
    receivers.push(receiver);
    const user = await app.newUser({ wallets: false });
    const res = await app.post('/api/v1/webhooks', { url: receiver.url }, user.key);
    assert.equal(res.status, 201, await res.clone().text());
    const created = (await res.json()) as { id: string; secret: string };
    return { receiver, user, ...created };
  }
  const sendTest = async (key: string, id: string) => {
    const res = await app.post(`/api/v1/webhooks/${id}/test`, undefined, key);
    assert.equal(res.status, 202, await res.clone().text());
    return ((await res.json()) as { eventId: string }).eventId;
  };
  const attempts = async (key: string, id: string) =>
    (await (await app.get(`/api/v1/webhooks/${id}/deliveries`, key)).json()).deliveries.reverse() as Array<{
      eventId: string;
      statusCode: number | null;
      error: string | null;
      attemptedAt: string;
      nextAttemptAt: string | null;
      succeeded: boolean;
      durationMs: number;
    }>;

  test('a receiver answering 500 twice, then 200, gets the event on the third attempt with the same webhook-id', async () => {
    const e = await endpoint((n) => ({ status: n < 2 ? 500 : 200, body: n < 2 ? 'oops' : 'ok' }));
    const eventId = await sendTest(e.user.key, e.id);
    const got = await e.receiver.waitFor((r) => r.length === 3);
    assert.deepEqual(
      got.map((d) => d.id),
      [eventId, eventId, eventId],
    );
    for (const d of got) assert.equal(verify(e.secret, d).id, eventId);
    assert.equal(got[0]?.body, got[2]?.body, 'the same body on every attempt');
    const list = await attempts(e.user.key, e.id);
    assert.deepEqual(
      list.map((a) => [a.statusCode, a.succeeded]),
      [
        [500, false],
        [500, false],
        [200, true],
      ],
    );
    assert.ok(list[0]?.nextAttemptAt && list[1]?.nextAttemptAt, 'a failed attempt names the next one');
    assert.equal(list[2]?.nextAttemptAt, null);
  });

  test('429 with Retry-After: the next attempt waits at least that long', async () => {
    const e = await endpoint((n) =>
      n === 0 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200 },
    );
    const eventId = await sendTest(e.user.key, e.id);
    const [first, second] = await e.receiver.waitFor((r) => r.length === 2);
    assert.equal(first?.id, eventId);
    assert.equal(second?.id, eventId);
    // The schedule alone would retry after 300 ms.
    assert.ok((second?.at ?? 0) - (first?.at ?? 0) >= 2000, 'Retry-After honoured');
    const [a] = await attempts(e.user.key, e.id);
    assert.equal(a?.statusCode, 429);
    assert.ok(Date.parse(a?.nextAttemptAt ?? '') - Date.parse(a?.attemptedAt ?? '') >= 2000);
  });

  test('a hanging receiver is cut at the timeout and retried, while another endpoint receives on time', async () => {
    const hanging = await endpoint((n) => (n === 0 ? 'hang' : { status: 200 }));
    const healthy = await endpoint(() => ({ status: 200 }));
    const slowEvent = await sendTest(hanging.user.key, hanging.id);
    await hanging.receiver.waitFor((r) => r.length === 1);
    const fastEvent = await sendTest(healthy.user.key, healthy.id);
    await healthy.receiver.waitFor((r) => r.length === 1);
    assert.equal(
      hanging.receiver.received.length,
      1,
      'the healthy endpoint got its event while the other still hung',
    );
    verify(healthy.secret, healthy.receiver.received[0] as never);
    assert.equal(healthy.receiver.received[0]?.id, fastEvent);
    const [, retried] = await hanging.receiver.waitFor((r) => r.length === 2);
    assert.equal(retried?.id, slowEvent);
    verify(hanging.secret, retried as never);
    const [cut, ok] = await attempts(hanging.user.key, hanging.id);
    assert.equal(cut?.statusCode, null);
    assert.match(cut?.error ?? '', /timed out after 1500 ms/);
    assert.equal(ok?.succeeded, true);
  });

  const waitDisabled = async (key: string, id: string) => {
    let shown: { disabled: boolean; disabledReason: string | null } = {
      disabled: false,
      disabledReason: null,
    };
    for (let i = 0; i < 200 && !shown.disabled; i++) {
      shown = await (await app.get(`/api/v1/webhooks/${id}`, key)).json();
      if (!shown.disabled) await new Promise((r) => setTimeout(r, 50));
    }
    return shown;
  };

  test('a delivery that fails every attempt of the schedule stops there; the failing endpoint is then disabled, saying why', async () => {
    const e = await endpoint(() => ({ status: 500 }));
    const eventId = await sendTest(e.user.key, e.id);
    await e.receiver.waitFor((r) => r.length === 4);
    const shown = await waitDisabled(e.user.key, e.id);
    assert.equal(shown.disabled, true);
    assert.match(
      shown.disabledReason ?? '',
      /No delivery succeeded for 1 seconds and events used up their retries/,
    );
    const list = await attempts(e.user.key, e.id);
    assert.equal(list.length, 4, 'the four attempts of the schedule, no more');
    assert.ok(list.every((a) => a.eventId === eventId && a.statusCode === 500));
    assert.equal(list[3]?.nextAttemptAt, null);
    assert.equal(e.receiver.received.length, 4);
  });

  test('410 Gone disables the endpoint at once, with the reason shown', async () => {
    const e = await endpoint(() => ({ status: 410 }));
    await sendTest(e.user.key, e.id);
    await e.receiver.waitFor((r) => r.length === 1);
    const shown = await waitDisabled(e.user.key, e.id);
    assert.equal(shown.disabled, true);
    assert.match(shown.disabledReason ?? '', /410 Gone/);
    const again = await app.post(`/api/v1/webhooks/${e.id}/test`, undefined, e.user.key);
    assert.equal(again.status, 400);
    assert.match((await again.json()).error, /disabled/);
    const [a] = await attempts(e.user.key, e.id);
    assert.equal(a?.statusCode, 410);
    assert.equal(a?.nextAttemptAt, null, 'not retried');
    assert.equal(e.receiver.received.length, 1);
  });

  test('a rotated secret: for a day deliveries carry two signatures, each verifying under its secret', async () => {
    const e = await endpoint(() => ({ status: 200 }));
    const res = await app.post(`/api/v1/webhooks/${e.id}/rotate-secret`, undefined, e.user.key);
    assert.equal(res.status, 200, await res.clone().text());
    const rotated = await res.json();
    assert.notEqual(rotated.secret, e.secret);
    assert.ok(Date.parse(rotated.previousSecretExpiresAt) - Date.now() > 23 * 3600 * 1000);
    const eventId = await sendTest(e.user.key, e.id);
    const [d] = await e.receiver.waitFor((r) => r.length === 1);
    assert.ok(d);
    const entries = d.signature.split(' ');
    assert.equal(entries.length, 2);
    assert.equal(
      verify(rotated.secret, { ...d, signature: entries[0] as string }).id,
      eventId,
      'the new secret',
    );
    assert.equal(verify(e.secret, { ...d, signature: entries[1] as string }).id, eventId, 'the old secret');
    assert.throws(
      () => verify(e.secret, { ...d, signature: entries[0] as string }),
      'each entry is its own secret’s',
    );
  });

  test('a redirect is a failure and is not followed; a large answer is read up to 64 KiB and kept short', async () => {
    const elsewhere = await startReceiver();
    receivers.push(elsewhere);
    const e = await endpoint((n) =>
      n === 0
        ? { status: 302, headers: { location: elsewhere.url } }
        : { status: 500, body: `${' '.repeat(10)}${'x'.repeat(200 * 1024)}` },
    );
    await sendTest(e.user.key, e.id);
    await e.receiver.waitFor((r) => r.length >= 2);
    let list: Awaited<ReturnType<typeof attempts>> = [];
    for (let i = 0; i < 100 && list.length < 2; i++) {
      list = await attempts(e.user.key, e.id);
      if (list.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(list[0]?.statusCode, 302);
    assert.equal(list[0]?.succeeded, false);
    assert.ok(list[0]?.nextAttemptAt, 'retried');
    assert.equal(elsewhere.received.length, 0, 'the redirect was not followed');
    assert.equal(list[1]?.statusCode, 500);
    const body = (
      await (await app.get(`/api/v1/webhooks/${e.id}/deliveries`, e.user.key)).json()
    ).deliveries.find((d: { statusCode: number }) => d.statusCode === 500).responseBody as string;
    assert.ok(body.startsWith('xxx'), 'trimmed');
    assert.ok(body.length <= 2048, `kept short (${body.length})`);
  });
});
