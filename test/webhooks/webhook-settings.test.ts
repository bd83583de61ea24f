import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { describe, test } from 'node:test';
import { outcomeOf } from '../../src/app/webhooks/webhook-delivery.ts';
import { type ConfigError, loadConfig } from '../../src/config/config.ts';

describe('webhook settings', () => {
  test('by default: 15 s per attempt and the specification’s schedule of about three days', () => {
    const config = loadConfig({ DATA_DIR: tmpdir() });
    assert.equal(config.WEBHOOK_TIMEOUT_MS, 15_000);
    const s = 1000;
    const h = 3600 * s;
    assert.deepEqual(config.WEBHOOK_RETRY_SCHEDULE, [
      0,
      5 * s,
      300 * s,
      1800 * s,
      2 * h,
      5 * h,
      10 * h,
      14 * h,
      20 * h,
      24 * h,
    ]);
    assert.equal(config.WEBHOOK_DISABLE_AFTER, 5 * 24 * h);
    assert.equal(config.WEBHOOK_ALLOW_PRIVATE, false);
    assert.equal(config.WEBHOOK_ALLOW_HTTP, false);
  });

  test('WEBHOOK_RETRY_SCHEDULE takes durations, and names what it cannot read', () => {
    assert.deepEqual(
      loadConfig({ DATA_DIR: tmpdir(), WEBHOOK_RETRY_SCHEDULE: '0,250ms,2,1m' }).WEBHOOK_RETRY_SCHEDULE,
      [0, 250, 2000, 60_000],
    );
    assert.throws(
      () => loadConfig({ DATA_DIR: tmpdir(), WEBHOOK_RETRY_SCHEDULE: '0,5 minutes' }),
      (err: ConfigError) =>
        /^WEBHOOK_RETRY_SCHEDULE: "5 minutes" is not a duration/.test(err.problems[0] ?? ''),
    );
    assert.throws(
      () => loadConfig({ DATA_DIR: tmpdir(), WEBHOOK_DNS_SERVERS: 'dns.example' }),
      (err: ConfigError) =>
        /^WEBHOOK_DNS_SERVERS: "dns.example" is not an IP address/.test(err.problems[0] ?? ''),
    );
  });

  test('retries follow the schedule with at most 10 % jitter; Retry-After only ever delays; the last step ends it', () => {
    const at = new Date('2030-01-01T00:00:00Z');
    const schedule = [0, 5000, 300_000];
    const answer = (statusCode: number | null, retryAfterSeconds: number | null = null) => ({
      statusCode,
      error: statusCode === null ? 'ECONNREFUSED' : null,
      durationMs: 3,
      responseBody: null,
      retryAfterSeconds,
    });
    const delay = (o: { nextAttemptAt: Date | null }) =>
      (o.nextAttemptAt?.getTime() ?? Number.NaN) - at.getTime();
    for (let i = 0; i < 50; i++) {
      const d = delay(outcomeOf(answer(500), 0, { schedule }, at));
      assert.ok(d >= 4500 && d <= 5500, `5 s ± 10 %, got ${d}`);
    }
    assert.equal(
      delay(outcomeOf(answer(429, 60), 0, { schedule }, at)),
      60_000,
      'Retry-After beyond the schedule',
    );
    assert.ok(
      delay(outcomeOf(answer(503, 1), 1, { schedule }, at)) >= 270_000,
      'never sooner than the schedule',
    );
    assert.deepEqual(
      { ...outcomeOf(answer(null), 2, { schedule }, at), attemptedAt: undefined },
      {
        attemptedAt: undefined,
        statusCode: null,
        error: 'ECONNREFUSED',
        durationMs: 3,
        responseBody: null,
        status: 'failed',
        nextAttemptAt: null,
        gone: false,
      },
    );
    assert.equal(outcomeOf(answer(204), 0, { schedule }, at).status, 'succeeded');
    assert.equal(outcomeOf(answer(410), 0, { schedule }, at).gone, true);
  });
});
