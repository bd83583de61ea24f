import type { FastifyInstance } from 'fastify';
import { transactionsRepository } from '../../store/repositories/transactions-repository.ts';
import { type DashboardDeps, requireSession, sendPage } from '../request-context.ts';
import { transactionsPage } from '../views/transactions-view.ts';

const LIMIT = 50;
const REFRESH_SECONDS = 5;

export async function transactionsRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { services } = deps;
  const transactions = transactionsRepository(services.db);

  app.get('/transactions', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const chains = new Map(services.chains.list().map((c) => [c.slug, c]));
    const rows = (await transactions.listRecentByUser(auth.session.userId, LIMIT)).map((tx) => {
      // A chain disabled since the transaction was made still shows, without name or link.
      const chain = chains.get(tx.chain) ?? null;
      return { tx, chain, explorerUrl: chain ? services.chains.explorerUrl(chain, tx.hash) : null };
    });
    return sendPage(
      reply,
      transactionsPage({
        user: auth.user,
        rows,
        limit: LIMIT,
        refreshSeconds: REFRESH_SECONDS,
        generatedAt: services.clock.now(),
      }),
    );
  });
}
