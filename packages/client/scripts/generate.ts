/**
 * Generates src/generated/openapi.ts (the client's types) from the OpenAPI document the service
 * serves, through openapi-typescript.
 *   npm run client:generate   writes the file
 *   npm run client:check      fails when the checked-in file differs from what the service serves
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { openapiDocument } from '../../../scripts/openapi-document.ts';

export const GENERATED_PATH = fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url));

const HEADER = `/**
 * GENERATED FILE, DO NOT EDIT. The types of the Wallet Automation API, produced by openapi-typescript
 * from the OpenAPI document the service serves at /api/v1/openapi.json.
 * Regenerate with \`npm run client:generate\` (packages/client/scripts/generate.ts);
 * \`npm run client:check\` fails when this file is out of date.
 */

`;

/** The generated module's text for an OpenAPI document (JSON text). */
export async function generateTypes(documentText: string): Promise<string> {
  const ast = await openapiTS(JSON.parse(documentText) as OpenAPI3);
  return HEADER + astToString(ast);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const text = await generateTypes(await openapiDocument());
  if (check) {
    let current = '';
    try {
      current = readFileSync(GENERATED_PATH, 'utf8');
    } catch {}
    if (current !== text) {
      console.error(
        `packages/client/src/generated/openapi.ts does not match the OpenAPI document the service serves.\n` +
          'Run `npm run client:generate` and commit the result.',
      );
      process.exit(1);
    }
    console.log('packages/client/src/generated/openapi.ts matches the served OpenAPI document');
  } else {
    writeFileSync(GENERATED_PATH, text);
    console.log(`wrote ${GENERATED_PATH}`);
  }
}
