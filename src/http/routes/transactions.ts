import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Services } from '../../app/services.ts';
import {
  approveIntent,
  contractIntent,
  sendIntent,
  type WriteIntent,
} from '../../app/transactions/write-intents.ts';
import { principalOf } from '../plugins/auth.ts';
import { errorResponses, ok } from '../schemas/common.ts';
import {
  ApproveBody,
  ContractBody,
  IdempotencyHeaders,
  SendBody,
  TxParams,
} from '../schemas/transactions.ts';

const WRITE_ERRORS = errorResponses(400, 403, 404, 409, 413, 502, 503);
const response = {
  200: ok(Type.Ref('Submission'), 'Accepted for broadcast: status SUBMITTED', {
    'Idempotent-Replayed': {
      type: 'string',
      enum: ['true'],
      description: 'Present on a replay of a stored response',
    },
  }),
  ...WRITE_ERRORS,
};

export const transactionsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  /** Runs a write under its Idempotency-Key and sends the stored bytes (replays send them again). */
  const write = async (
    reply: FastifyReply,
    input: { userId: string; key: string; path: string; body: unknown; intent: WriteIntent },
  ) => {
    const { json, replayed } = await services.transactions.write({
      userId: input.userId,
      idempotencyKey: input.key,
      path: input.path,
      body: input.body,
      intent: input.intent,
    });
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    return reply.type('application/json; charset=utf-8').send(json);
  };

  app.post(
    '/send',
    {
      schema: {
        operationId: 'send',
        tags: ['Transactions'],
        summary: 'Send native assets or tokens',
        description:
          'Native on EVM and Solana, ERC20 on EVM, SPL (Token and Token-2022) on Solana; the recipient’s associated token account is created when missing. Checked before signing: wallet, automation, funds (amount plus fee).',
        headers: IdempotencyHeaders,
        body: SendBody,
        response,
      },
    },
    async (request, reply) =>
      write(reply, {
        userId: principalOf(request).userId,
        key: request.headers['idempotency-key'] as string,
        path: '/send',
        body: request.body,
        intent: sendIntent(services.chains, request.body),
      }),
  );

  app.post(
    '/token/approve',
    {
      schema: {
        operationId: 'approveToken',
        tags: ['Transactions'],
        summary: 'Approve an ERC20 allowance (EVM only)',
        headers: IdempotencyHeaders,
        body: ApproveBody,
        response,
      },
    },
    async (request, reply) =>
      write(reply, {
        userId: principalOf(request).userId,
        key: request.headers['idempotency-key'] as string,
        path: '/token/approve',
        body: request.body,
        intent: approveIntent(services.chains, request.body),
      }),
  );

  app.post(
    '/contracts/send',
    {
      schema: {
        operationId: 'sendContractTransaction',
        tags: ['Transactions'],
        summary: 'Send a contract transaction (EVM only)',
        description: 'A call that reverts in simulation is refused with 400 before anything is signed.',
        headers: IdempotencyHeaders,
        body: ContractBody,
        response,
      },
    },
    async (request, reply) =>
      write(reply, {
        userId: principalOf(request).userId,
        key: request.headers['idempotency-key'] as string,
        path: '/contracts/send',
        body: request.body,
        intent: contractIntent(services.chains, request.body),
      }),
  );

  app.get(
    '/tx/:id',
    {
      schema: {
        operationId: 'getTransaction',
        tags: ['Transactions'],
        summary: 'Look up a transaction the service created for you',
        params: TxParams,
        response: {
          200: ok(Type.Ref('Transaction'), 'The transaction, with its current status'),
          ...errorResponses(403, 404),
        },
      },
    },
    async (request) => services.transactions.get(principalOf(request).userId, request.params.id),
  );
};
