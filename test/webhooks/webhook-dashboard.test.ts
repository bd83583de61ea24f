import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DashboardClient } from '../dashboard/dashboard-client.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type Receiver, startReceiver, verify } from '../support/webhook-receiver.ts';

const PASSWORD = 'correct horse battery staple';

describe('the dashboard’s webhooks page', () => {
  let app: TestApp;
  let receiver: Receiver;
  before(async () => {
    app = await startTestApp();
    receiver = await startReceiver((n) => ({ status: n === 0 ? 500 : 200 }));
  });
  after(async () => {
    await app?.stop();
    await receiver?.close();
  });

  test('add (secret shown once), test, deliveries with their status, replay, rotate, delete', async () => {
    const user = await app.newUser({ wallets: false });
    await app.services.users.setPassword(user.email, PASSWORD);
    const c = new DashboardClient(app.url);
    assert.equal((await c.signIn(user.email, PASSWORD)).status, 303);
    const list = await c.get('/dashboard/webhooks');
    assert.equal(list.status, 200);
    assert.match(c.lastHtml, /href="\/dashboard\/webhooks" aria-current="page">Webhooks/);

    const bad = await c.post('/dashboard/webhooks', { _csrf: c.csrf(), url: 'http://10.9.9.9/x' });
    assert.equal(bad.status, 400);
    assert.match(c.lastHtml, /must use https/);

    const added = await c.post('/dashboard/webhooks', {
      _csrf: c.csrf(),
      url: receiver.url,
      description: 'ops',
      'type_webhook.test': '1',
    });
    assert.equal(added.status, 303);
    const location = added.headers.get('location') ?? '';
    const page = await c.get(location);
    assert.equal(page.status, 200);
    const secret = /id="webhook-secret"[^>]*value="(whsec_[^"]+)"/.exec(c.lastHtml)?.[1];
    assert.ok(secret, 'the secret is shown');
    await c.get(location);
    assert.ok(!c.lastHtml.includes(secret), 'only once');

    const id = /\/dashboard\/webhooks\/(whk_[A-Z0-9]+)/.exec(location)?.[1] as string;
    const tested = await c.post(`/dashboard/webhooks/${id}/test`, { _csrf: c.csrf() });
    assert.equal(tested.status, 303);
    // The receiver fails the first attempt, then takes the retry (5 s later by default).
    const [first] = await receiver.waitFor((r) => r.length >= 1);
    assert.ok(first);
    verify(secret, first);
    await c.get(`/dashboard/webhooks/${id}`);
    assert.match(c.lastHtml, /badge-danger">500/);
    assert.match(c.lastHtml, new RegExp(`data-event-id="${first.id}"`));

    assert.equal(
      (await c.post(`/dashboard/webhooks/${id}/replay`, { _csrf: c.csrf(), event_id: first.id })).status,
      303,
    );
    await receiver.waitFor((r) => r.filter((d) => d.id === first.id && d.answered === 200).length >= 1);
    await c.get(`/dashboard/webhooks/${id}`);
    assert.match(c.lastHtml, /badge-ok">200/);

    const rotated = await c.post(`/dashboard/webhooks/${id}/rotate`, { _csrf: c.csrf() });
    assert.equal(rotated.status, 303);
    await c.get(rotated.headers.get('location') ?? '');
    const fresh = /id="webhook-secret"[^>]*value="(whsec_[^"]+)"/.exec(c.lastHtml)?.[1];
    assert.ok(fresh && fresh !== secret);
    assert.match(c.lastHtml, /the previous secret signs too until/);

    const deleted = await c.post(`/dashboard/webhooks/${id}/delete`, { _csrf: c.csrf() });
    assert.equal(deleted.status, 303);
    await c.get('/dashboard/webhooks?deleted=1');
    assert.match(c.lastHtml, /No endpoints yet/);
    assert.equal((await app.get(`/api/v1/webhooks/${id}`, user.key)).status, 404);
  });
});
