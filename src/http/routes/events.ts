import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../app/services.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { EventsQuery, EventsResponse } from '../../schemas/events.ts';
import { TransactionListQuery, TransactionListResponse } from '../../schemas/transaction-list.ts';
import { principalOf } from '../plugins/auth.ts';

/** GET /tx (the transaction list) and GET /events (the event log, with its long poll). */
export const eventsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  // Shutdown: long polls answer at once (an empty page and their cursor) instead of holding it up.
  app.addHook('preClose', async () => {
    await services.events.close();
  });

  app.get(
    '/tx',
    {
      schema: {
        operationId: 'listTransactions',
        tags: ['Transactions'],
        summary: 'List your transactions',
        description:
          'Extension: newest first, each exactly as GET /tx/{id} shows it (as recorded: unlike GET /tx/{id}, ' +
          'the list does not first check a stale SUBMITTED transaction on chain). Filters combine; paging by ' +
          '`cursor` never skips or repeats a transaction while others are being recorded.',
        querystring: TransactionListQuery,
        response: { 200: ok(TransactionListResponse, 'A page of your transactions'), ...errorResponses(400) },
      },
    },
    async (request) => services.transactions.list(principalOf(request).userId, request.query),
  );

  app.get(
    '/events',
    {
      schema: {
        operationId: 'listEvents',
        tags: ['Events'],
        summary: 'Follow what happened: your event log',
        description:
          'Extension: every change you would care about (transactions’ progress, API keys), oldest first, each ' +
          'written in the same database transaction as the change it reports. Continue from `nextCursor`; with ' +
          '`wait`, the request is held until a matching event arrives (long poll), so a script or an agent ' +
          'without a public URL can follow along cheaply.',
        querystring: EventsQuery,
        response: {
          200: ok(EventsResponse, 'Events after `after`, and where to continue'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { after, types, limit, wait } = request.query;
      // A client that goes away stops waiting (its waiter is released at once).
      const gone = new AbortController();
      const onClose = () => {
        if (!reply.raw.writableFinished) gone.abort();
      };
      reply.raw.once('close', onClose);
      try {
        return await services.events.list(principalOf(request).userId, {
          after,
          types: types === undefined ? undefined : types.split(',').filter((t) => t !== ''),
          limit,
          waitSeconds: wait,
          signal: gone.signal,
        });
      } finally {
        reply.raw.off('close', onClose);
      }
    },
  );
};
