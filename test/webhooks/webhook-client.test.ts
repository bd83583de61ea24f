import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
// The package's source: in a worktree, @wallet-api/client resolves to the main checkout's build.
import {
  createWalletApiClient,
  verifyWebhook,
  WebhookVerificationError,
} from '../../packages/client/src/index.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type Receiver, startReceiver } from '../support/webhook-receiver.ts';

describe('the typed client and webhooks', () => {
  let app: TestApp;
  let receiver: Receiver;
  before(async () => {
    app = await startTestApp();
    receiver = await startReceiver();
  });
  after(async () => {
    await app?.stop();
    await receiver?.close();
  });

  test('verifyWebhook accepts the specification’s test vector and refuses a tampered body', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
    const body = '{"test": 2432232314}';
    const now = Math.floor(Date.now() / 1000);
    const signature = new Webhook(secret).sign(id, new Date(now * 1000), body);
    const headers = { 'Webhook-Id': id, 'webhook-timestamp': String(now), 'webhook-signature': signature };
    assert.deepEqual(verifyWebhook(secret, headers, body), { test: 2432232314 });
    assert.throws(() => verifyWebhook(secret, headers, '{"test": 2432232315}'), WebhookVerificationError);
    assert.throws(
      () => verifyWebhook(secret, { ...headers, 'webhook-timestamp': String(now - 600) }, body),
      WebhookVerificationError,
      'a delivery older than 5 minutes (a replay) is refused',
    );
    // The vector of the specification's library, at its own timestamp.
    assert.equal(
      new Webhook(secret).sign(id, new Date(1614265330 * 1000), body),
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  test('an endpoint made through the typed client receives deliveries verifyWebhook accepts', async () => {
    const user = await app.newUser({ wallets: false });
    const client = createWalletApiClient({ baseUrl: app.url, apiKey: user.key });
    const created = await client.call((ctx) =>
      client.api.POST('/webhooks', { body: { url: receiver.url }, signal: ctx.signal }),
    );
    const { secret, id } = created.data;
    const queued = await client.call((ctx) =>
      client.api.POST('/webhooks/{id}/test', { params: { path: { id } }, signal: ctx.signal }),
    );
    const [d] = await receiver.waitFor((r) => r.some((x) => x.id === queued.data.eventId));
    assert.ok(d);
    const headers = new Headers({
      'webhook-id': d.id,
      'webhook-timestamp': d.timestamp,
      'webhook-signature': d.signature,
    });
    const event = verifyWebhook(secret, headers, new TextEncoder().encode(d.body));
    assert.equal(event.id, queued.data.eventId);
    assert.equal(event.type, 'webhook.test');
    assert.equal(typeof event.sequence, 'number');
    const wrong = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    assert.throws(() => verifyWebhook(wrong, headers, d.body), WebhookVerificationError);
  });
});
