// Builds the client for people who install it: src/ compiled by tsc to ESM JavaScript with type
// declarations in dist/ (the package's `exports`), so plain `node` and any TypeScript project use it.
//
//   npm run client:build                 at the repository root: builds when src/ changed
//   node packages/client/scripts/build.mjs --force
//
// The root's `prepare` (after `npm ci`), `npm run typecheck` and the test runner call it: the
// workspace's own tests and examples import '@wallet-api/client' through the same dist/.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const DIST = join(PACKAGE, 'dist');
/** Outside dist/ (which is published): what the last build was made from. */
const STAMP = join(PACKAGE, '.build-stamp');

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** A fingerprint of what the build reads: src/, its tsconfig, this script and the manifest. */
function sourceStamp() {
  const hash = createHash('sha256');
  for (const file of [
    ...filesUnder(join(PACKAGE, 'src')),
    join(PACKAGE, 'tsconfig.build.json'),
    join(PACKAGE, 'package.json'),
    fileURLToPath(import.meta.url),
  ])
    hash.update(`${file}\0${readFileSync(file).length}\0${statSync(file).mtimeMs}\n`);
  return hash.digest('hex');
}

function isFresh(stamp) {
  try {
    return readFileSync(STAMP, 'utf8').trim() === stamp && statSync(join(DIST, 'index.js')).isFile();
  } catch {
    return false;
  }
}

/**
 * tsc rewrites the sources' `./x.ts` imports to `./x.js` in the JavaScript it emits, but leaves
 * them as written in the declarations; TypeScript 5 resolves those anyway, older versions and
 * other tools do not: the declarations get the `.js` specifiers the JavaScript has.
 */
function rewriteDeclarationSpecifiers(dir) {
  for (const file of filesUnder(dir).filter((f) => f.endsWith('.d.ts'))) {
    const text = readFileSync(file, 'utf8');
    const fixed = text.replace(/(from\s+['"]\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1.js$2');
    if (fixed !== text) writeFileSync(file, fixed);
  }
}

export function buildClient(stamp = sourceStamp()) {
  const tsc = createRequire(join(PACKAGE, 'package.json')).resolve('typescript/bin/tsc');
  const fresh = join(PACKAGE, `dist.new-${process.pid}`);
  rmSync(fresh, { recursive: true, force: true });
  const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', fresh], {
    cwd: PACKAGE,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    throw new Error(`tsc failed to build packages/client (exit ${run.status})`);
  }
  rewriteDeclarationSpecifiers(fresh);
  // Swapped in whole: a process reading dist/ meanwhile never sees half of it.
  const old = join(PACKAGE, `dist.old-${process.pid}`);
  try {
    renameSync(DIST, old);
  } catch {}
  renameSync(fresh, DIST);
  rmSync(old, { recursive: true, force: true });
  writeFileSync(STAMP, `${stamp}\n`);
}

/** Builds only when the sources changed since the last build; says whether it built. */
export function ensureClientBuilt() {
  const stamp = sourceStamp();
  if (isFresh(stamp)) return false;
  buildClient(stamp);
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const started = performance.now();
  // As the root's `prepare`: an install without devDependencies (`npm ci --omit=dev`, to run the
  // service) has no TypeScript and needs no client; it says so rather than failing the install.
  if (process.argv.includes('--prepare')) {
    try {
      createRequire(join(PACKAGE, 'package.json')).resolve('typescript/bin/tsc');
    } catch {
      console.warn(
        'packages/client not built: TypeScript is not installed (npm ci without dev dependencies)',
      );
      process.exit(0);
    }
  }
  if (process.argv.includes('--force')) buildClient();
  else if (!ensureClientBuilt()) process.exit(0);
  console.log(`built packages/client/dist in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
