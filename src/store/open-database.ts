import { join } from 'node:path';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

/** node-postgres when DATABASE_URL is set, else embedded PGlite under DATA_DIR/pglite. */
export async function openDatabase(
  config: { DATABASE_URL?: string | undefined; DATA_DIR: string },
  onError?: (err: Error) => void,
): Promise<Database> {
  if (config.DATABASE_URL) return openPostgresDatabase(config.DATABASE_URL, onError ? { onError } : {});
  return openPgliteDatabase(join(config.DATA_DIR, 'pglite'));
}
