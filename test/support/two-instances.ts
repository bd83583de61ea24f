import { after, before } from 'node:test';
import type { Database } from '../../src/store/database.ts';
import { openPostgresDatabase } from '../../src/store/postgres-database.ts';
import type { TestApp } from './app.ts';
import { startChainApp } from './chain-app.ts';
import { createPostgresDatabase } from './database.ts';

/**
 * Two instances of the service on one PostgreSQL database, each with its own connections as two
 * processes would have, sharing their secrets through configuration as instances of one deployment
 * do. Registers the suite's before/after hooks; the returned object is filled in `before`.
 * `options` (read in `before`, so hooks registered earlier may start a private node first): more of
 * what both instances start with (their RPC URLs, settings).
 */
export function twoInstances(
  options: () => Omit<Parameters<typeof startChainApp>[0] & object, 'database'> = () => ({}),
): {
  a: Awaited<ReturnType<typeof startChainApp>>;
  b: TestApp;
  /** The shared database, through the first instance's connections. */
  db: Database & { url: string };
} {
  const instances = {} as ReturnType<typeof twoInstances>;
  let second: Database | undefined;
  before(async () => {
    const db = await createPostgresDatabase();
    instances.db = db;
    second = await openPostgresDatabase(db.url, { maxConnections: 10 });
    const more = options();
    const env = { ...more.env, MASTER_KEY: 'a1'.repeat(32), API_KEY_SECRET: 'b2'.repeat(32) };
    instances.a = await startChainApp({ ...more, database: db, env });
    instances.b = (await startChainApp({ ...more, database: second, env })).app;
  });
  after(async () => {
    await instances.a?.app.stop();
    await instances.b?.stop();
    await second?.close();
    await instances.db?.close();
  });
  return instances;
}
