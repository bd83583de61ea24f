// The production build: src/ bundled by esbuild into dist/ (JavaScript, ESM, one file per entry
// point plus shared chunks). Most dependencies stay in node_modules; bundled are the development
// network's workspace package, packages/devnet (plain node cannot run its TypeScript sources), and
// the pure-ESM libraries of many small files listed in BUNDLED (see there). Type checking is `npm run typecheck`'s job; esbuild only strips types, in a fraction
// of a second.
//
//   npm run build        builds dist/ (always)
//   npm start            builds it first when src/ changed since the last build (scripts/start.mjs)
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../', import.meta.url).pathname;
const DIST = join(ROOT, 'dist');
const INFO = 'build-info.json';

const DEVNET = join(ROOT, 'packages/devnet');

/**
 * Entry points: the source, and its path under dist/ without the extension. The development
 * network's two child processes are built to dist/devnet/, where its package-paths.ts finds them.
 */
export const ENTRIES = [
  { in: 'src/main.ts', out: 'main' },
  { in: 'src/cli/wallet-api.ts', out: 'cli/wallet-api' },
  { in: 'packages/devnet/src/evm/node-child.ts', out: 'devnet/evm/node-child' },
  { in: 'packages/devnet/src/solana/server-child.ts', out: 'devnet/solana/server-child' },
  { in: 'src/store/pglite-initdb.ts', out: 'store/pglite-initdb' },
];

/**
 * Bundles `@wallet-api/devnet` and its subpaths (through the package's `exports`) instead of leaving
 * them to node_modules like every other package. The service imports it dynamically, so it lands in
 * chunks of its own that a deployment without the development network never loads.
 */
export const bundleDevnet = {
  name: 'bundle-devnet',
  setup(build) {
    const { exports } = JSON.parse(readFileSync(join(DEVNET, 'package.json'), 'utf8'));
    build.onResolve({ filter: /^@wallet-api\/devnet(\/|$)/ }, (args) => {
      const target = exports[`.${args.path.slice('@wallet-api/devnet'.length)}`];
      if (typeof target !== 'string')
        return { errors: [{ text: `${args.path} is not exported by packages/devnet/package.json` }] };
      return { path: join(DEVNET, target) };
    });
  },
};

/**
 * Libraries bundled (tree-shaken) into dist/ rather than loaded from node_modules. Each is plain ESM
 * spread over hundreds of files (viem and ox: about 400, typebox: about 370): node resolves, reads
 * and compiles every one at start-up, which was 0.7 of the 1.2 s the service spent importing
 * (measured with a module-load hook and --cpu-prof). Bundled, the import takes about 0.45 s.
 * Everything else stays external: packages with native parts or files read beside their code
 * (PGlite's WebAssembly, LiteSVM, Hardhat, @fastify/swagger-ui's static files), CommonJS ones
 * (Fastify and its plugins), and those loaded only when configured (pg, ioredis, @privy-io/node).
 */
const BUNDLED =
  /^(viem|ox|abitype|typebox|@noble\/[^/]+|@scure\/[^/]+|@solana\/[^/]+|@solana-program\/[^/]+)(\/|$)/;
export const externalUnlessListed = {
  name: 'external-unless-listed',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@wallet-api/devnet') || BUNDLED.test(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * A fingerprint of what the build reads: every file under src/ and packages/devnet/src/, the devnet
 * package's manifest, this script and the lockfile.
 */
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
  visit(join(DEVNET, 'src'));
  for (const f of ['packages/devnet/package.json', 'scripts/build.mjs', 'package-lock.json']) {
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
  const esbuild = await import('esbuild');
  const fresh = join(ROOT, `dist.new-${process.pid}`);
  rmSync(fresh, { recursive: true, force: true });
  // esbuild answers from a service process it keeps for later builds; `npm start` builds once and
  // then runs the server in this same process, where that service would stay for the server's
  // whole life (about 200 MB). Stopped once the build is done, whatever its outcome.
  try {
    await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: ENTRIES,
      outdir: fresh,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      plugins: [bundleDevnet, externalUnlessListed],
      sourcemap: 'linked',
      chunkNames: 'chunks/[name]-[hash]',
      logLevel: 'warning',
    });
  } finally {
    await esbuild.stop();
  }
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
