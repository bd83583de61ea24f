// Where the project's files are, whether this code runs from src/ through the TypeScript loader or
// from the production build in dist/ (scripts/build.mjs bundles src/ there, so `import.meta.url` of a
// module no longer says where its neighbours are: files beside the sources are found from the root).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** True when this process runs the production build (dist/), not the TypeScript sources. */
export const RUNS_BUILT = here.endsWith('.js');

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findRoot(dirname(here));

/** A file or folder that ships beside the sources (migrations, assets, compiled contracts). */
export function sourcePath(...segments: string[]): string {
  return join(PROJECT_ROOT, 'src', ...segments);
}

/**
 * How to start one of the service's own child processes (`name` is its path under src/ without
 * the extension): the built file under dist/ in production, else the TypeScript source through tsx.
 */
export function childEntry(name: string): { entry: string; execArgv: string[] } {
  if (RUNS_BUILT) return { entry: join(PROJECT_ROOT, 'dist', `${name}.js`), execArgv: [] };
  return { entry: sourcePath(`${name}.ts`), execArgv: ['--import', import.meta.resolve('tsx')] };
}
