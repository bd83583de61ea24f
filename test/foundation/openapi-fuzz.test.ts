// Property-based fuzzing from our own OpenAPI document (issue 11): requests derived from every
// operation, then mutated (types, boundaries, encodings, sizes, headers). Whatever arrives: never a
// 500, the envelope with a matching x-request-id on every error, an answer within seconds, and a write
// refused as invalid leaves no idempotency record. Every chain RPC and aggregator points at a closed
// port, so nothing can be sent and upstream failures answer at once. Seeded and repeatable. Every
// answer is also validated against the document itself (issue 11 item 6): its status is documented
// for the operation (or `default`), its body matches that response's schema (Ajv, JSON Schema
// 2020-12, which OpenAPI 3.1 schemas are), and its required headers are there.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { BUILT_IN_CHAINS } from '../../src/chains/chain-registry.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

const RUNS = 3000;
const SEED = 20261124;

interface Operation {
  method: string;
  path: string;
  parameters: Array<{
    name: string;
    in: string;
    required?: boolean;
    schema: { type?: string; enum?: string[] };
  }>;
  body: { properties: Record<string, { type?: unknown }>; required: string[] } | null;
}

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('fuzzing every operation from the OpenAPI document', () => {
  let app: TestApp;
  let key: string;
  let evmWallet: string;
  let solanaWallet: string;
  let operations: Operation[];
  /** Validates an answer against the document: the problems found, none when it matches. */
  let contract: (op: Operation, status: number, headers: Headers, body: unknown) => string[];
  before(async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const env: Record<string, string> = {
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
      RPC_TIMEOUT_MS: '1000',
      AGGREGATOR_TIMEOUT_MS: '1000',
      ONEINCH_API_URL: dead,
      ONEINCH_API_KEY: 'fuzz',
      JUPITER_API_URL: dead,
    };
    for (const chain of BUILT_IN_CHAINS)
      env[`RPC_URL_${chain.slug.toUpperCase().replaceAll('-', '_')}`] = dead;
    app = await startTestApp({ env });
    const user = await app.newUser();
    key = user.key;
    const wallets = (await (await app.get('/api/v1/wallets', key)).json()).wallets as Array<{
      address: string;
      chainType: string;
    }>;
    evmWallet = wallets.find((w) => w.chainType === 'ethereum')!.address;
    solanaWallet = wallets.find((w) => w.chainType === 'solana')!.address;
    const doc = await (await app.get('/api/v1/openapi.json')).json();
    const resolve = (schema: { $ref?: string } & Record<string, unknown>) =>
      schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!] : schema;
    operations = [];
    for (const [path, methods] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        const body = (op.requestBody as { content?: Record<string, { schema: never }> } | undefined)
          ?.content?.['application/json']?.schema;
        const resolved = body ? resolve(body) : null;
        operations.push({
          method: method.toUpperCase(),
          path,
          parameters: (op.parameters as Operation['parameters']) ?? [],
          body: resolved
            ? { properties: resolved.properties ?? {}, required: resolved.required ?? [] }
            : null,
        });
      }
    assert.ok(operations.length >= 10, 'every operation is fuzzed');
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    ajv.addSchema(doc, 'openapi');
    const pointer = (...parts: string[]) =>
      parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
    const validators = new Map<string, ReturnType<typeof ajv.compile>>();
    contract = (op, status, headers, body) => {
      const responses = doc.paths[op.path][op.method.toLowerCase()].responses as Record<
        string,
        { headers?: Record<string, { required?: boolean }>; content?: Record<string, unknown> }
      >;
      const documented = responses[String(status)] ? String(status) : responses.default ? 'default' : null;
      if (!documented) return [`status ${status} is not documented`];
      const problems: string[] = [];
      for (const [name, header] of Object.entries(responses[documented]!.headers ?? {}))
        if (header.required && headers.get(name) === null)
          problems.push(`required header ${name} is missing`);
      if (!responses[documented]!.content?.['application/json']) return problems;
      const ref = `openapi#/${pointer('paths', op.path, op.method.toLowerCase(), 'responses', documented, 'content', 'application/json', 'schema')}`;
      let validate = validators.get(ref);
      if (!validate) {
        validate = ajv.compile({ $ref: ref });
        validators.set(ref, validate);
      }
      if (!validate(body)) problems.push(`body does not match: ${ajv.errorsText(validate.errors)}`);
      return problems;
    };
  });
  after(() => app.stop());

  test(`${RUNS} derived and mutated requests: no 500, always the envelope, always quick`, async () => {
    // Values a field may get: plausible ones (so requests reach deep), and mutations of every kind.
    const plausible = fc.constantFrom(
      'evm-localnet',
      'solana-localnet',
      'base',
      'solana',
      'native',
      'erc20',
      'spl',
      'NATIVE',
      '1',
      '1000',
      '0x10',
      '0',
      '0x',
      '0xa9059cbb',
      evmWallet,
      solanaWallet,
      evmWallet.toLowerCase(),
      '0x000000000000000000000000000000000000dEaD',
      'So11111111111111111111111111111111111111112',
      'true',
      'false',
      'ethereum',
    );
    const mutated = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom(
        ' 1',
        '1 ',
        '-1',
        '1.5',
        '1e3',
        (2n ** 256n).toString(),
        (2n ** 64n).toString(),
        '\u0000',
        '%00',
        'x'.repeat(5000),
        `${evmWallet} `,
        '0x52908400098527886E0F7030069857d2E4169EE7',
      ),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(2 ** 64), // a JSON number past 2^53: never to be taken as an amount
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
    );
    const value = fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 2, arbitrary: mutated });
    const evm = [evmWallet, '0x000000000000000000000000000000000000dEaD', evmWallet.toLowerCase()];
    const PLAUSIBLE: Record<string, unknown[]> = {
      chain: ['evm-localnet', 'solana-localnet', 'base', 'solana', 'ethereum'],
      asset: ['native', 'erc20', 'spl'],
      amount: ['1', '1000', '0x10', '0'],
      value: ['0', '1', '0x1'],
      to: [...evm, solanaWallet],
      from: [evmWallet, solanaWallet],
      token: ['0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
      spender: evm,
      data: ['0x', '0xa9059cbb'],
      fromToken: ['NATIVE', 'native', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'],
      toToken: [
        '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
        'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        'NATIVE',
      ],
      slippage: [1, 0.5, 50],
      includeGas: [true, false],
      protocols: ['UNISWAP_V3', 'Raydium'],
      excludeProtocols: ['UNISWAP_V3'],
    };
    const plausibleFor = (name: string): unknown[] => PLAUSIBLE[name] ?? ['1'];

    const request = fc
      .record({
        op: fc.integer({ min: 0, max: 1000 }),
        pathValue: fc.oneof(
          fc.constantFrom(
            evmWallet,
            solanaWallet,
            'tx_01M86QD0Q8YWY1DEWKGBY7V50H',
            'a'.repeat(150),
            '%E0%A4%A',
            '%00',
          ),
          fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
        ),
        query: fc.dictionary(
          fc.constantFrom(
            'chain',
            'address',
            'tokens',
            'includeZero',
            'fresh',
            'defaultOnly',
            'automationOnly',
            'bogus',
          ),
          value,
          { maxKeys: 4 },
        ),
        fields: fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 2 }),
        picks: fc.array(fc.nat(), { minLength: 10, maxLength: 10 }),
        drop: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
        mutateAt: fc.integer({ min: 0, max: 14 }),
        mutation: mutated,
        bodyForm: fc.constantFrom('json', 'json', 'json', 'json', 'json', 'text', 'broken', 'array', 'none'),
        idempotency: fc.constantFrom('valid', 'valid', 'valid', 'valid', 'junk', 'none'),
        apiKey: fc.constantFrom('valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'junk', 'none'),
      })
      .map((r) => ({ ...r, operation: operations[r.op % operations.length]! }));

    let cases = 0;
    let deepest = 0;
    const statuses = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        cases++;
        const { operation } = r;
        const path = operation.path.replace(/\{[^}]+\}/g, r.pathValue);
        const query = new URLSearchParams(
          Object.entries(r.query).map(([k, v]): [string, string] => [
            k,
            typeof v === 'string' ? v : JSON.stringify(v),
          ]),
        );
        const headers: Record<string, string> = {};
        if (r.apiKey === 'valid') headers['x-api-key'] = key;
        if (r.apiKey === 'junk') headers['x-api-key'] = 'wak_junk_junk';
        const idempotencyKey =
          r.idempotency === 'valid' ? randomUUID() : r.idempotency === 'junk' ? 'not-a-uuid' : null;
        if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
        let body: string | undefined;
        if (operation.method === 'POST' && r.bodyForm !== 'none') {
          const fields: Record<string, unknown> = {};
          const names = Object.keys(operation.body?.properties ?? {});
          // Plausible values field by field (so requests get deep), one field mutated now and then.
          names.forEach((name, i) => {
            if (r.drop[i % 10] && !operation.body?.required.includes(name)) return;
            const choices = plausibleFor(name);
            fields[name] = i === r.mutateAt ? r.mutation : choices[r.picks[i % 10]! % choices.length];
          });
          Object.assign(fields, r.fields);
          body =
            r.bodyForm === 'text'
              ? 'hello'
              : r.bodyForm === 'broken'
                ? '{"chain":'
                : JSON.stringify(r.bodyForm === 'array' ? [fields] : fields);
          headers['content-type'] = r.bodyForm === 'text' ? 'text/plain' : 'application/json';
        }
        const started = Date.now();
        const res = await fetch(`${app.url}/api/v1${path}${query.size ? `?${query}` : ''}`, {
          method: operation.method,
          headers,
          ...(body !== undefined ? { body } : {}),
          signal: AbortSignal.timeout(10_000),
        });
        const ms = Date.now() - started;
        const text = await res.text();
        const label = `${res.status}${res.status >= 400 ? ` ${(JSON.parse(text) as { code: string }).code}` : ''}`;
        statuses.set(label, (statuses.get(label) ?? 0) + 1);
        const what = `${operation.method} ${path}?${query} ${body?.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
        assert.ok(ms < 5000, `answered in ${ms} ms: ${what}`);
        const problems = contract(operation, res.status, res.headers, text ? JSON.parse(text) : undefined);
        assert.deepEqual(problems, [], `the document describes the answer: ${what}`);
        const requestId = res.headers.get('x-request-id');
        assert.match(requestId ?? '', /^req_[0-9a-f]{32}$/, `x-request-id: ${what}`);
        if (res.status >= 400) {
          const error = JSON.parse(text) as { error: string; code: string; requestId: string };
          assert.equal(typeof error.error, 'string', what);
          assert.equal(error.requestId, requestId, what);
          assert.notEqual(res.status, 500, `no 500: ${what}`);
          if (res.status >= 500)
            assert.ok(
              ['PROVIDER_RPC_ERROR', 'SEND_FAILED', 'SERVICE_UNAVAILABLE'].includes(error.code),
              what,
            );
          if (
            operation.method === 'POST' &&
            idempotencyKey &&
            ['INVALID_INPUT', 'CHAIN_UNKNOWN'].includes(error.code)
          ) {
            const rows = await app.db.query('select 1 from idempotency_keys where key = $1', [
              idempotencyKey,
            ]);
            assert.equal(rows.length, 0, `a write refused as invalid leaves no record: ${what}`);
          }
          if (res.status >= 500 || res.status === 404 || res.status === 403) deepest++;
        }
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    assert.equal(cases, RUNS);
    console.log(
      `# fuzz answers: ${[...statuses]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ×${n}`)
        .join(', ')}`,
    );
    assert.ok(deepest > 0, 'some requests got past validation');
    const sent = await app.db.query('select count(*)::int as n from transactions');
    assert.deepEqual(sent, [{ n: 0 }], 'nothing was recorded as sent');
  });
});
