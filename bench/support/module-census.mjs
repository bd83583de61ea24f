/**
 * What a baseline process loaded, so a report can show the baseline is clean (`node --import
 * ./module-census.mjs baseline.mjs`): the ESM loader's modules through a loader hook, the
 * CommonJS ones from require.cache (Fastify and its dependencies are CommonJS, loaded by `require`
 * below the ESM loader's hooks on Node 20). No `process.moduleLoadList`: it lists node's own
 * internals, not what the script imported.
 */
import { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MessageChannel } from 'node:worker_threads';

const esm = new Set();
const { port1, port2 } = new MessageChannel();
port1.on('message', (url) => esm.add(url));
port1.unref();
register('./module-census-hooks.mjs', import.meta.url, { data: { port: port2 }, transferList: [port2] });

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The modules loaded so far: their count, the packages they come from, and any file of this
 * project outside node_modules and bench/support (src/, test/, packages/: never in a baseline).
 */
export async function census() {
  // The hook thread's messages arrive a turn later than the loads they report.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const files = [
    ...[...esm].filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u)),
    ...Object.keys(createRequire(import.meta.url).cache),
  ];
  const unique = [...new Set(files)];
  const packages = new Set();
  const project = [];
  for (const f of unique) {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f);
    if (m) packages.add(m[1]);
    else if (f.startsWith(ROOT) && !f.startsWith(`${ROOT}bench/support/`)) project.push(f.slice(ROOT.length));
  }
  return { modules: unique.length, packages: [...packages].sort(), project };
}
