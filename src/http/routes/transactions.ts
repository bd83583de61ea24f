import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../app/services.ts';
import { approveIntent, contractIntent, sendIntent } from '../../app/transactions/write-intents.ts';
import { asTransactionId } from '../../domain/ids.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import {
  ApproveBody,
  ContractBody,
  IdempotencyHeaders,
  SendBody,
  TxParams,
} from '../../schemas/transactions.ts';
import { principalOf } from '../plugins/auth.ts';
import { sendWrite, WRITE_RESPONSES } from './idempotent-write.ts';

export const transactionsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.post(
    '/send',
    {
      config: { chainIn: 'body' },
      schema: {
        operationId: 'send',
        tags: ['Transactions'],
        summary: 'Send native assets or tokens',
        description:
          'Native on EVM and Solana, ERC20 on EVM, SPL (Token and Token-2022) on Solana; the recipient’s associated token account is created when missing. Checked before signing: wallet, automation, funds (amount plus fee).',
        headers: IdempotencyHeaders,
        body: SendBody,
        response: WRITE_RESPONSES,
      },
    },
    async (request, reply) =>
      sendWrite(services, request, reply, '/send', sendIntent(services.families, request.body)),
  );

  app.post(
    '/token/approve',
    {
      config: { chainIn: 'body' },
      schema: {
        operationId: 'approveToken',
        tags: ['Transactions'],
        summary: 'Approve an ERC20 allowance (EVM only)',
        description:
          'Sets the allowance of `spender` (for example the swap router a quote names) over `token`. `token` must be an ERC20 contract; checked before signing: wallet, automation, funds for the fee.',
        headers: IdempotencyHeaders,
        body: ApproveBody,
        response: WRITE_RESPONSES,
      },
    },
    async (request, reply) =>
      sendWrite(services, request, reply, '/token/approve', approveIntent(services.families, request.body)),
  );

  app.post(
    '/contracts/send',
    {
      config: { chainIn: 'body' },
      schema: {
        operationId: 'sendContractTransaction',
        tags: ['Transactions'],
        summary: 'Send a contract transaction (EVM only)',
        description: 'A call that reverts in simulation is refused with 400 before anything is signed.',
        headers: IdempotencyHeaders,
        body: ContractBody,
        response: WRITE_RESPONSES,
      },
    },
    async (request, reply) =>
      sendWrite(services, request, reply, '/contracts/send', contractIntent(services.families, request.body)),
  );

  app.get(
    '/tx/:id',
    {
      schema: {
        operationId: 'getTransaction',
        tags: ['Transactions'],
        summary: 'Look up a transaction the service created for you',
        description:
          'Its current status; a SUBMITTED one not looked at for a while is checked on chain first. Another user’s transaction id is 404.',
        params: TxParams,
        response: {
          200: ok(Type.Ref('Transaction'), 'The transaction, with its current status'),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request) =>
      services.transactions.get(principalOf(request).userId, asTransactionId(request.params.id)),
  );
};
