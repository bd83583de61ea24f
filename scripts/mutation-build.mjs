// Stryker's build step for `npm run test:mutation` (stryker.config.mjs): bundles each test file of
// the fast tier (test/unit), with the instrumented sources of Stryker's sandbox and its libraries,
// into one plain-JavaScript file under .mutation-build/. Run from the sandbox's root.
//
// Why: the tap runner starts one node process per test file per mutant. Through tsx, each start
// resolves viem's and @solana/kit's hundreds of modules through the loader thread (2-4 s a file on
// this machine); a tree-shaken bundle starts in about half a second, which is what makes a run of
// about a thousand mutants fit in minutes. Node builtins stay imports; CommonJS dependencies get a
// `require` of their own.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const OUT = '.mutation-build';
const DIRS = ['test/unit'];
/**
 * Unit files left out: they reach no mutated module, and do not run as a bundle.
 * check-layers.test.ts runs scripts/check-layers.mjs by its path beside the test (and the bundle
 * would hold the TypeScript compiler, which reads __filename).
 */
const SKIP = new Set(['check-layers.test.ts']);
/**
 * Tests beyond the fast tier that the mutated modules need: the spend ledger runs the service on
 * PGlite (src/app/key-spend.ts and its SQL). Bundled with their libraries left in node_modules
 * (PGlite loads its WebAssembly beside its own files).
 */
const WITH_PACKAGES = ['test/policies/spend-ledger.test.ts'];

rmSync(OUT, { recursive: true, force: true });
const entryPoints = DIRS.flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.test.ts') && !SKIP.has(name))
    .map((name) => ({ in: join(dir, name), out: join(dir, name.replace(/\.ts$/, '')) })),
);
const common = {
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
};
await build({
  entryPoints,
  outdir: OUT,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
await build({
  ...common,
  entryPoints: WITH_PACKAGES.map((file) => ({ in: file, out: file.replace(/\.ts$/, '') })),
  packages: 'external',
});
console.log(`mutation-build: ${entryPoints.length + WITH_PACKAGES.length} test files bundled into ${OUT}/`);
