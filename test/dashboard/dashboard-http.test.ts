import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { dashboardRoutes } from '../../src/dashboard/dashboard-routes.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { DashboardClient, setCookieLine } from './dashboard-client.ts';

const HOUR = 3600 * 1000;
const PASSWORD = 'correct horse battery staple';
let ipCounter = 0;

describe('dashboard over HTTP: sessions, CSRF, sign-in limits, headers', () => {
  const clock = new ManualClock(new Date('2026-11-22T12:00:00Z'));
  let app: TestApp;

  /** A client from its own address (TRUST_PROXY: the address comes from X-Forwarded-For). */
  const client = (headers: Record<string, string> = {}) =>
    new DashboardClient(app.url, { 'x-forwarded-for': `198.51.100.${++ipCounter}`, ...headers });
  const newUser = async () => {
    const u = await app.newUser();
    await app.services.users.setPassword(u.email, PASSWORD);
    return u;
  };
  const signedIn = async (email: string) => {
    const c = client();
    assert.equal((await c.signIn(email, PASSWORD)).status, 303);
    await c.get('/dashboard/keys');
    return c;
  };

  before(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: 'true' } });
  });
  after(async () => {
    await app?.stop();
  });

  test('the dashboard is not in the OpenAPI document and does not take API keys', async () => {
    const doc = await (await app.get('/api/v1/openapi.json')).json();
    assert.deepEqual(
      Object.keys(doc.paths).filter((p) => p.includes('dashboard') || p.includes('sign-in')),
      [],
    );
    const { key } = await app.newUser();
    const res = await app.get('/dashboard/keys', key);
    assert.ok(res.redirected, 'an API key does not sign anyone in to the dashboard');
    assert.equal(new URL(res.url).pathname, '/dashboard/sign-in');
  });

  test('pages carry a strict Content-Security-Policy, are never cached, and have no inline script or style', async () => {
    const u = await newUser();
    const c = await signedIn(u.email);
    for (const path of [
      '/dashboard/sign-in',
      '/dashboard/keys',
      '/dashboard/wallets',
      '/dashboard/transactions',
    ]) {
      const res = await (path.endsWith('sign-in') ? client() : c).get(path);
      assert.equal(res.status, 200, path);
      const csp = res.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.match(res.headers.get('x-request-id') ?? '', /^req_/);
      const body = await res.text();
      assert.doesNotMatch(body, /<script(?![^>]*\bsrc=)/, `${path}: inline script`);
      assert.doesNotMatch(body, /\sstyle=|<style|\son[a-z]+=/i, `${path}: inline style or handler`);
    }
  });

  test('session cookie is HttpOnly and SameSite=Strict; Secure with the __Host- prefix behind HTTPS', async () => {
    const u = await newUser();
    const plain = await client().signIn(u.email, PASSWORD);
    const line = setCookieLine(plain, 'wa_session') ?? '';
    assert.match(line, /; HttpOnly/);
    assert.match(line, /; SameSite=Strict/);
    assert.match(line, /; Path=\/dashboard(;|$)/);
    assert.doesNotMatch(line, /Secure/);
    const token = /^wa_session=([^;]+)/.exec(line)?.[1] ?? '';
    const stored = await app.db.query<{ row: string }>('select t::text as row from dashboard_sessions t');
    assert.ok(stored.length > 0 && token.length >= 43);
    for (const { row } of stored)
      assert.ok(!row.includes(token), 'only a hash of the session token is stored');

    // TLS ended at a trusted proxy that says so.
    const proxied = client({ 'x-forwarded-proto': 'https' });
    const viaProxy = await proxied.signIn(u.email, PASSWORD);
    assert.equal(viaProxy.status, 303);
    assert.match(
      setCookieLine(viaProxy, '__Host-wa_session') ?? '',
      /; Path=\/;.*HttpOnly.*Secure.*SameSite=Strict/,
    );
    assert.equal((await proxied.get('/dashboard/keys')).status, 200, 'the __Host- cookie is read back');

    // An https PUBLIC_URL: cookies are Secure even when the proxy does not say so.
    const https = await startTestApp({ env: { PUBLIC_URL: 'https://wallet.example.test' } });
    try {
      const v = await https.newUser();
      await https.services.users.setPassword(v.email, PASSWORD);
      const res = await new DashboardClient(https.url).signIn(v.email, PASSWORD);
      assert.match(setCookieLine(res, '__Host-wa_session') ?? '', /Secure/);
    } finally {
      await https.stop();
    }
  });

  test('sign-in refuses a form that did not come from the sign-in page (login CSRF) and foreign return paths', async () => {
    const u = await newUser();
    const c = client();
    const forged = await c.post('/dashboard/sign-in', {
      email: u.email,
      password: PASSWORD,
      _csrf: 'x'.repeat(43),
    });
    assert.equal(forged.status, 403);
    assert.equal(setCookieLine(forged, 'wa_session'), undefined, 'no session was created');

    await c.get('/dashboard/sign-in?next=https://evil.example/');
    const res = await c.post('/dashboard/sign-in', {
      _csrf: c.csrf(),
      email: u.email,
      password: PASSWORD,
      next: 'https://evil.example/',
    });
    assert.equal(res.headers.get('location'), '/dashboard/keys');
  });

  test("every state change needs the session's CSRF token, and nothing changes without it", async () => {
    const u = await newUser();
    const c = await signedIn(u.email);
    const token = c.csrf();
    const other = await signedIn((await newUser()).email);
    const [key] = await app.services.apiKeys.list(u.userId);
    const [wallet] = await app.services.wallets.list(u.userId);
    assert.ok(key && wallet);
    const changes: [string, Record<string, string>][] = [
      ['/dashboard/keys', { name: 'sneaky', expires: 'never' }],
      [`/dashboard/keys/${key.id}/revoke`, {}],
      ['/dashboard/wallets/automation', { address: wallet.address, automation: 'off' }],
      ['/dashboard/sign-out', {}],
    ];
    for (const [path, form] of changes) {
      assert.equal((await c.post(path, form)).status, 403, `${path} without a token`);
      assert.equal(
        (await c.post(path, { ...form, _csrf: other.csrf() })).status,
        403,
        `${path}: another session's token`,
      );
      const crossSite = await c.post(path, { ...form, _csrf: token }, { 'sec-fetch-site': 'cross-site' });
      assert.equal(crossSite.status, 403, `${path} sent from another site`);
    }
    assert.equal((await app.services.apiKeys.list(u.userId)).length, 1, 'no key created');
    assert.equal((await app.services.apiKeys.list(u.userId))[0]?.status, 'Active', 'key not revoked');
    assert.equal((await app.services.wallets.list(u.userId))[0]?.automationEnabled, true);
    assert.equal((await c.get('/dashboard/keys')).status, 200, 'still signed in');

    const created = await c.post('/dashboard/keys', { _csrf: token, name: 'with token', expires: '90d' });
    assert.equal(created.status, 303, 'the same request with the token goes through');
  });

  test('a created key is shown once on the page after the redirect; a reload creates and shows nothing', async () => {
    const u = await newUser();
    const c = client();
    assert.equal((await c.signIn(u.email, PASSWORD)).status, 303);
    const page = await c.get('/dashboard/keys');
    const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const posted = await c.post('/dashboard/keys', { _csrf: token, name: 'once', expires: 'never' });
    assert.equal(posted.status, 303);
    const location = posted.headers.get('location') ?? '';
    assert.match(location, /^\/dashboard\/keys\?created=key_/);
    assert.doesNotMatch(location, /wak_/, 'never in a URL');
    const shown = await (await c.get(location)).text();
    const key = /wak_[A-Za-z0-9]{4}_[A-Za-z0-9]{32}/.exec(shown)?.[0];
    assert.ok(key, 'the key is on the page after the redirect');
    const reloaded = await (await c.get(location)).text();
    assert.doesNotMatch(reloaded, /wak_[A-Za-z0-9]{4}_[A-Za-z0-9]{32}/, 'shown once');
    const keys = await app.services.apiKeys.list(u.userId);
    assert.equal(keys.filter((k) => k.name === 'once').length, 1, 'one key, whatever the reloads');
    const rows = await app.db.query<{ flash: string | null }>('select flash from dashboard_sessions');
    assert.ok(
      rows.every((r) => !r.flash?.includes(key!.slice(9))),
      'the database cannot read it',
    );
  });

  test('sign-in attempts are limited per account: after 10, even the right password waits', async () => {
    const u = await newUser();
    const c = client();
    for (let i = 0; i < 10; i++) assert.equal((await c.signIn(u.email, 'wrong password here')).status, 401);
    // Another address does not help: the limit is the account's.
    const limited = await client().signIn(u.email, PASSWORD);
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.match(await limited.text(), /Too many sign-in attempts\. Try again in 15 minutes\./);
    assert.equal(
      (await client().signIn((await newUser()).email, PASSWORD)).status,
      303,
      'other accounts are fine',
    );
  });

  describe('with low limits (the same dashboard on the same services, so each attempt costs less time)', () => {
    let strict: FastifyInstance;
    let url = '';
    const at = (ip: string) => new DashboardClient(url, { 'x-forwarded-for': ip });
    before(async () => {
      strict = Fastify({ trustProxy: true });
      await strict.register(dashboardRoutes, {
        services: app.services,
        publicUrl: 'http://127.0.0.1',
        signInLimits: { perAddress: 4, perAccount: 2, windowSeconds: 900 },
      });
      url = await strict.listen({ host: '127.0.0.1', port: 0 });
    });
    after(async () => {
      await strict?.close();
    });

    test('an unknown email is limited exactly like an existing account, with the same words', async () => {
      const u = await newUser();
      const answers: string[] = [];
      for (const [i, email] of [u.email, `nobody-${Date.now()}@example.test`].entries()) {
        for (let n = 0; n < 3; n++) {
          const c = at(`203.0.113.${i * 10 + n}`);
          const res = await c.signIn(email, 'wrong password here');
          answers.push(`${res.status} ${/role="alert">([^<]*)</.exec(c.lastHtml)?.[1]}`);
        }
      }
      const refused = '401 Email or password is incorrect.';
      const limited = '429 Too many sign-in attempts. Try again in 15 minutes.';
      assert.deepEqual(answers, [refused, refused, limited, refused, refused, limited]);
    });

    test('a correct password clears the account count: a typo now and then never locks anyone out', async () => {
      const u = await newUser();
      const attempt = (n: number, password: string) => at(`203.0.113.${100 + n}`).signIn(u.email, password);
      assert.equal((await attempt(1, 'typo typo typo')).status, 401);
      assert.equal((await attempt(2, PASSWORD)).status, 303);
      assert.equal((await attempt(3, 'typo typo typo')).status, 401);
      assert.equal((await attempt(4, PASSWORD)).status, 303);
    });

    test('sign-in attempts are limited per client address, across accounts', async () => {
      const c = at('203.0.113.200');
      for (let i = 0; i < 4; i++)
        assert.equal((await c.signIn(`spray-${i}@example.test`, 'guess guess')).status, 401);
      assert.equal((await c.signIn(`spray-5@example.test`, 'guess guess')).status, 429);
      const u = await newUser();
      assert.equal((await c.signIn(u.email, PASSWORD)).status, 429, 'even with a right password');
      assert.equal(
        (await at('203.0.113.201').signIn(u.email, PASSWORD)).status,
        303,
        'other addresses are fine',
      );
    });
  });

  test('sessions end after 12 hours idle, after 7 days however active, and when the password changes', async () => {
    const u = await newUser();
    const idle = await signedIn(u.email);
    clock.advance(12 * HOUR);
    assert.equal((await idle.get('/dashboard/keys')).status, 303);

    const busy = await signedIn(u.email);
    for (let elapsed = 0; elapsed < 7 * 24 * HOUR - 11 * HOUR; elapsed += 11 * HOUR) {
      clock.advance(11 * HOUR);
      assert.equal((await busy.get('/dashboard/keys')).status, 200);
    }
    clock.advance(11 * HOUR);
    assert.equal((await busy.get('/dashboard/keys')).status, 303);

    const before = await signedIn(u.email);
    await app.services.users.setPassword(u.email, 'a brand new password');
    assert.equal((await before.get('/dashboard/keys')).status, 303);
    const rows = await app.db.query<{ n: number }>(
      'select count(*)::int as n from dashboard_sessions where user_id = $1',
      [u.userId],
    );
    assert.equal(rows[0]?.n, 0, 'ended sessions are deleted, not just ignored');
  });

  test("a user cannot revoke another user's key or change another user's wallet", async () => {
    const victim = await newUser();
    const c = await signedIn((await newUser()).email);
    const [key] = await app.services.apiKeys.list(victim.userId);
    const [wallet] = await app.services.wallets.list(victim.userId);
    assert.ok(key && wallet);
    assert.equal((await c.get(`/dashboard/keys/${key.id}/revoke`)).status, 404);
    assert.equal((await c.post(`/dashboard/keys/${key.id}/revoke`, { _csrf: c.csrf() })).status, 404);
    const toggle = await c.post('/dashboard/wallets/automation', {
      _csrf: c.csrf(),
      address: wallet.address,
      automation: 'off',
    });
    assert.equal(toggle.status, 404);
    assert.equal((await app.services.apiKeys.list(victim.userId))[0]?.status, 'Active');
    assert.equal((await app.services.wallets.list(victim.userId))[0]?.automationEnabled, true);
    assert.equal((await app.get('/api/v1/wallets', victim.key)).status, 200);
  });

  test('what users type is shown as text, never interpreted as HTML', async () => {
    const u = await newUser();
    const c = await signedIn(u.email);
    const res = await c.post('/dashboard/keys', {
      _csrf: c.csrf(),
      name: '<img src=x onerror=alert(1)>',
      expires: 'never',
    });
    assert.equal(res.status, 303);
    const body = await (await c.get(res.headers.get('location') ?? '')).text();
    assert.ok(body.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(!body.includes('<img src=x'));
  });

  test('a NUL byte in the sign-in email or a key name is refused with a page, never a 500', async () => {
    const u = await newUser();
    for (const [email, password] of [
      [`${u.email}\u0000`, PASSWORD],
      ['a\u0000b@example.test', PASSWORD],
    ] as const) {
      const res = await client().signIn(email, password);
      assert.equal(res.status, 401, `${JSON.stringify([email, password])}: ${res.status}`);
      assert.match(await res.text(), /Email or password is incorrect/);
    }
    const c = await signedIn(u.email);
    const res = await c.post('/dashboard/keys', { _csrf: c.csrf(), name: 'bad\u0000name', expires: 'never' });
    assert.equal(res.status, 400);
    assert.match(await res.text(), /Name: must not contain control characters/);
  });

  test('unknown dashboard paths get a 404 page in the dashboard layout', async () => {
    const res = await client().get('/dashboard/no-such-page');
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await res.text(), /Page not found/);
  });
});
