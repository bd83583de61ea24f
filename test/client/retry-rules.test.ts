// The client's retry rules on their own, without a service: which answers are retried and how long
// the client waits (the end-to-end behaviour is in client.test.ts, against the real service).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createWalletApiClient, WalletApiError } from '@wallet-api/client';
import { parseRetryAfter } from '../../packages/client/src/errors.ts';
import { resolveRetry, retryDelayMs } from '../../packages/client/src/retry.ts';

const err = (code: string, status: number, retryAfterSeconds?: number) =>
  new WalletApiError({
    message: code,
    code: code as WalletApiError['code'],
    status,
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  });

describe('retry rules', () => {
  const policy = resolveRetry();
  test('what is retried, and after how long', () => {
    assert.equal(retryDelayMs(err('RATE_LIMITED', 429, 7), 1, policy), 7000);
    assert.equal(retryDelayMs(err('IDEMPOTENT_REPLAY', 409, 2), 1, policy), 2000);
    assert.equal(retryDelayMs(err('IDEMPOTENT_REPLAY', 409), 1, policy), null);
    assert.equal(retryDelayMs(err('IDEMPOTENT_BODY_MISMATCH', 409), 1, policy), null);
    assert.equal(retryDelayMs(err('INVALID_INPUT', 400), 1, policy), null);
    assert.equal(retryDelayMs(err('NOT_FOUND', 404), 1, policy), null);
    assert.equal(retryDelayMs(err('ABORTED', 0), 1, policy), null);
    assert.equal(retryDelayMs(err('SERVICE_UNAVAILABLE', 503, 5), 1, policy), 5000);
    // Backoff: base·2^(n-1), capped, a random point in its upper half.
    assert.equal(
      retryDelayMs(err('NETWORK_ERROR', 0), 1, policy, () => 0),
      250,
    );
    assert.equal(
      retryDelayMs(err('TIMEOUT', 0), 3, policy, () => 1),
      2000,
    );
    assert.equal(
      retryDelayMs(err('INTERNAL_ERROR', 500), 10, policy, () => 1),
      10_000,
    );
  });

  test('Retry-After in seconds or as an HTTP date', () => {
    assert.equal(parseRetryAfter('12'), 12);
    assert.equal(parseRetryAfter(null), undefined);
    assert.equal(parseRetryAfter('soon'), undefined);
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now), 30);
  });

  test('a retried write whose key then reads "failed" surfaces the earlier 5xx, not the 409', async () => {
    // A scripted transport: the first attempt's answer is a 502, the retry finds the key burnt.
    const answers = [
      { status: 502, body: { error: 'the node refused it', code: 'SEND_FAILED', requestId: 'req-1' } },
      { status: 409, body: { error: 'attempt failed', code: 'IDEMPOTENT_REPLAY', requestId: 'req-2' } },
    ];
    const keys: (string | null)[] = [];
    const client = createWalletApiClient({
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'wak_test_x',
      sleep: async () => {},
      fetch: async (input) => {
        keys.push((input as Request).headers.get('idempotency-key'));
        const next = answers.shift()!;
        return new Response(JSON.stringify(next.body), {
          status: next.status,
          headers: { 'content-type': 'application/json', 'x-request-id': next.body.requestId },
        });
      },
    });
    await assert.rejects(
      client.send({ chain: 'evm-localnet', to: '0x0', asset: 'native', amount: '1' }),
      (e: unknown) => e instanceof WalletApiError && e.code === 'SEND_FAILED' && e.requestId === 'req-1',
    );
    assert.equal(keys.length, 2);
    assert.equal(keys[0], keys[1], 'one key for both attempts');
  });
});
