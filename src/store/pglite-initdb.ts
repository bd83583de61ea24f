// Child process entry (pglite-database.ts): creates a new embedded database in the folder given as
// the only argument, then exits, returning the memory PGlite's initdb took to the system. Its V8
// flags are the parent's, given on its command line (initdbInChild).
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from './pglite-database.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-initdb <folder>');
const db = await PGlite.create({ dataDir, startParams: PGLITE_START_PARAMS });
await db.close();
