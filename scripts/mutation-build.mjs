// Stryker's build step for `npm run test:mutation` (stryker.config.mjs, stryker.ledger.config.mjs):
// bundles test files, with the instrumented sources of Stryker's sandbox and their libraries, into
// plain-JavaScript files under .mutation-build/ for the in-process runner
// (scripts/mutation/in-process-runner.mjs). Run from the sandbox's root, with the part to build:
// `unit` (the fast tier, test/unit) or `ledger` (the spend ledger's PGlite test).
//
// `node:test` is replaced by scripts/mutation/node-test-shim.mjs, which records the tests instead of
// running them, so the runner can run them again for each mutant in the same process. Node builtins
// stay imports; CommonJS dependencies get a `require` of their own.
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { MUTATION_TESTS } from './mutation/test-files.mjs';

const OUT = '.mutation-build';
const SHIM = resolve(fileURLToPath(new URL('./mutation/node-test-shim.mjs', import.meta.url)));
const part = process.argv[2];
const spec = MUTATION_TESTS[part];
if (!spec)
  throw new Error(`mutation-build: name the part to build: ${Object.keys(MUTATION_TESTS).join(' or ')}`);

const entries = [
  ...spec.dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.test.ts') && !spec.skip.includes(join(dir, name)))
      .map((name) => join(dir, name)),
  ),
  ...spec.files,
].map((file) => ({ in: file, out: file.replace(/\.ts$/, '') }));

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
  // PGlite loads its WebAssembly beside its own files: the ledger part leaves libraries in node_modules.
  ...(spec.packagesExternal ? { packages: 'external' } : {}),
  plugins: [
    {
      name: 'node-test-shim',
      setup(b) {
        b.onResolve({ filter: /^node:test$/ }, () => ({ path: SHIM }));
      },
    },
  ],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
console.log(`mutation-build: ${entries.length} test files bundled into ${OUT}/`);
