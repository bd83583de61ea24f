// `npm run check:layers`: the import graph of src/ keeps the layers of docs/architecture.md. A module
// imports only from its own layer or the layers below it, and no chain of imports leads back to
// where it started (type-only imports count: they are arrows too). Prints every upward import and
// every cycle, and exits non-zero if there is one. Written by hand because it is fifty lines over
// TypeScript's own import scanner (ts.preProcessFile), which needs no other dependency.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = resolve(new URL('../src', import.meta.url).pathname);
/** Top-level entries of src/ by layer, lowest first (docs/architecture.md). */
const LAYERS = [
  ['domain', 'schemas', 'errors', 'config', 'support'],
  ['chains', 'wallet-providers', 'swap-aggregators', 'store', 'cache', 'rate-limit'],
  ['app'],
  ['http', 'dashboard', 'mcp'],
  ['main.ts', 'serve.ts', 'worker.ts', 'cli', 'runtime.ts', 'compose.ts', 'server.ts', 'boot'],
];
const layerOf = (file) => {
  const top = relative(SRC, file).split('/')[0];
  const i = LAYERS.findIndex((names) => names.includes(top));
  if (i < 0) throw new Error(`src/${top} belongs to no layer: add it to LAYERS in scripts/check-layers.mjs`);
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
  const targets = importedFiles
    .map((i) => i.fileName)
    .filter((n) => n.startsWith('.'))
    .map((n) => resolve(dirname(file), n));
  edges.set(file, targets);
  for (const t of targets)
    if (layerOf(t) > layerOf(file))
      problems.push(`upward import: src/${relative(SRC, file)} -> src/${relative(SRC, t)}`);
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
if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(`${problems.length} layer problem(s) in ${files.length} modules`);
  process.exit(1);
}
console.log(`layers: ${files.length} modules, ${imports} imports between them, no upward import, no cycle`);
