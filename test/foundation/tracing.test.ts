// @needs devnet
// OpenTelemetry traces (issue 32): with OTEL_EXPORTER_OTLP_ENDPOINT set, the real service sends its
// spans to an OTLP/HTTP receiver (here one in this process): a span per request with its route and
// status, the database statements and chain RPC calls under it, the trace id in the request's log
// lines; without it, nothing is sent.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { walletOf } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';

interface OtlpValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

/** OTLP/JSON ids are hex (the spec); base64 is accepted too, in case an exporter sends it. */
const hexId = (id: unknown): string => {
  const s = typeof id === 'string' ? id : '';
  return /^[0-9a-f]*$/i.test(s) ? s.toLowerCase() : Buffer.from(s, 'base64').toString('hex');
};
const plain = (v: OtlpValue): string | number | boolean =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue ?? ''));

/** An OTLP/HTTP receiver on loopback: POST /v1/traces, JSON (gzip or not). */
async function startReceiver(): Promise<{
  url: string;
  posts: number;
  spans: ReceivedSpan[];
  resources: Record<string, string | number | boolean>[];
  server: Server;
}> {
  const state = {
    url: '',
    posts: 0,
    spans: [] as ReceivedSpan[],
    resources: [] as Record<string, string | number | boolean>[],
    server: null as unknown as Server,
  };
  state.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.posts++;
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      assert.match(String(req.headers['content-type']), /application\/json/, 'OTLP/HTTP JSON');
      const message = JSON.parse(body.toString('utf8'));
      for (const rs of message.resourceSpans ?? []) {
        state.resources.push(
          Object.fromEntries(
            (rs.resource?.attributes ?? []).map((a: { key: string; value: OtlpValue }) => [
              a.key,
              plain(a.value),
            ]),
          ),
        );
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            state.spans.push({
              traceId: hexId(s.traceId),
              spanId: hexId(s.spanId),
              parentSpanId: hexId(s.parentSpanId ?? ''),
              name: s.name,
              kind: s.kind,
              attributes: Object.fromEntries(
                (s.attributes ?? []).map((a: { key: string; value: OtlpValue }) => [a.key, plain(a.value)]),
              ),
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => state.server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(state.server.address() as { port: number }).port}`;
  return state;
}

async function startApp(env: Record<string, string>, logs: string[]): Promise<TestApp> {
  const info = await useDevnet();
  const chains = createChainRegistry({}, { 'evm-localnet': { rpcUrl: info.evm.rpcUrl } });
  return startTestApp({
    chains,
    env: { RATE_LIMIT_WRITE_PER_MINUTE: '100000', TRACKER: 'off', ...env },
    logStream: new Writable({
      write(chunk, _enc, done) {
        logs.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    }),
  });
}

/** The log lines of one request, parsed. */
const linesOf = (logs: string[], requestId: string) =>
  logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.requestId === requestId);

/** The spans from `span` up to its trace's root, through parentSpanId. */
function ancestry(span: ReceivedSpan, spans: ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const chain = [span];
  let at = span;
  while (at.parentSpanId) {
    const parent = byId.get(at.parentSpanId);
    assert.ok(parent, `the parent ${at.parentSpanId} of ${at.name} was received`);
    assert.equal(parent.traceId, span.traceId, 'a parent is in the same trace');
    chain.push(parent);
    at = parent;
  }
  return chain;
}

describe('OpenTelemetry traces', () => {
  test('without OTEL_EXPORTER_OTLP_ENDPOINT nothing is sent and log lines carry no trace id', async () => {
    const receiver = await startReceiver();
    // Were an exporter made anyway, this standard variable (read by the exporter itself) would
    // send its spans to the receiver.
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = `${receiver.url}/v1/traces`;
    const logs: string[] = [];
    const app = await startApp({}, logs);
    try {
      const { key } = await app.newUser();
      const res = await app.get('/api/v1/wallets', key);
      assert.equal(res.status, 200);
      const lines = linesOf(logs, res.headers.get('x-request-id') ?? '');
      assert.ok(lines.length >= 2, 'the request is logged');
      for (const line of lines) assert.equal(line.traceId, undefined);
    } finally {
      await app.stop();
      delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    }
    await new Promise((r) => setTimeout(r, 200));
    receiver.server.close();
    assert.equal(receiver.posts, 0, 'nothing reached the receiver');
  });

  test('requests, their database statements and RPC calls arrive as one trace each, the trace id in the logs', async () => {
    const receiver = await startReceiver();
    const info = await useDevnet();
    const logs: string[] = [];
    const app = await startApp(
      { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'wallet-api-tracing-test' },
      logs,
    );
    let key = '';
    let listId = '';
    let sendId = '';
    let sendStatus = 0;
    try {
      const user = await app.newUser();
      key = user.key;
      const list = await app.get('/api/v1/wallets', key);
      assert.equal(list.status, 200);
      listId = list.headers.get('x-request-id') ?? '';
      await list.arrayBuffer();
      await fund({
        chain: 'evm-localnet',
        address: await walletOf(app, user.userId, 'ethereum'),
        amount: 10n ** 18n,
      });
      const send = await app.post(
        '/api/v1/send',
        {
          chain: 'evm-localnet',
          to: privateKeyToAddress(generatePrivateKey()),
          asset: 'native',
          amount: '1000',
        },
        key,
        { 'idempotency-key': randomUUID() },
      );
      sendStatus = send.status;
      assert.ok(send.ok, await send.clone().text());
      sendId = send.headers.get('x-request-id') ?? '';
    } finally {
      // Stopping flushes the pending spans (as SIGTERM does through the same close).
      await app.stop();
    }
    receiver.server.close();
    const { spans } = receiver;
    assert.ok(receiver.resources.some((r) => r['service.name'] === 'wallet-api-tracing-test'));

    // GET /api/v1/wallets: the request span, with its database statements under it.
    const listSpan = spans.find((s) => s.attributes['http.request.id'] === listId);
    assert.ok(listSpan, `a span for the list request (${spans.map((s) => s.name).join(', ')})`);
    assert.equal(listSpan.name, 'GET /api/v1/wallets');
    assert.equal(listSpan.kind, 2, 'SERVER');
    assert.equal(listSpan.parentSpanId, '', 'a request is the root of its trace');
    assert.equal(listSpan.attributes['http.request.method'], 'GET');
    assert.equal(listSpan.attributes['http.route'], '/api/v1/wallets');
    assert.equal(listSpan.attributes['http.response.status_code'], 200);
    const listStatements = spans.filter((s) => s.traceId === listSpan.traceId && s.name === 'db.query');
    assert.ok(listStatements.length > 0, 'the list read the database');
    for (const s of listStatements) {
      assert.equal(ancestry(s, spans).at(-1), listSpan, 'a statement nests under its request');
      assert.match(String(s.attributes['db.operation.name']), /^[A-Z]+$/);
      assert.equal(s.attributes['db.system.name'], 'postgresql');
    }
    assert.ok(listStatements.some((s) => s.attributes['db.operation.name'] === 'SELECT'));

    // POST /api/v1/send: statements, the signature and the broadcast in the request's trace.
    const sendSpan = spans.find((s) => s.attributes['http.request.id'] === sendId);
    assert.ok(sendSpan, 'a span for the send request');
    assert.equal(sendSpan.name, 'POST /api/v1/send');
    assert.equal(sendSpan.attributes['http.response.status_code'], sendStatus);
    const inSend = spans.filter((s) => s.traceId === sendSpan.traceId);
    for (const s of inSend) assert.equal(ancestry(s, spans).at(-1), sendSpan);
    const broadcast = inSend.find((s) => s.name === 'rpc eth_sendRawTransaction');
    assert.ok(broadcast, `the broadcast is traced (${inSend.map((s) => s.name).join(', ')})`);
    assert.equal(broadcast.attributes['rpc.method'], 'eth_sendRawTransaction');
    assert.equal(broadcast.attributes['chain.slug'], 'evm-localnet');
    assert.equal(broadcast.kind, 3, 'CLIENT');
    assert.ok(
      inSend.some((s) => s.name === 'rpc eth_getTransactionCount'),
      'the reads before signing too',
    );
    assert.ok(inSend.some((s) => s.name === 'wallet_provider local signEvmTransaction'));
    assert.ok(inSend.some((s) => s.name === 'db.query' && s.attributes['db.operation.name'] === 'INSERT'));

    // The request's log lines carry its trace and span ids beside its request id.
    for (const [requestId, span] of [
      [listId, listSpan],
      [sendId, sendSpan],
    ] as const) {
      const lines = linesOf(logs, requestId);
      assert.ok(lines.length >= 2, 'incoming and completed lines');
      for (const line of lines) {
        assert.equal(line.traceId, span.traceId);
        assert.equal(line.spanId, span.spanId);
      }
    }

    // No attribute holds the API key, a URL (the RPC endpoint's) or a parameter of a statement.
    const values = spans.flatMap((s) => Object.values(s.attributes).map(String));
    for (const v of values) {
      assert.ok(!v.includes(key), 'no API key');
      assert.ok(!v.includes(info.evm.rpcUrl) && !v.includes('://'), `no URL: ${v}`);
      assert.ok(!v.includes(key.slice(-12)), 'not even part of the key');
    }
  });
});
