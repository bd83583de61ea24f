import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../app/services.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { PayoutBody, PayoutList, PayoutListQuery, PayoutParams } from '../../schemas/payouts.ts';
import { IdempotencyHeaders } from '../../schemas/transactions.ts';
import { principalOf } from '../plugins/auth.ts';

/** Payouts (issue 31): an extension under /api/v1. */
export const payoutsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/payouts',
    {
      config: { chainIn: 'body' },
      schema: {
        operationId: 'createPayout',
        tags: ['Payouts'],
        summary: 'Pay many recipients in one request (extension)',
        description:
          'Up to 1000 transfers of one asset from one wallet, checked as a whole before anything is recorded: every address and amount (a bad item is 400 naming its index), unique references, the API key’s per-transaction limit for each item and its daily limit for the total, and the total against the wallet’s balance counting fees (400 INSUFFICIENT_FUNDS with the total and the shortfall). Then every item is recorded and the payout answered 202; the service signs and broadcasts them: on EVM one transaction per item at consecutive nonces, broadcast pipelined (with "atomic": true, native items packed into Multicall3 transactions, each all-or-nothing for its items); on Solana as many transfers as fit in each transaction (each atomic for its items), creating recipients’ token accounts. A retry with the same Idempotency-Key replays the 202. Counts as one write against the rate limit.',
        headers: IdempotencyHeaders,
        body: PayoutBody,
        response: {
          202: ok(Type.Ref('Payout'), 'Recorded: every item PENDING, signed and sent by the service', {
            'Idempotent-Replayed': {
              type: 'string',
              enum: ['true'],
              description: 'Present on a replay of a stored response',
            },
          }),
          ...errorResponses(400, 403, 404, 409, 413, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { json, status, replayed } = await services.payouts.create({
        userId: principal.userId,
        idempotencyKey: request.headers['idempotency-key'] as string,
        body: request.body,
        key: { id: principal.keyId, policy: principal.policy },
      });
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(status).type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    '/payouts/:id',
    {
      schema: {
        operationId: 'getPayout',
        tags: ['Payouts'],
        summary: 'A payout with the status of each item (extension)',
        description:
          'Each item’s status follows its transaction (GET /tx/{transactionId}); the payout is processing until every item is CONFIRMED or FAILED, then completed or completed_with_failures. Another user’s payout is 404.',
        params: PayoutParams,
        response: { 200: ok(Type.Ref('Payout'), 'The payout'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => services.payouts.get(principalOf(request).userId, request.params.id),
  );

  app.get(
    '/payouts',
    {
      schema: {
        operationId: 'listPayouts',
        tags: ['Payouts'],
        summary: 'Your payouts, newest first (extension)',
        description:
          'A summary of each payout (its status, asset, item count and total); GET /payouts/{id} shows its items. Page with `limit` and the `nextCursor` of the previous page.',
        querystring: PayoutListQuery,
        response: { 200: ok(PayoutList, 'A page of payouts'), ...errorResponses(400, 403) },
      },
    },
    async (request) => services.payouts.list(principalOf(request).userId, request.query),
  );
};
