/**
 * The OpenAPI document the service serves at /api/v1/openapi.json, produced by starting the real
 * runtime on an in-memory PGlite with the development network and the demo seed off.
 * Run directly, writes it to the path given (else prints it):
 *   node --import tsx scripts/openapi-document.ts openapi.json
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/config.ts';
import { startRuntime } from '../src/runtime.ts';
import { openPgliteDatabase } from '../src/store/pglite-database.ts';
import { createLogger } from '../src/support/logger.ts';

/** The served OpenAPI document, as the text the service answers (JSON). */
export async function openapiDocument(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openapi-data-'));
  const db = await openPgliteDatabase(null);
  try {
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
    try {
      const res = await fetch(`${runtime.url}/api/v1/openapi.json`);
      if (!res.ok) throw new Error(`GET /api/v1/openapi.json answered ${res.status}`);
      return await res.text();
    } finally {
      await runtime.close();
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const doc = await openapiDocument();
  const out = process.argv[2];
  if (out) {
    writeFileSync(out, doc);
    console.log(`wrote ${out}`);
  } else {
    process.stdout.write(doc);
  }
}
