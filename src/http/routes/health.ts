import type { FastifyInstance } from 'fastify';
import type { Database } from '../../store/database.ts';
import { migrationsApplied } from '../../store/migrate.ts';

/** Liveness (process up) and readiness (database reachable, migrations applied). Public. */
export function registerHealthRoutes(app: FastifyInstance, deps: { db: Database }): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    let ready = false;
    try {
      ready = await migrationsApplied(deps.db);
    } catch {
      ready = false;
    }
    reply.code(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', database: ready ? 'ok' : 'unavailable' };
  });
}
