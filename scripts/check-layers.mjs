// `npm run check:layers`: the import graph of src/ keeps the layers of docs/architecture.md. A module
// imports only from its own layer or the layers below it, and no chain of imports leads back to
// where it started (type-only imports and dynamic import() count: they are arrows too). Within
// that, three rules (issue 27):
//   - the edges (http/, dashboard/, mcp/, cli/) import no other edge: what two share sits below them
//     and src/server.ts mounts them side by side;
//   - chains/ imports neither store/ nor app/: the chain port speaks domain types;
//   - app/ imports no chain SDK (viem, ox, abitype, @solana/kit, @solana-program/*): chain
//     families do that work behind the port.
// Prints every problem, and exits non-zero if there is one. Written by hand because it is a hundred
// lines over TypeScript's own import scanner (ts.preProcessFile), which needs no other dependency.
//
//   node scripts/check-layers.mjs [src-dir]     (src/ by default; the tests pass fixture trees)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const REAL_SRC = resolve(fileURLToPath(new URL('../src', import.meta.url)));
/** Top-level entries of src/ by layer, lowest first (docs/architecture.md). */
const LAYERS = [
  ['domain', 'schemas', 'errors', 'config', 'support'],
  ['chains', 'wallet-providers', 'swap-aggregators', 'store', 'cache', 'rate-limit'],
  ['app'],
  ['http', 'dashboard', 'mcp'],
  ['main.ts', 'serve.ts', 'cli', 'compose.ts', 'server.ts', 'boot'],
];
const EDGES = ['http', 'dashboard', 'mcp', 'cli'];
/** Folders that import neither of the folders listed. */
const FORBIDDEN_FOLDERS = { chains: ['store', 'app'] };
/** Packages app/ may not import (the name, or a path inside it: `viem/accounts`). */
const CHAIN_SDKS = ['viem', 'ox', 'abitype', '@solana/kit', '@solana-program/'];
const isChainSdk = (specifier) =>
  CHAIN_SDKS.some((sdk) =>
    sdk.endsWith('/') ? specifier.startsWith(sdk) : specifier === sdk || specifier.startsWith(`${sdk}/`),
  );

/**
 * The problems of the tree under `src` (an upward import, a cycle, a broken rule: one line each),
 * with its counts.
 */
export function checkLayers(src = REAL_SRC) {
  const SRC = resolve(src);
  const topOf = (file) => relative(SRC, file).split('/')[0];

  const layerOf = (file) => {
    const top = topOf(file);
    const i = LAYERS.findIndex((names) => names.includes(top));
    if (i < 0)
      throw new Error(`src/${top} belongs to no layer: add it to LAYERS in scripts/check-layers.mjs`);
    return i;
  };

  const files = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) files.push(p);
    }
  };
  walk(SRC);

  const edges = new Map();
  const problems = [];
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const specifiers = importedFiles.map((i) => i.fileName);
    const targets = specifiers.filter((n) => n.startsWith('.')).map((n) => resolve(dirname(file), n));
    edges.set(file, targets);
    const name = relative(SRC, file);
    const top = topOf(file);
    for (const t of targets) {
      const to = topOf(t);
      if (layerOf(t) > layerOf(file)) problems.push(`upward import: src/${name} -> src/${relative(SRC, t)}`);
      if (EDGES.includes(top) && EDGES.includes(to) && to !== top)
        problems.push(
          `edge imports another edge: src/${name} -> src/${relative(SRC, t)} (${top}/ and ${to}/ are both edges: move what they share below them, to schemas/, support/ or app/)`,
        );
      if (FORBIDDEN_FOLDERS[top]?.includes(to))
        problems.push(
          `${top}/ imports ${to}/: src/${name} -> src/${relative(SRC, t)} (the chain port speaks domain/ types, never store rows or use cases)`,
        );
    }
    if (top === 'app')
      for (const n of specifiers.filter(isChainSdk))
        problems.push(
          `app/ imports a chain SDK: src/${name} -> ${n} (chain work belongs to a chain family in chains/)`,
        );
  }

  // Cycles: a depth-first search; each back edge closes one cycle.
  const state = new Map();
  const stack = [];
  const visit = (f) => {
    state.set(f, 'open');
    stack.push(f);
    for (const t of edges.get(f) ?? []) {
      if (state.get(t) === 'open')
        problems.push(
          `cycle: ${[...stack.slice(stack.indexOf(t)), t].map((x) => `src/${relative(SRC, x)}`).join(' -> ')}`,
        );
      else if (!state.has(t)) visit(t);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) if (!state.has(f)) visit(f);

  const imports = [...edges.values()].reduce((n, t) => n + t.length, 0);
  return { problems, modules: files.length, imports };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { problems, modules, imports } = checkLayers(process.argv[2]);
  if (problems.length > 0) {
    for (const p of problems) console.error(p);
    console.error(`${problems.length} layer problem(s) in ${modules} modules`);
    process.exit(1);
  }
  console.log(
    `layers: ${modules} modules, ${imports} imports between them, no upward import, no cycle, no edge importing another, chains/ free of store/ and app/, app/ free of chain SDKs`,
  );
}
