import type { Database } from '../store/database.ts';
import { migrationsApplied } from '../store/migrate.ts';
import type { ChainHealthService } from './chain-health.ts';

/**
 * What /readyz reports: the database reachable with its migrations applied (what readiness means),
 * and each chain's RPC health for operators (never a reason to be unready: the other chains and
 * every read of stored state still work).
 */
export function readinessService(deps: { db: Database; chainHealth: ChainHealthService }) {
  return {
    async report() {
      const [databaseReady, chains] = await Promise.all([
        migrationsApplied(deps.db).catch(() => false),
        deps.chainHealth.report(),
      ]);
      return { databaseReady, chains };
    },
  };
}

export type ReadinessService = ReturnType<typeof readinessService>;
