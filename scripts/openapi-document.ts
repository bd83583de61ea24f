/**
 * The OpenAPI document the service serves at /api/v1/openapi.json, produced by starting the real
 * service through the ephemeral boot (src/boot/boot-ephemeral.ts): an in-memory PGlite, the
 * development network and the demo seed off.
 * Run directly, writes it to the path given (else prints it):
 *   node --import tsx scripts/openapi-document.ts openapi.json
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootEphemeral } from '../src/boot/boot-ephemeral.ts';

/** The served OpenAPI document, as the text the service answers (JSON). */
export async function openapiDocument(): Promise<string> {
  const runtime = await bootEphemeral({ env: { PUBLIC_URL: 'http://127.0.0.1:8080' } });
  try {
    const res = await fetch(`${runtime.url}/api/v1/openapi.json`);
    if (!res.ok) throw new Error(`GET /api/v1/openapi.json answered ${res.status}`);
    return await res.text();
  } finally {
    await runtime.stop();
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
