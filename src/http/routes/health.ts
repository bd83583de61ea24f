import type { FastifyInstance } from 'fastify';
import type { ReadinessService } from '../../app/readiness.ts';

/**
 * Liveness (process up) and readiness. `/readyz` answers 200 when the database is reachable with
 * its migrations applied, 503 otherwise: that status (and the `status` field) is what a load
 * balancer should use. `chains` reports each configured chain's RPC health (reachable, latest block
 * and its age) for operators; a chain outage never fails readiness, since the other chains and
 * every read of stored state still work. Public.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: { readiness: ReadinessService }): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const { databaseReady: ready, chains } = await deps.readiness.report();
    reply.code(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not ready', database: ready ? 'ok' : 'unavailable', chains };
  });
}
