/**
 * Writes the OpenAPI document the service serves to openapi.json (or the path given) and lints
 * it with Redocly. Exit code is Redocly's: any error fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openapiDocument } from './openapi-document.ts';

const out = process.argv[2] ?? join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
const doc = await openapiDocument();
writeFileSync(out, doc);
console.log(`wrote ${out}`);
const lint = spawnSync('npx', ['--no-install', 'redocly', 'lint', out, '--format=stylish'], {
  stdio: 'inherit',
});
process.exit(lint.status ?? 1);
