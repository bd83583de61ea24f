import type { FastifyInstance } from 'fastify';
import { type DashboardDeps, requireSession, sendPage } from '../request-context.ts';
import { tokensOf, transactionsPage } from '../views/transactions-view.ts';

const LIMIT = 50;
const REFRESH_SECONDS = 5;

export async function transactionsRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { services } = deps;

  app.get('/transactions', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const chains = new Map(services.chains.list().map((c) => [c.slug, c]));
    const rows = (await services.transactions.listRecent(auth.session.userId, LIMIT)).map((tx) => {
      // A chain disabled since the transaction was made still shows, without amounts in its unit.
      const chain = chains.get(tx.chain) ?? null;
      return { tx, chain };
    });
    const units = await deps.units.resolve(
      rows.flatMap(({ tx, chain }) =>
        chain ? tokensOf(tx).map((token) => ({ chain, token, owner: tx.from })) : [],
      ),
    );
    return sendPage(
      reply,
      transactionsPage({
        user: auth.user,
        rows,
        units,
        limit: LIMIT,
        refreshSeconds: REFRESH_SECONDS,
        generatedAt: services.clock.now(),
      }),
    );
  });
}
