import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('OpenAPI document', () => {
  let app: TestApp;
  let doc: {
    openapi: string;
    info: { version: string };
    servers: { url: string }[];
    paths: Record<
      string,
      Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
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
      for (const status of ['200', '401', '429', '500'])
        assert.ok(op.responses[status], `${route} documents ${status}`);
      assert.ok(op.responses['200']?.headers?.['x-request-id'], `${route} documents x-request-id`);
      assert.ok(op.responses['429']?.headers?.['Retry-After'], `${route} documents Retry-After`);
    }
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
