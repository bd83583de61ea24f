import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('OpenAPI document', () => {
  let app: TestApp;
  let doc: {
    openapi: string;
    info: { version: string };
    servers: { url: string }[];
    tags: { name: string }[];
    paths: Record<
      string,
      Record<
        string,
        {
          description?: string;
          tags?: string[];
          parameters?: Array<{
            name: string;
            in: string;
            schema: { type?: string; maxLength?: number; enum?: unknown[] };
          }>;
          responses: Record<string, { headers?: Record<string, { required?: boolean }> }>;
        }
      >
    >;
  };
  before(async () => {
    app = await startTestApp({ env: { PUBLIC_URL: 'https://wallets.example.test' } });
    const res = await app.get('/api/v1/openapi.json');
    assert.equal(res.status, 200, 'public, no key needed');
    doc = await res.json();
  });
  after(async () => {
    await app.stop();
  });

  test('is OpenAPI 3.1, version 1.0.0, served under PUBLIC_URL/api/v1', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.version, '1.0.0');
    assert.equal(doc.servers[0]?.url, 'https://wallets.example.test/api/v1');
  });

  test('lists every API route, with its error responses and headers', () => {
    assert.ok(app.server.apiRoutes.length >= 2);
    for (const route of app.server.apiRoutes) {
      const [method, path] = route.split(' ') as [string, string];
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      const op = doc.paths[openApiPath]?.[method.toLowerCase()];
      assert.ok(op, `${route} is in the document`);
      // The success answer: 200, or 201 (created) or 202 (queued) where an operation says so.
      const success = ['200', '201', '202'].find((s) => op.responses[s]);
      assert.ok(success, `${route} documents its success`);
      for (const status of ['401', '429', '500'])
        assert.ok(op.responses[status], `${route} documents ${status}`);
      assert.ok(op.responses[success]?.headers?.['x-request-id'], `${route} documents x-request-id`);
      assert.ok(op.responses['429']?.headers?.['Retry-After'], `${route} documents Retry-After`);
    }
  });

  test('tells the whole truth: every status, required headers, bounded strings, tags, descriptions', () => {
    const tags = new Set(doc.tags.map((t) => t.name));
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        assert.ok(op.description, `${name} has a description`);
        for (const tag of op.tags ?? []) assert.ok(tags.has(tag), `${name}: tag ${tag} is declared`);
        for (const status of ['default', '400', '401', '429', '500', '503'])
          assert.ok(op.responses[status], `${name} documents ${status}`);
        if (method === 'post') assert.ok(op.responses['413'], `${name} documents 413`);
        for (const [status, response] of Object.entries(op.responses)) {
          assert.equal(
            response.headers?.['x-request-id']?.required,
            true,
            `${name} ${status}: x-request-id required`,
          );
          if (['200', '201', '202', '403', '404', '409', '429', '502'].includes(status))
            for (const header of ['RateLimit', 'RateLimit-Policy'])
              assert.equal(
                response.headers?.[header]?.required,
                true,
                `${name} ${status}: ${header} required`,
              );
        }
        assert.equal(
          op.responses['429']?.headers?.['Retry-After']?.required,
          true,
          `${name}: Retry-After required`,
        );
        for (const p of op.parameters ?? [])
          if (p.schema.type === 'string')
            assert.ok(p.schema.maxLength || p.schema.enum, `${name}: parameter ${p.in} ${p.name} is bounded`);
      }
  });

  test('declares Retry-After on 409 (a key still in progress) and 503, and 414 where a path has a parameter', () => {
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (op.responses['409'])
          assert.ok(op.responses['409'].headers?.['Retry-After'], `${name}: 409 Retry-After`);
        assert.ok(op.responses['503']?.headers?.['Retry-After'], `${name}: 503 Retry-After`);
        const tooLong = op.responses['414'] as
          | { description?: string; headers?: Record<string, unknown> }
          | undefined;
        if (path.includes('{')) {
          assert.ok(tooLong, `${name} documents 414`);
          assert.match(tooLong.description ?? '', /before authentication/);
          assert.deepEqual(
            Object.keys(tooLong.headers ?? {}),
            ['x-request-id'],
            `${name}: 414 has no RateLimit headers`,
          );
        } else assert.equal(tooLong, undefined, `${name}: no path parameter, no 414`);
      }
    assert.ok(doc.paths['/send']?.post?.responses['409'], 'the writes answer 409');
  });

  test('has an example of every request body and 200 answer, and of the error envelope, each valid against its schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema({ ...doc, $id: 'doc' } as object);
    const pointer = (...parts: string[]) =>
      `doc#/${parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
    const check = (ref: string, example: unknown, what: string) => {
      const validate = ajv.compile({ $ref: ref });
      assert.ok(validate(example), `${what}: ${ajv.errorsText(validate.errors)}`);
    };
    type Op = {
      requestBody?: { content: Record<string, { example?: unknown }> };
      responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
    };
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(operations as Record<string, Op>)) {
        const name = `${method.toUpperCase()} ${path}`;
        const body = op.requestBody?.content['application/json'];
        if (body) {
          assert.notEqual(body.example, undefined, `${name}: request example`);
          check(
            pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema'),
            body.example,
            `${name} request`,
          );
        }
        const success = ['200', '201', '202'].find((s) => op.responses[s]) ?? '200';
        const ok = op.responses[success]?.content?.['application/json'];
        assert.notEqual(ok?.example, undefined, `${name}: ${success} example`);
        check(
          pointer('paths', path, method, 'responses', success, 'content', 'application/json', 'schema'),
          ok?.example,
          `${name} 200`,
        );
      }
    const envelope = (doc as unknown as { components: { schemas: { ErrorBody: { examples?: unknown[] } } } })
      .components.schemas.ErrorBody;
    assert.equal(envelope.examples?.length, 1);
    check('doc#/components/schemas/ErrorBody', envelope.examples?.[0], 'error envelope');
  });

  test('passes the Redocly linter with no error', () => {
    const file = join(app.dataDir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const lint = spawnSync('npx', ['--no-install', 'redocly', 'lint', file, '--format=stylish'], {
      encoding: 'utf8',
    });
    assert.equal(lint.status, 0, `redocly lint failed:\n${lint.stdout}\n${lint.stderr}`);
    assert.match(lint.stdout + lint.stderr, /valid/i);
  });
});
