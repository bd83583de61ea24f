/**
 * Benchmarks measure the service as production runs it: the server side of a benchmark is bundled
 * by esbuild exactly as `npm run build` bundles src/ (scripts/build.mjs), and run by plain node, not
 * through the TypeScript loader (tsx adds a name-keeping wrapper to every function it creates, a
 * cost production does not pay).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
// @ts-expect-error: a plain JavaScript module without declarations
import { bundleDevnet, externalUnlessListed } from '../../scripts/build.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = join(ROOT, 'node_modules', '.cache', 'wallet-api-bench');

/**
 * Test fixtures, benchmark helpers and scripts find their files beside them (`new URL(…, import.meta.url)`);
 * bundled, they keep their source file's URL. src/ is bundled as the production build bundles it.
 */
const sourceUrls: Plugin = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\/(test|bench|scripts)\/.*\.(ts|mjs)$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: args.path.endsWith('.ts') ? 'ts' : 'js',
    }));
  },
};

/** Bundles a benchmark script (its imports of src/ included) and returns the JavaScript file. */
export async function builtScript(scriptUrl: string): Promise<string> {
  const entry = fileURLToPath(scriptUrl);
  mkdirSync(OUT, { recursive: true });
  const outfile = join(OUT, `${basename(entry, '.ts')}.mjs`);
  await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    logLevel: 'warning',
    plugins: [sourceUrls, bundleDevnet, externalUnlessListed],
  });
  return outfile;
}
