// A PostgreSQL server of the test's own (scripts/local-postgres.mjs), which it may stop, start
// again or cut off, reached through a TCP proxy (fault-proxy.ts) as the service would reach a server
// across a network. The test's own statements (`admin`) go straight to the server.
import pg from 'pg';
import { startPostgres } from '../../scripts/local-postgres.mjs';
import { requireNeed } from '../../scripts/test-needs.mjs';
import type { Database } from '../../src/store/database.ts';
import { migrate } from '../../src/store/migrate.ts';
import { openPostgresDatabase } from '../../src/store/postgres-database.ts';
import { startFaultProxy } from './fault-proxy.ts';

export async function startOwnPostgres() {
  requireNeed('postgres');
  const server = await startPostgres({ own: true });
  if (!server) throw new Error('PostgreSQL is not installed');
  const direct = new URL(server.url);
  const proxy = await startFaultProxy(Number(direct.port));
  const proxied = new URL(server.url);
  proxied.port = String(proxy.port);
  const errors: Error[] = [];
  const db: Database = await openPostgresDatabase(proxied.toString(), {
    maxConnections: 10,
    onError: (err) => errors.push(err),
  });
  await migrate(db);
  const admin = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    db,
    proxy,
    /** Errors the service's pool reported (idle connections that ended). */
    errors,
    admin,
    /** Ends every session but the caller's: what a failover or an operator does to a server. */
    terminateAll: () =>
      admin<{ n: number }>(
        'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where pid <> pg_backend_pid() and backend_type = $1',
        ['client backend'],
      ),
    /** Stops the server (fast shutdown: every session is ended), then `resume` starts it again. */
    halt: () => server.halt(),
    resume: () => server.resume(),
    async stop() {
      await db.close().catch(() => {});
      await proxy.close();
      await server.stop();
    },
  };
}

export type OwnPostgres = Awaited<ReturnType<typeof startOwnPostgres>>;
