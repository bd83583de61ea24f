import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parsePayoutCsv } from '../../app/payouts/payout-csv.ts';
import { AppError } from '../../errors/app-error.ts';
import type { PayoutBodyType } from '../../schemas/payouts.ts';
import { PAGES } from '../paths.ts';
import { type DashboardDeps, formField, requireSession, sendPage } from '../request-context.ts';
import { payoutPage, payoutsPage } from '../views/payouts-view.ts';

const REFRESH_SECONDS = 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Payouts in the dashboard (issue 31): a CSV upload form, the latest payouts, each with its items. */
export async function payoutsRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { services } = deps;
  const chains = () => services.chains.list().map((c) => ({ slug: c.slug, name: c.name }));

  app.get('/payouts', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const { payouts } = await services.payouts.list(auth.session.userId, { limit: 20 });
    return sendPage(
      reply,
      payoutsPage({ user: auth.user, payouts, chains: chains(), idempotencyKey: randomUUID() }),
    );
  });

  app.post('/payouts', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const field = (n: string) => formField(request, n) ?? '';
    const form = {
      chain: field('chain'),
      asset: field('asset'),
      token: field('token'),
      csv: field('csv'),
      atomic: field('atomic'),
    };
    // The form's own key: submitting it twice (a double click, a reload) records one payout.
    const idempotencyKey = UUID.test(field('idempotencyKey')) ? field('idempotencyKey') : randomUUID();
    try {
      const body = {
        chain: form.chain,
        asset: form.asset as PayoutBodyType['asset'],
        ...(form.token.trim() ? { token: form.token.trim() } : {}),
        items: parsePayoutCsv(form.csv),
        ...(form.atomic === '1' ? { atomic: true } : {}),
      };
      if (!['native', 'erc20', 'spl'].includes(body.asset))
        throw new AppError('INVALID_INPUT', 'asset: must be native, erc20 or spl');
      if (body.items.length > 1000) throw new AppError('INVALID_INPUT', 'csv: at most 1000 items');
      const { json } = await services.payouts.create({ userId: auth.session.userId, idempotencyKey, body });
      const { id } = JSON.parse(json) as { id: string };
      return reply.redirect(`${PAGES.payouts}/${id}`, 303);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      const { payouts } = await services.payouts.list(auth.session.userId, { limit: 20 });
      return sendPage(
        reply,
        payoutsPage({
          user: auth.user,
          payouts,
          chains: chains(),
          idempotencyKey: randomUUID(),
          form,
          flash: { kind: 'error', message: `Nothing was sent: ${err.message}` },
        }),
        err.status,
      );
    }
  });

  app.get<{ Params: { id: string } }>('/payouts/:id', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const payout = await services.payouts.get(auth.session.userId, request.params.id);
    return sendPage(reply, payoutPage({ user: auth.user, payout, refreshSeconds: REFRESH_SECONDS }));
  });
}
