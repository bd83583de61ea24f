// Where this package's files are, whether it runs from its TypeScript sources (through tsx) or
// bundled into a service's production build (the service's scripts/build.mjs bundles it into its
// dist/, where `import.meta.url` no longer says where the package lives).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** True when this code runs bundled into a production build, not from the TypeScript sources. */
export const RUNS_BUILT = here.endsWith('.js');

/**
 * The package's folder, found through node_modules: bundled (into the service's dist/ or a
 * benchmark's bundle), this file's own URL says nothing about it.
 */
const PACKAGE_ROOT = dirname(fileURLToPath(import.meta.resolve('@wallet-api/devnet/package.json')));

/** A file that ships beside the sources (compiled contracts, the Hardhat configuration). */
export function sourcePath(...segments: string[]): string {
  return join(PACKAGE_ROOT, 'src', ...segments);
}

/** The folder of the package.json nearest above `start`: the service that bundled this package. */
function hostRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

/**
 * How to start one of the network's child processes (`name` is its path under src/ without the
 * extension): the TypeScript source through tsx, or, from a production build, the built entry the
 * build writes beside it, `dist/devnet/<name>.js` of the service that bundled this package.
 */
export function childEntry(name: string): { entry: string; execArgv: string[] } {
  if (RUNS_BUILT)
    return { entry: join(hostRoot(dirname(here)), 'dist', 'devnet', `${name}.js`), execArgv: [] };
  return { entry: sourcePath(`${name}.ts`), execArgv: ['--import', import.meta.resolve('tsx')] };
}
