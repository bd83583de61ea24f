import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eventsRepository } from '../../src/store/repositories/events-repository.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type Receiver, startReceiver, verify } from '../support/webhook-receiver.ts';

describe('webhook endpoints through the API', () => {
  let app: TestApp;
  let receiver: Receiver;
  before(async () => {
    app = await startTestApp({
      env: { RATE_LIMIT_WRITE_PER_MINUTE: '100000', RATE_LIMIT_READ_PER_MINUTE: '100000' },
    });
    receiver = await startReceiver();
  });
  after(async () => {
    await app?.stop();
    await receiver?.close();
  });

  const del = (path: string, key: string) =>
    fetch(`${app.url}${path}`, { method: 'DELETE', headers: { 'x-api-key': key } });

  test('creates an endpoint with a secret shown once, lists, reads and deletes it; another user sees none of it', async () => {
    const user = await app.newUser({ wallets: false });
    const other = await app.newUser({ wallets: false });
    const res = await app.post(
      '/api/v1/webhooks',
      {
        url: receiver.url,
        types: ['transaction.confirmed', 'transaction.failed'],
        description: 'back office',
      },
      user.key,
    );
    assert.equal(res.status, 201, await res.clone().text());
    const created = await res.json();
    assert.match(created.id, /^whk_/);
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(created.secret.slice(6), 'base64').length, 32);
    assert.deepEqual(created.types, ['transaction.confirmed', 'transaction.failed']);
    assert.equal(created.disabled, false);

    const list = await (await app.get('/api/v1/webhooks', user.key)).json();
    assert.deepEqual(
      list.webhooks.map((w: { id: string }) => w.id),
      [created.id],
    );
    assert.equal(list.nextCursor, null);
    assert.ok(!JSON.stringify(list).includes(created.secret.slice(6)), 'the secret is never shown again');
    const one = await (await app.get(`/api/v1/webhooks/${created.id}`, user.key)).json();
    assert.equal(one.url, receiver.url);
    assert.equal(one.secret, undefined);
    assert.ok(
      !JSON.stringify(await app.db.query('select * from webhook_endpoints')).includes(
        created.secret.slice(6),
      ),
      'stored encrypted',
    );

    assert.equal((await app.get(`/api/v1/webhooks/${created.id}`, other.key)).status, 404);
    assert.equal((await del(`/api/v1/webhooks/${created.id}`, other.key)).status, 404);
    assert.deepEqual((await (await app.get('/api/v1/webhooks', other.key)).json()).webhooks, []);
    const deleted = await del(`/api/v1/webhooks/${created.id}`, user.key);
    assert.equal(deleted.status, 200);
    assert.deepEqual(await deleted.json(), { id: created.id, deleted: true });
    assert.equal((await app.get(`/api/v1/webhooks/${created.id}`, user.key)).status, 404);
  });

  test('needs the webhooks scope: an unrestricted key has it, a read-only key does not', async () => {
    const user = await app.newUser({ wallets: false });
    const { key: readOnly } = await app.services.apiKeys.create(user.userId, {
      name: 'reader',
      policy: { scopes: ['read'] },
    });
    const self = await (await app.get('/api/v1/keys/self', user.key)).json();
    assert.ok(self.scopes.includes('webhooks'));
    const refused = await app.get('/api/v1/webhooks', readOnly);
    assert.equal(refused.status, 403);
    assert.match((await refused.json()).error, /webhooks scope/);
    assert.equal((await app.post('/api/v1/webhooks', { url: receiver.url }, readOnly)).status, 403);
    assert.equal((await app.get('/api/v1/webhooks', user.key)).status, 200);
  });

  test('at most 10 endpoints per user: the 11th is refused with 400', async () => {
    const user = await app.newUser({ wallets: false });
    for (let i = 0; i < 10; i++)
      assert.equal(
        (await app.post('/api/v1/webhooks', { url: `${receiver.url}?n=${i}` }, user.key)).status,
        201,
      );
    const res = await app.post('/api/v1/webhooks', { url: receiver.url }, user.key);
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.code, 'INVALID_INPUT');
    assert.match(body.error, /10 webhook endpoints, the maximum/);
    const first = await (await app.get('/api/v1/webhooks?limit=4', user.key)).json();
    const second = await (
      await app.get(`/api/v1/webhooks?limit=10&cursor=${first.nextCursor}`, user.key)
    ).json();
    assert.equal(first.webhooks.length, 4);
    assert.equal(second.webhooks.length, 6);
    assert.equal(new Set([...first.webhooks, ...second.webhooks].map((w: { id: string }) => w.id)).size, 10);
  });

  test('refuses what is not a webhook URL: unknown types, plain http off this machine, metadata addresses', async () => {
    const user = await app.newUser({ wallets: false });
    const refused = async (body: unknown, pattern: RegExp) => {
      const res = await app.post('/api/v1/webhooks', body, user.key);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match((await res.json()).error, pattern);
    };
    await refused({ url: receiver.url, types: ['transaction.lost'] }, /types/);
    await refused({ url: 'http://10.1.2.3/hook' }, /must use https/);
    await refused({ url: 'https://169.254.169.254/latest/meta-data' }, /metadata/);
    await refused({ url: 'ftp://127.0.0.1/hook' }, /https/);
    await refused({ url: 'http://user:pw@127.0.0.1/hook' }, /password/);
  });

  test('a test event reaches that endpoint only, signed; replay sends it again with the same webhook-id', async () => {
    const user = await app.newUser({ wallets: false });
    const a = await (await app.post('/api/v1/webhooks', { url: `${receiver.url}?a` }, user.key)).json();
    await (await app.post('/api/v1/webhooks', { url: `${receiver.url}?b` }, user.key)).json();
    const start = receiver.received.length;
    const queued = await app.post(`/api/v1/webhooks/${a.id}/test`, undefined, user.key);
    assert.equal(queued.status, 202, await queued.clone().text());
    const { eventId } = await queued.json();
    await receiver.waitFor((r) => r.slice(start).some((d) => d.id === eventId));
    const payload = verify(a.secret, receiver.received.find((d) => d.id === eventId) as never);
    assert.equal(payload.type, 'webhook.test');
    assert.equal(payload.id, eventId);
    assert.deepEqual(
      receiver.received.filter((d) => d.id === eventId).map((d) => d.path),
      ['/hook?a'],
      'not to the other endpoint',
    );

    const replay = await app.post(
      `/api/v1/webhooks/${a.id}/deliveries/${eventId}/replay`,
      undefined,
      user.key,
    );
    assert.equal(replay.status, 202, await replay.clone().text());
    await receiver.waitFor((r) => r.filter((d) => d.id === eventId).length === 2);
    const copies = receiver.received.filter((d) => d.id === eventId);
    for (const d of copies) verify(a.secret, d);
    assert.equal(copies[0]?.body, copies[1]?.body, 'the same event, byte for byte');

    const attempts = await (await app.get(`/api/v1/webhooks/${a.id}/deliveries`, user.key)).json();
    assert.equal(attempts.deliveries.length, 2);
    for (const at of attempts.deliveries) {
      assert.equal(at.eventId, eventId);
      assert.equal(at.eventType, 'webhook.test');
      assert.equal(at.statusCode, 200);
      assert.equal(at.succeeded, true);
      assert.equal(at.nextAttemptAt, null);
    }
    const other = await app.newUser({ wallets: false });
    assert.equal(
      (await app.post(`/api/v1/webhooks/${a.id}/deliveries/${eventId}/replay`, undefined, other.key)).status,
      404,
    );
  });

  test('a rolled-back change delivers nothing; a committed one is queued for each endpoint whose types match', async () => {
    const user = await app.newUser({ wallets: false });
    const all = await (await app.post('/api/v1/webhooks', { url: `${receiver.url}?all` }, user.key)).json();
    const confirmedOnly = await (
      await app.post(
        '/api/v1/webhooks',
        { url: `${receiver.url}?c`, types: ['transaction.confirmed'] },
        user.key,
      )
    ).json();
    const append = (tx: import('../../src/store/database.ts').Queryable) =>
      eventsRepository(tx).append(user.userId, 'api_key.created', null, { note: 'x' }, new Date());
    await assert.rejects(
      app.db.transaction(async (tx) => {
        await append(tx);
        throw new Error('the change fails');
      }),
      /the change fails/,
    );
    const deliveries = () =>
      app.db.query<{ endpoint_id: string }>(
        'select endpoint_id from webhook_deliveries where user_id = $1 and event_type = $2',
        [user.userId, 'api_key.created'],
      );
    assert.deepEqual(await deliveries(), [], 'nothing for a change that did not happen');
    const eventId = await app.db.transaction(append);
    assert.deepEqual(
      (await deliveries()).map((d) => d.endpoint_id),
      [all.id],
      `not to ${confirmedOnly.id}, which takes transaction.confirmed only`,
    );
    await receiver.waitFor((r) => r.some((d) => d.id === eventId));
  });
});
