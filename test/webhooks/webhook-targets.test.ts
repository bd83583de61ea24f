// @needs postgres
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createPostgresDatabase } from '../support/database.ts';
import { startDnsServer } from '../support/dns-server.ts';
import { type Receiver, startReceiver, verify } from '../support/webhook-receiver.ts';

/** Names the service resolves through a DNS server of the test's (WEBHOOK_DNS_SERVERS). */
const records = new Map<string, string[]>([
  ['public.example.test', ['93.184.216.34']],
  ['internal.example.test', ['10.0.0.7']],
  ['mixed.example.test', ['93.184.216.34', '127.0.0.1']],
  ['metadata.example.test', ['169.254.169.254']],
  ['hooks.example.test', ['127.0.0.1']],
  ['rebind.example.test', ['93.184.216.34']],
]);

describe('where webhooks may go', () => {
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  let production: TestApp;
  let local: TestApp;
  let receiver: Receiver;
  let db: Awaited<ReturnType<typeof createPostgresDatabase>>;
  before(async () => {
    dns = await startDnsServer(records);
    receiver = await startReceiver();
    db = await createPostgresDatabase();
    production = await startTestApp({
      database: db,
      env: {
        WALLET_API_MODE: 'production',
        DATABASE_URL: db.url,
        MASTER_KEY: 'c3'.repeat(32),
        API_KEY_SECRET: 'd4'.repeat(32),
        CHAINS: 'base',
        WEBHOOK_DNS_SERVERS: dns.address,
        WEBHOOK_TIMEOUT_MS: '1000',
        RATE_LIMIT_WRITE_PER_MINUTE: '100000',
        RATE_LIMIT_READ_PER_MINUTE: '100000',
      },
    });
    local = await startTestApp({ env: { WEBHOOK_DNS_SERVERS: dns.address } });
  });
  after(async () => {
    await production?.stop();
    await local?.stop();
    await receiver?.close();
    await dns?.close();
    await db?.close();
  });

  test('production mode refuses http, loopback, metadata, private and CGNAT addresses, and names that resolve to them', async () => {
    const user = await production.newUser({ wallets: false });
    const refused: [string, RegExp][] = [
      ['http://public.example.test/hook', /must use https in production mode/],
      ['https://127.0.0.1/hook', /127\.0\.0\.1 is a loopback address/],
      ['https://[::1]/hook', /::1 is a loopback address/],
      ['https://[::ffff:127.0.0.1]/hook', /loopback/],
      ['https://[::ffff:7f00:1]/hook', /loopback/],
      ['https://2130706433/hook', /127\.0\.0\.1 is a loopback address/],
      ['https://169.254.169.254/latest/meta-data', /cloud metadata address/],
      ['https://[fd00:ec2::254]/', /cloud metadata address/],
      ['https://10.1.2.3/hook', /private address/],
      ['https://192.168.1.10/hook', /private address/],
      ['https://[fc00::1]/hook', /private address/],
      ['https://[fe80::1]/hook', /link-local/],
      ['https://169.254.1.1/hook', /link-local/],
      ['https://100.64.0.1/hook', /CGNAT/],
      ['https://[64:ff9b::a00:1]/hook', /private address/],
      [
        'https://internal.example.test/hook',
        /internal\.example\.test resolves to 10\.0\.0\.7, which is a private address/,
      ],
      ['https://mixed.example.test/hook', /resolves to 127\.0\.0\.1, which is a loopback address/],
      ['https://metadata.example.test/hook', /cloud metadata/],
      ['https://nowhere.example.test/hook', /has no address/],
    ];
    for (const [url, pattern] of refused) {
      const res = await production.post('/api/v1/webhooks', { url }, user.key);
      assert.equal(res.status, 400, url);
      const body = await res.json();
      assert.equal(body.code, 'INVALID_INPUT', url);
      assert.match(body.error, pattern, url);
    }
    const ok = await production.post(
      '/api/v1/webhooks',
      { url: 'https://public.example.test/hook' },
      user.key,
    );
    assert.equal(ok.status, 201, await ok.clone().text());
  });

  test('checked again at each delivery: a name rebound to a loopback address afterwards is not connected to', async () => {
    const user = await production.newUser({ wallets: false });
    const res = await production.post(
      '/api/v1/webhooks',
      { url: `https://rebind.example.test:${receiver.port}/hook` },
      user.key,
    );
    assert.equal(res.status, 201, await res.clone().text());
    const { id } = await res.json();
    records.set('rebind.example.test', ['127.0.0.1']);
    const before = receiver.received.length;
    assert.equal((await production.post(`/api/v1/webhooks/${id}/test`, undefined, user.key)).status, 202);
    let attempts: Array<{ error: string | null; statusCode: number | null }> = [];
    for (let i = 0; i < 100 && attempts.length === 0; i++) {
      attempts = (await (await production.get(`/api/v1/webhooks/${id}/deliveries`, user.key)).json())
        .deliveries;
      if (attempts.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(attempts[0]?.statusCode, null);
    assert.match(
      attempts[0]?.error ?? '',
      /refused: .*rebind\.example\.test resolves to 127\.0\.0\.1, which is a loopback address/,
    );
    assert.equal(receiver.received.length, before, 'nothing reached this machine');
  });

  test('an attempt connects to the address that was checked, naming the URL’s host', async () => {
    const user = await local.newUser({ wallets: false });
    const res = await local.post(
      '/api/v1/webhooks',
      { url: `http://hooks.example.test:${receiver.port}/named` },
      user.key,
    );
    assert.equal(res.status, 201, await res.clone().text());
    const { id, secret } = await res.json();
    const { eventId } = await (await local.post(`/api/v1/webhooks/${id}/test`, undefined, user.key)).json();
    const got = await receiver.waitFor((r) => r.some((d) => d.id === eventId));
    const d = got.find((x) => x.id === eventId);
    assert.ok(d);
    assert.equal(d.host, `hooks.example.test:${receiver.port}`);
    assert.equal(d.path, '/named');
    verify(secret, d);
    // Local mode: plain http to this machine only.
    const off = await local.post('/api/v1/webhooks', { url: 'http://public.example.test/hook' }, user.key);
    assert.equal(off.status, 400);
    assert.match((await off.json()).error, /plain http is accepted to this machine only/);
  });
});
