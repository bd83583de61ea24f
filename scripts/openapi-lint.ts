/**
 * Writes the OpenAPI document the service serves to openapi.json (or the path given) and lints
 * it with Redocly. Exit code is Redocly's: any error fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../src/config/config.ts';
import { createLogger } from '../src/logger.ts';
import { startRuntime } from '../src/runtime.ts';
import { wrapPglite } from '../src/store/pglite-database.ts';

const out = process.argv[2] ?? join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
const dataDir = mkdtempSync(join(tmpdir(), 'openapi-data-'));
const db = wrapPglite(await PGlite.create());
const runtime = await startRuntime({
  config: loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    DEVNET: 'off',
    SEED_DEMO: 'off',
    PUBLIC_URL: 'http://127.0.0.1:8080',
  }),
  db,
  logger: createLogger('silent'),
});
const doc = await (await fetch(`${runtime.url}/api/v1/openapi.json`)).text();
await runtime.close();
await db.close();
rmSync(dataDir, { recursive: true, force: true });
writeFileSync(out, doc);
console.log(`wrote ${out}`);
const lint = spawnSync('npx', ['--no-install', 'redocly', 'lint', out, '--format=stylish'], {
  stdio: 'inherit',
});
process.exit(lint.status ?? 1);
