import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../app/services.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { ListChainsResponse } from '../../schemas/wallets.ts';

export const chainsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/chains',
    {
      schema: {
        operationId: 'listChains',
        tags: ['Chains'],
        summary: 'List the configured chains',
        description:
          'Every enabled chain: slug (the `chain` of other operations), chain type and id, name, and whether trading is available there.',
        response: { 200: ok(ListChainsResponse, 'Enabled chains'), ...errorResponses() },
      },
    },
    async () => ({
      chains: services.chains.list().map((c) => ({
        slug: c.slug,
        chainType: c.chainType,
        chainId: c.chainId,
        name: c.name,
        nativeSymbol: c.nativeSymbol,
        nativeDecimals: c.nativeDecimals,
        tradingAvailable: c.trading,
      })),
    }),
  );
};
