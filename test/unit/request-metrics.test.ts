// The request metrics are kept and written by hand (src/http/plugins/metrics.ts), after
// prom-client's own: what Prometheus scrapes must be a well-formed counter and histogram.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createMetrics } from '../../src/http/plugins/metrics.ts';

test('requests are counted per method, route and status, with cumulative latency buckets', async () => {
  const metrics = createMetrics();
  metrics.requests.observe('GET', '/api/v1/wallets', 200, 0.0004);
  metrics.requests.observe('GET', '/api/v1/wallets', 200, 0.003);
  metrics.requests.observe('GET', '/api/v1/wallets', 200, 42);
  metrics.requests.observe('POST', '/api/v1/send', 400, 0.001);
  const text = await metrics.registry.metrics();
  const line = (prefix: string) => text.split('\n').find((l) => l.startsWith(prefix));
  const wallets = 'method="GET",route="/api/v1/wallets",status="200"';

  assert.match(text, /# TYPE http_requests_total counter/);
  assert.match(text, /# TYPE http_request_duration_seconds histogram/);
  assert.equal(line(`http_requests_total{${wallets}}`), `http_requests_total{${wallets}} 3`);
  assert.equal(
    line('http_requests_total{method="POST"'),
    'http_requests_total{method="POST",route="/api/v1/send",status="400"} 1',
  );
  const bucket = (le: string) =>
    line(`http_request_duration_seconds_bucket{${wallets},le="${le}"}`)?.split(' ')[1];
  assert.equal(bucket('0.001'), '1');
  assert.equal(bucket('0.0025'), '1');
  assert.equal(bucket('0.005'), '2');
  assert.equal(bucket('10'), '2');
  assert.equal(bucket('+Inf'), '3');
  // An observation on a bound counts in that bucket (le means "at most").
  assert.equal(
    line(
      'http_request_duration_seconds_bucket{method="POST",route="/api/v1/send",status="400",le="0.001"}',
    )?.split(' ')[1],
    '1',
  );
  assert.equal(
    line(`http_request_duration_seconds_count{${wallets}}`),
    `http_request_duration_seconds_count{${wallets}} 3`,
  );
  assert.equal(
    Number(line(`http_request_duration_seconds_sum{${wallets}}`)?.split(' ')[1]),
    0.0004 + 0.003 + 42,
  );

  metrics.registry.resetMetrics();
  assert.doesNotMatch(await metrics.registry.metrics(), /http_requests_total\{/);
});
