import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { readNeeds, requireNeed } from '../../scripts/test-needs.mjs';
import type { Database } from '../../src/store/database.ts';
import { listMigrations, migrate } from '../../src/store/migrate.ts';
import { openPgliteDatabase } from '../../src/store/pglite-database.ts';
import { openPostgresDatabase } from '../../src/store/postgres-database.ts';

/**
 * Fresh, migrated databases for tests. Creating a PGlite database costs seconds, so a migrated
 * template is made once (and kept on disk, keyed by the migrations) and each test loads a copy.
 */
const templateKey = createHash('sha256')
  .update(
    listMigrations()
      .map((m) => m.sql)
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 16);
const templatePath = join(tmpdir(), `wallet-api-pglite-template-${templateKey}.tar.gz`);

let template: Promise<Blob> | null = null;

async function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    if (existsSync(templatePath)) return new Blob([readFileSync(templatePath)]);
    const db = await openPgliteDatabase(null);
    await migrate(db);
    const dump = await db.pglite.dumpDataDir('gzip');
    await db.close();
    mkdirSync(tmpdir(), { recursive: true });
    const tmp = `${templatePath}.${process.pid}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, templatePath); // atomic: parallel test processes never read half a file
    return dump;
  })();
  return template;
}

export async function createPgliteDatabase(): Promise<Database> {
  // The production settings and start-up (pglite-database.ts), from a copy of the template.
  return openPgliteDatabase(null, { loadDataDir: await pgliteTemplate() });
}

/** A new database on the test run's PostgreSQL server; throws, in one line, when there is none. */
export async function createPostgresDatabase(): Promise<Database & { url: string }> {
  requireNeed('postgres');
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'no PostgreSQL server in this run (TEST_DATABASE_URL is not set): run the file with npm test, which ' +
        'starts one from the postgresql package (apt-get install postgresql)',
    );
  const name = `wallet_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgresDatabase(target.toString(), { maxConnections: 10 });
  await migrate(db);
  const close = db.close.bind(db);
  return Object.assign(db, {
    url: target.toString(),
    async close() {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  });
}

/**
 * The engines storage tests run on: PGlite always, PostgreSQL when the file declares it needs it
 * (then a run without a server fails in createPostgresDatabase: it is never left out silently).
 */
export type Engine = 'pglite' | 'postgres';
const declaresPostgres = () => {
  const file = process.argv[1];
  return Boolean(file && /\.test\.[cm]?[jt]s$/.test(file) && readNeeds(file).has('postgres'));
};
export const ENGINES: Engine[] = [
  'pglite',
  ...(process.env.TEST_DATABASE_URL || declaresPostgres() ? (['postgres'] as const) : []),
];

export async function createDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') return createPgliteDatabase();
  return createPostgresDatabase();
}
