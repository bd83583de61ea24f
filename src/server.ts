/**
 * The public server: the three edges mounted side by side on one Fastify instance. `http/` builds
 * the instance with the REST API (/api/v1, its OpenAPI document, health, metrics); the dashboard
 * and MCP are mounted beside it. Edges never import each other: what two of them share sits below
 * them (schemas/api-prefix.ts, app/api-key-header.ts, rate-limit/rate-limit-headers.ts).
 */
import type { FastifyInstance } from 'fastify';
import { dashboardRoutes } from './dashboard/dashboard-routes.ts';
import { walletBalancesReader } from './dashboard/wallet-balances.ts';
import { buildServer, type ServerOptions } from './http/build-server.ts';
import { DerivedKeys } from './mcp/derived-keys.ts';
import { registerMcpRoute } from './mcp/http-transport.ts';

export type { ServerOptions };

export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const { services } = options;
  const app = await buildServer(options);
  // The web dashboard: its own session auth, not API keys; hidden from the OpenAPI document.
  await app.register(dashboardRoutes, {
    services,
    publicUrl: options.publicUrl,
    walletBalances: walletBalancesReader(services.balances),
  });
  // MCP for AI agents over Streamable HTTP: each tool is one call of /api/v1, in process (through
  // `app`). Its derived Idempotency-Keys live in the database: kept across restarts, one per call
  // on every instance.
  await registerMcpRoute(app, {
    apiKeys: services.apiKeys,
    rateLimiter: services.rateLimiter,
    derivedKeys: new DerivedKeys({ store: services.derivedKeys }),
  });
  return app;
}
