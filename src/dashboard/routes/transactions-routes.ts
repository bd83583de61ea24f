import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TransactionView } from '../../app/transactions/views.ts';
import { asTransactionId } from '../../domain/ids.ts';
import type { TransactionStatus } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import { PAGES } from '../paths.ts';
import { type DashboardDeps, formField, queryField, requireSession, sendPage } from '../request-context.ts';
import type { Flash } from '../views/layout.ts';
import { transactionDetailPage } from '../views/transaction-detail-view.ts';
import { type TransactionFilters, tokensOf, transactionsPage } from '../views/transactions-view.ts';

const LIMIT = 50;
const REFRESH_SECONDS = 5;
const STATUSES = new Set(['PENDING', 'SUBMITTED', 'CONFIRMED', 'FAILED']);
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function transactionsRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { services } = deps;
  const chainOf = (slug: string) => services.chains.list().find((c) => c.slug === slug) ?? null;
  /** Units of the assets the transactions move, for amounts in whole units. */
  const unitsFor = (txs: readonly TransactionView[]) => {
    const rows = txs.map((tx) => ({ tx, chain: chainOf(tx.chain) }));
    return {
      rows,
      units: deps.units.resolve(
        rows.flatMap(({ tx, chain }) =>
          chain ? tokensOf(tx).map((token) => ({ chain, token, owner: tx.from })) : [],
        ),
      ),
    };
  };

  app.get('/transactions', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const field = (name: string) => queryField(request, name)?.trim() || undefined;
    const filters: TransactionFilters = {
      chain: field('chain'),
      status: field('status'),
      from: field('from'),
      since: field('since'),
      until: field('until'),
    };
    const cursor = field('cursor');
    let page: { transactions: TransactionView[]; nextCursor: string | null } = {
      transactions: [],
      nextCursor: null,
    };
    let error: string | undefined;
    try {
      if (filters.status && !STATUSES.has(filters.status))
        throw new AppError('INVALID_INPUT', 'status: choose PENDING, SUBMITTED, CONFIRMED or FAILED');
      page = await services.transactions.list(auth.session.userId, {
        ...filters,
        status: filters.status as TransactionStatus | undefined,
        limit: LIMIT,
        cursor,
      });
    } catch (err) {
      // Filters the list cannot take: the form again, saying why.
      if (!(err instanceof AppError) || err.code !== 'INVALID_INPUT') throw err;
      error = err.message;
    }
    const { rows, units } = unitsFor(page.transactions);
    return sendPage(
      reply,
      transactionsPage({
        user: auth.user,
        rows,
        units: await units,
        filters,
        chains: services.chains.list().map((c) => ({ slug: c.slug, name: c.name })),
        nextCursor: page.nextCursor,
        paged: cursor !== undefined,
        ...(error ? { error } : {}),
        limit: LIMIT,
        refreshSeconds: REFRESH_SECONDS,
        generatedAt: services.clock.now(),
      }),
      error ? 400 : 200,
    );
  });

  /** One transaction's page; `flash` says what a speed-up or cancel did, or why it was refused. */
  async function detail(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    flash: Flash | null,
    status = 200,
  ) {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const { id } = request.params;
    // The API's lookup: another user's transaction is not found, a stale SUBMITTED one is checked first.
    if (!ID.test(id)) throw new AppError('NOT_FOUND', 'There is no such transaction.');
    const tx = await services.transactions.get(auth.session.userId, asTransactionId(id));
    const timeline = await services.events.timeline(auth.session.userId, tx.id);
    const { rows, units } = unitsFor([tx]);
    const row = rows[0] as (typeof rows)[number];
    return sendPage(
      reply,
      transactionDetailPage({
        user: auth.user,
        row,
        attempts: tx.attempts.map((hash) => ({
          hash,
          explorerUrl: row.chain ? services.chains.explorerUrl(row.chain, hash) : null,
        })),
        timeline,
        units: await units,
        refreshSeconds: REFRESH_SECONDS,
        flash,
        actionKeys: { speedUp: randomUUID(), cancel: randomUUID() },
      }),
      status,
    );
  }

  app.get<{ Params: { id: string } }>('/transactions/:id', async (request, reply) => {
    const done = queryField(request, 'done');
    const flash: Flash | null =
      done === 'speed-up'
        ? { kind: 'success', message: 'A replacement with higher fees was signed and sent.' }
        : done === 'cancel'
          ? {
              kind: 'success',
              message:
                'Cancel sent. It is a race: the original may still land; the status below tells which did.',
            }
          : null;
    return detail(request, reply, flash);
  });

  // The API's speed-up and cancel (POST /tx/{id}/speed-up, /cancel), with the form's
  // Idempotency-Key: a double submit replays the first answer instead of replacing twice.
  for (const action of ['speed-up', 'cancel'] as const)
    app.post<{ Params: { id: string } }>(`/transactions/:id/${action}`, async (request, reply) => {
      const auth = requireSession(request, reply);
      if (!auth) return reply;
      const { id } = request.params;
      if (!ID.test(id)) throw new AppError('NOT_FOUND', 'There is no such transaction.');
      const idempotencyKey = formField(request, 'idempotency_key') ?? '';
      if (formField(request, 'confirm') !== 'yes' || !UUID.test(idempotencyKey))
        return detail(
          request,
          reply,
          { kind: 'error', message: `Tick the box to confirm the ${action}; nothing was sent.` },
          400,
        );
      try {
        await services.control.control({
          userId: auth.session.userId,
          id: asTransactionId(id),
          idempotencyKey,
          path: `/api/v1/tx/${id}/${action}`,
          body: {},
          request: { action },
        });
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500 || err.code === 'NOT_FOUND') throw err;
        return detail(request, reply, { kind: 'error', message: err.message }, err.status);
      }
      return reply.redirect(`${PAGES.transactions}/${encodeURIComponent(id)}?done=${action}`, 303);
    });
}
