// The production build: src/ bundled by esbuild into dist/ (JavaScript, ESM, one file per entry
// point plus shared chunks; dependencies stay in node_modules). Type checking is `npm run
// typecheck`'s job; esbuild only strips types, in a fraction of a second.
//
//   npm run build        builds dist/ (always)
//   npm start            builds it first when src/ changed since the last build (scripts/start.mjs)
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../', import.meta.url).pathname;
const DIST = join(ROOT, 'dist');
const INFO = 'build-info.json';

/** Entry points, as paths under src/ without the extension (child processes included). */
export const ENTRIES = [
  'main',
  'cli/wallet-api',
  'devnet/evm/node-child',
  'devnet/solana/server-child',
  'store/pglite-initdb',
];

/** A fingerprint of what the build reads: every file under src/, this script and the lockfile. */
export function sourceStamp() {
  const hash = createHash('sha256');
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else {
        const st = statSync(path);
        hash.update(`${path}\0${st.size}\0${st.mtimeMs}\n`);
      }
    }
  };
  visit(join(ROOT, 'src'));
  for (const f of ['scripts/build.mjs', 'package-lock.json']) {
    const st = statSync(join(ROOT, f));
    hash.update(`${f}\0${st.size}\0${st.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** True when dist/ holds a build of the sources as they are now. */
export function builtIsFresh(stamp = sourceStamp()) {
  try {
    return JSON.parse(readFileSync(join(DIST, INFO), 'utf8')).stamp === stamp;
  } catch {
    return false;
  }
}

/**
 * Builds into a new folder and then swaps it in, so a process starting meanwhile never loads a
 * half-written dist/ (and two concurrent builds each swap in a whole one).
 */
export async function build(stamp = sourceStamp()) {
  const { build: esbuild } = await import('esbuild');
  const fresh = join(ROOT, `dist.new-${process.pid}`);
  rmSync(fresh, { recursive: true, force: true });
  await esbuild({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES.map((e) => ({ in: `src/${e}.ts`, out: e })),
    outdir: fresh,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
  writeFileSync(join(fresh, INFO), `${JSON.stringify({ stamp, builtAt: new Date().toISOString() })}\n`);
  const old = join(ROOT, `dist.old-${process.pid}`);
  if (existsSync(DIST)) renameSync(DIST, old);
  renameSync(fresh, DIST);
  rmSync(old, { recursive: true, force: true });
}

/** Builds only when the sources changed since the last build; says whether it built. */
export async function ensureBuilt() {
  const stamp = sourceStamp();
  if (builtIsFresh(stamp)) return false;
  await build(stamp);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await build();
  console.log(`built dist/ in ${((performance.now() - started) / 1000).toFixed(2)} s`);
}
