import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/support/clock.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

const DAY = 24 * 3600 * 1000;
let n = 0;

describe('API keys', () => {
  let app: TestApp;
  const clock = new ManualClock(new Date('2026-11-22T12:00:00Z'));
  before(async () => {
    app = await startTestApp({ clock });
  });
  after(async () => {
    await app.stop();
  });
  /** A user with no key yet. */
  const bareUser = async () => (await app.services.users.create({ email: `bare${++n}@example.test` })).id;

  test('keys have the documented format and no plaintext key exists anywhere in the database', async () => {
    const { key, userId } = await app.newUser();
    assert.match(key, /^wak_[A-Za-z0-9]{4}_[A-Za-z0-9]{32}$/);
    const created = await app.services.apiKeys.create(userId, { name: 'second' });
    assert.match(created.key, /^wak_[A-Za-z0-9]{4}_[A-Za-z0-9]{32}$/);
    assert.equal(created.apiKey.maskedKey, `wak_${created.key.slice(4, 8)}_…`);

    const tables = await app.db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    for (const { table_name } of tables) {
      const rows = await app.db.query<{ dump: string }>(`select t::text as dump from ${table_name} t`);
      for (const { dump } of rows) {
        for (const secret of [key, created.key, key.slice(9), created.key.slice(9)]) {
          assert.ok(!dump.includes(secret), `plaintext key found in ${table_name}`);
          assert.ok(!dump.includes(Buffer.from(secret).toString('hex')), `hex of key found in ${table_name}`);
        }
      }
    }
  });

  test('a valid key is accepted and a malformed, unknown or missing key gets 401 UNAUTHORIZED', async () => {
    const { key } = await app.newUser();
    assert.equal((await app.get('/api/v1/wallets', key)).status, 200);
    for (const [bad, message] of [
      [undefined, /missing/i],
      ['not-a-key', /invalid/i],
      [`wak_ABCD_${'a'.repeat(32)}`, /invalid/i],
      [`${key}x`, /invalid/i],
    ] as const) {
      const res = await app.get('/api/v1/wallets', bad);
      assert.equal(res.status, 401);
      const body = await res.json();
      assert.equal(body.code, 'UNAUTHORIZED');
      assert.match(body.error, message);
      assert.equal(res.headers.get('ratelimit'), null, 'a 401 consumes no rate limit');
    }
  });

  test('an expiring key works until its expiry and is refused as expired after it', async () => {
    const { userId } = await app.newUser();
    const { key, apiKey } = await app.services.apiKeys.create(userId, { name: 'week', expires: '7d' });
    assert.equal(apiKey.status, 'Expiring soon');
    assert.equal(new Date(apiKey.expiresAt!).getTime() - new Date(apiKey.createdAt).getTime(), 7 * DAY);
    assert.equal((await app.get('/api/v1/wallets', key)).status, 200);
    clock.advance(7 * DAY + 1000);
    const res = await app.get('/api/v1/wallets', key);
    assert.equal(res.status, 401);
    assert.match((await res.json()).error, /expired/i);
    const listed = (await app.services.apiKeys.list(userId)).find((k) => k.id === apiKey.id);
    assert.equal(listed?.status, 'Expired', 'expired keys stay listed');
  });

  test('status labels: Active, Expiring soon at 7 days or fewer, Expired, Revoked', async () => {
    const userId = await bareUser();
    const never = await app.services.apiKeys.create(userId, { name: 'never' });
    await app.services.apiKeys.create(userId, { name: 'month', expires: '30d' });
    const year = await app.services.apiKeys.create(userId, { name: 'year', expires: '1y' });
    const revoked = await app.services.apiKeys.create(userId, { name: 'revoked', expires: '90d' });
    await app.services.apiKeys.revoke(revoked.apiKey.id, userId);
    assert.equal(year.apiKey.expiresAt, new Date(clock.now().getTime() + 365 * DAY).toISOString());
    const status = async () =>
      Object.fromEntries((await app.services.apiKeys.list(userId)).map((k) => [k.name, k.status]));
    assert.deepEqual(await status(), {
      never: 'Active',
      month: 'Active',
      year: 'Active',
      revoked: 'Revoked',
    });
    clock.advance(23 * DAY);
    assert.equal((await status()).month, 'Expiring soon');
    clock.advance(7 * DAY);
    assert.equal((await status()).month, 'Expired');
    assert.equal((await status()).never, 'Active');
    assert.ok(never.apiKey.expiresAt === null);
  });

  test('the 11th active key is refused with a clear message; expired and revoked keys do not count', async () => {
    const userId = await bareUser();
    const short = await app.services.apiKeys.create(userId, { name: 'short', expires: '7d' });
    for (let i = 2; i <= 10; i++) await app.services.apiKeys.create(userId, { name: `k${i}` });
    await assert.rejects(
      app.services.apiKeys.create(userId, { name: 'eleventh' }),
      (err: Error & { code?: string }) => {
        assert.equal(err.code, 'FORBIDDEN');
        assert.match(err.message, /10 active API keys/);
        return true;
      },
    );
    await app.services.apiKeys.revoke(short.apiKey.id, userId);
    await app.services.apiKeys.create(userId, { name: 'replacement' });
    await assert.rejects(app.services.apiKeys.create(userId, { name: 'again' }));
  });

  test('concurrent creations cannot exceed 10 active keys', async () => {
    const userId = await bareUser();
    const results = await Promise.allSettled(
      Array.from({ length: 14 }, (_, i) => app.services.apiKeys.create(userId, { name: `c${i}` })),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 10);
    assert.equal((await app.services.apiKeys.list(userId)).length, 10);
  });

  test('a revoked key is rejected on the very next request', async () => {
    const { key, userId } = await app.newUser();
    assert.equal((await app.get('/api/v1/wallets', key)).status, 200); // cached now
    const [k] = await app.services.apiKeys.list(userId);
    await app.services.apiKeys.revoke(k!.id, userId);
    const res = await app.get('/api/v1/wallets', key);
    assert.equal(res.status, 401);
    assert.match((await res.json()).error, /invalid/i);
  });

  test('another user cannot revoke my key', async () => {
    const mine = await app.newUser({ wallets: false });
    const theirs = await app.newUser({ wallets: false });
    const [k] = await app.services.apiKeys.list(mine.userId);
    await assert.rejects(app.services.apiKeys.revoke(k!.id, theirs.userId), /not found/);
    assert.equal((await app.get('/api/v1/wallets', mine.key)).status, 200);
  });

  test('last-used time is recorded without a database write per request', async () => {
    const { key, userId } = await app.newUser({ wallets: false });
    const [k] = await app.services.apiKeys.list(userId);
    assert.equal(k!.lastUsedAt, null);
    await app.get('/api/v1/wallets', key);
    const row = async () =>
      (
        await app.db.query<{ last_used_at: Date | null }>('select last_used_at from api_keys where id = $1', [
          k!.id,
        ])
      )[0];
    assert.equal((await row())?.last_used_at, null, 'not written on the request itself');
    assert.equal((await app.services.apiKeys.list(userId))[0]!.lastUsedAt, clock.now().toISOString());
    await app.services.apiKeys.flushLastUsed();
    assert.equal((await row())?.last_used_at?.toISOString(), clock.now().toISOString());
  });
});
