// @needs postgres
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { bootWorker } from '../../src/boot/boot-worker.ts';
import { loadConfig } from '../../src/config/config.ts';
import { openPostgresDatabase } from '../../src/store/postgres-database.ts';
import { createLogger } from '../../src/support/logger.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createPostgresDatabase } from '../support/database.ts';
import { freePort, startServerProcess } from '../support/processes.ts';
import { type Receiver, startReceiver, verify } from '../support/webhook-receiver.ts';

const SECRETS = { MASTER_KEY: 'e5'.repeat(32), API_KEY_SECRET: 'f6'.repeat(32) };
const FAST = { RATE_LIMIT_WRITE_PER_MINUTE: '100000', RATE_LIMIT_READ_PER_MINUTE: '100000' };

describe('webhook delivery is durable and happens once', () => {
  const cleanup: Array<() => Promise<unknown> | unknown> = [];
  after(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  test('SIGKILL of the service right after a change, then a restart: the event still arrives', async () => {
    const db = await createPostgresDatabase();
    cleanup.push(() => db.close());
    const dataDir = mkdtempSync(join(tmpdir(), 'webhook-kill-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Users and keys made here; this instance sends nothing (TRACKER off), the process below does.
    const admin = await startTestApp({ database: db, env: { ...SECRETS, ...FAST, TRACKER: 'false' } });
    cleanup.push(() => admin.stop());
    const user = await admin.newUser({ wallets: false });
    const receiverPort = await freePort();
    const port = await freePort();
    const env = {
      ...SECRETS,
      ...FAST,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      DEVNET: 'off',
      SEED_DEMO: 'off',
      PORT: String(port),
      WEBHOOK_RETRY_SCHEDULE: '0,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms,300ms',
    };
    const api = (path: string, method = 'POST', body?: unknown) =>
      fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
        method,
        headers: { 'x-api-key': user.key, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const first = await startServerProcess(env);
    // The receiver is not up yet: whatever the service manages before it dies reaches no one.
    const created = await (
      await api('/webhooks', 'POST', { url: `http://127.0.0.1:${receiverPort}/hook` })
    ).json();
    const queued = await api(`/webhooks/${created.id}/test`);
    assert.equal(queued.status, 202);
    await first.stop('SIGKILL');
    const { eventId } = await queued.json();
    const [row] = await db.query<{ status: string }>(
      'select status from webhook_deliveries where event_id = $1',
      [eventId],
    );
    assert.equal(row?.status, 'pending', 'the delivery was recorded with the change');

    const receiver = await startReceiver(() => ({ status: 200 }), receiverPort);
    cleanup.push(() => receiver.close());
    const second = await startServerProcess(env);
    cleanup.push(() => second.stop());
    const [d] = await receiver.waitFor((r) => r.length >= 1);
    assert.ok(d);
    assert.equal(d.id, eventId);
    assert.equal(verify(created.secret, d).type, 'webhook.test');
  });

  test('two instances and a worker on one PostgreSQL deliver each event to each endpoint once', async () => {
    const db = await createPostgresDatabase();
    cleanup.push(() => db.close());
    const second = await openPostgresDatabase(db.url, { maxConnections: 10 });
    cleanup.push(() => second.close());
    const env = { ...SECRETS, ...FAST };
    const a: TestApp = await startTestApp({ database: db, env });
    cleanup.push(() => a.stop());
    const b: TestApp = await startTestApp({ database: second, env });
    cleanup.push(() => b.stop());
    const dataDir = mkdtempSync(join(tmpdir(), 'webhook-worker-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const worker = await bootWorker(
      loadConfig({ ...env, DATABASE_URL: db.url, DATA_DIR: dataDir, DEVNET: 'off', SEED_DEMO: 'off' }),
      createLogger('silent'),
    );
    cleanup.push(() => worker.stop());

    const receivers: Receiver[] = [await startReceiver(), await startReceiver()];
    for (const r of receivers) cleanup.push(() => r.close());
    const user = await a.newUser({ wallets: false });
    const endpoints: { id: string; secret: string }[] = [];
    for (const r of receivers)
      endpoints.push(await (await a.post('/api/v1/webhooks', { url: r.url }, user.key)).json());

    // Test events name one endpoint each: 20 to each, half written through each instance.
    const events = new Map<string, string[]>(endpoints.map((e) => [e.id, []]));
    const writes = [];
    for (let i = 0; i < 40; i++) {
      const e = endpoints[i % 2] as { id: string };
      const via = i % 4 < 2 ? a : b;
      writes.push(
        via.post(`/api/v1/webhooks/${e.id}/test`, undefined, user.key).then(async (res) => {
          assert.equal(res.status, 202);
          events.get(e.id)?.push((await res.json()).eventId);
        }),
      );
    }
    await Promise.all(writes);
    for (const [i, r] of receivers.entries()) {
      const endpoint = endpoints[i] as { id: string; secret: string };
      const wanted = new Set(events.get(endpoint.id));
      await r.waitFor((got) => new Set(got.map((d) => d.id)).size >= wanted.size);
      for (const d of r.received) verify(endpoint.secret, d);
      assert.deepEqual(new Set(r.received.map((d) => d.id)), wanted);
    }
    // Once every delivery is settled, a second attempt of any would be in the log.
    for (let i = 0; i < 200; i++) {
      const [open] = await db.query<{ n: number }>(
        "select count(*)::int as n from webhook_deliveries where status <> 'succeeded'",
      );
      if (open?.n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const attempts = await db.query<{ n: number }>('select count(*)::int as n from webhook_attempts');
    assert.equal(attempts[0]?.n, 40, 'one attempt per event and endpoint');
    assert.deepEqual(
      receivers.map((r) => r.received.length),
      [20, 20],
      'no event arrived twice',
    );
  });

  test('a shutdown mid-attempt gives the delivery back at once, for the next process to send', async () => {
    const db = await createPostgresDatabase();
    cleanup.push(() => db.close());
    const receiver = await startReceiver(() => 'hang');
    cleanup.push(() => receiver.close());
    const app = await startTestApp({ database: db, env: { ...SECRETS, ...FAST } });
    const user = await app.newUser({ wallets: false });
    const { id } = await (await app.post('/api/v1/webhooks', { url: receiver.url }, user.key)).json();
    const { eventId } = await (await app.post(`/api/v1/webhooks/${id}/test`, undefined, user.key)).json();
    await receiver.waitFor((r) => r.length === 1);
    await app.stop();
    const [row] = await db.query<{ status: string; due: boolean }>(
      'select status, next_attempt_at <= now() as due from webhook_deliveries where event_id = $1',
      [eventId],
    );
    assert.deepEqual(
      row,
      { status: 'pending', due: true },
      'not held until its lease (the timeout and 15 s) ends',
    );
    const [attempts] = await db.query<{ n: number }>('select count(*)::int as n from webhook_attempts');
    assert.equal(attempts?.n, 0, 'an attempt cut short by the shutdown is not counted as a failure');
  });
});
