import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../app/services.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { ListWalletsQuery, ListWalletsResponse } from '../../schemas/wallets.ts';
import { principalOf } from '../plugins/auth.ts';
import { sendListJson } from '../tuning/frozen-json.ts';

export const walletsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/wallets',
    {
      schema: {
        operationId: 'listWallets',
        tags: ['Wallets'],
        summary: 'List your wallets',
        description: 'Default wallets first, then by creation time. With no filters, all wallets.',
        querystring: ListWalletsQuery,
        response: { 200: ok(ListWalletsResponse, 'Your wallets'), ...errorResponses(400, 403) },
      },
    },
    async (request, reply) =>
      sendListJson(reply, 'wallets', await services.wallets.list(principalOf(request).userId, request.query)),
  );
};
