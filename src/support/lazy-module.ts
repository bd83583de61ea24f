// Dependencies that only some deployments use (PostgreSQL's driver, Redis, Privy's SDK) are loaded
// on first use, not at start: the embedded default uses none of them, and loading them cost it
// about 0.2 s of start-up and some 40 MB of memory (bench:startup). They ship CommonJS builds, so a
// synchronous require keeps the code that constructs them synchronous.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A function returning the module, loaded the first time it is called. */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}
