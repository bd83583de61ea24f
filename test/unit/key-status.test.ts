// The status an API key shows in the dashboard and `wallet-api keys list`: Revoked over everything,
// Expired from its expiry on, Expiring soon in the last 7 days before it, otherwise Active.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { EXPIRING_SOON_MS, keyStatus } from '../../src/app/api-keys.ts';

const now = new Date('2026-03-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
const DAY = 24 * 3600 * 1000;

describe('API key status', () => {
  test('the expiring-soon window is 7 days', () => assert.equal(EXPIRING_SOON_MS, 7 * DAY));

  test('a key without an expiry is Active', () => {
    assert.equal(keyStatus({ revokedAt: null, expiresAt: null }, now), 'Active');
  });

  test('a key expiring in more than 7 days is Active; at exactly 7 days it is Expiring soon', () => {
    assert.equal(keyStatus({ revokedAt: null, expiresAt: at(7 * DAY + 1) }, now), 'Active');
    assert.equal(keyStatus({ revokedAt: null, expiresAt: at(7 * DAY) }, now), 'Expiring soon');
    assert.equal(keyStatus({ revokedAt: null, expiresAt: at(1) }, now), 'Expiring soon');
  });

  test('a key is Expired from the instant of its expiry', () => {
    assert.equal(keyStatus({ revokedAt: null, expiresAt: at(0) }, now), 'Expired');
    assert.equal(keyStatus({ revokedAt: null, expiresAt: at(-1) }, now), 'Expired');
  });

  test('a revoked key is Revoked, whatever its expiry', () => {
    for (const expiresAt of [null, at(-DAY), at(DAY), at(30 * DAY)])
      assert.equal(keyStatus({ revokedAt: at(-DAY), expiresAt }, now), 'Revoked');
  });

  test('as time passes a key only moves forward: Active, Expiring soon, Expired', () => {
    const order = ['Active', 'Expiring soon', 'Expired'];
    fc.assert(
      fc.property(
        fc.integer({ min: -60 * DAY, max: 60 * DAY }),
        fc.integer({ min: 0, max: 60 * DAY }),
        (expiry, later) => {
          const key = { revokedAt: null, expiresAt: at(expiry) };
          const before = order.indexOf(keyStatus(key, now));
          const after = order.indexOf(keyStatus(key, at(later)));
          assert.ok(before >= 0 && after >= before, `${before} then ${after}`);
        },
      ),
    );
  });
});
