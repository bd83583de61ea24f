import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Static } from 'typebox';
import type { BalanceQuery } from '../../app/balances/balances-service.ts';
import type { Services } from '../../app/services.ts';
import {
  AddressBalancesQuery,
  AddressParams,
  BalancesQuery,
  BalancesResponse,
} from '../../schemas/balances.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { principalOf } from '../plugins/auth.ts';

const ERRORS = errorResponses(400, 404, 502, 503);

/**
 * The use case's query, its fields named one by one (a rest copy of the parsed query string costs
 * more than the rest of the route on a cached read); the token list stays the text it came as,
 * part of the stored answer's key (app/balances/balance-answers.ts).
 */
function balanceQuery(query: Static<typeof AddressBalancesQuery>, address: string | undefined): BalanceQuery {
  return {
    chain: query.chain,
    address,
    tokens: query.tokens,
    includeZero: query.includeZero,
    fresh: query.fresh,
  };
}

/** The answer as the service encoded it (stored that way: a cached read encodes nothing). */
const sendBody = (reply: FastifyReply, body: Buffer) =>
  reply.type('application/json; charset=utf-8').send(body);

export const balancesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/wallets/balances',
    {
      config: { chainIn: 'query' },
      schema: {
        operationId: 'getWalletBalances',
        tags: ['Wallets'],
        summary: 'Balances of one of your wallets on one chain',
        description:
          'Native and token balances. Cached: native about 15 s, tokens about 45 s; fresh=true reads the ' +
          'chain and refreshes the cache. A send from the wallet drops its cached balances.',
        querystring: BalancesQuery,
        response: { 200: ok(BalancesResponse, 'The balances'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const body = await services.balances.readEncoded(
        principalOf(request).userId,
        balanceQuery(request.query, request.query.address),
      );
      return sendBody(reply, body);
    },
  );

  app.get(
    '/wallets/:address/balances',
    {
      config: { chainIn: 'query' },
      schema: {
        operationId: 'getWalletBalancesByAddress',
        tags: ['Wallets'],
        summary: 'Balances of the wallet in the path on one chain',
        description: 'As GET /wallets/balances, with the wallet taken from the path.',
        params: AddressParams,
        querystring: AddressBalancesQuery,
        response: { 200: ok(BalancesResponse, 'The balances'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const body = await services.balances.readEncoded(
        principalOf(request).userId,
        balanceQuery(request.query, request.params.address),
      );
      return sendBody(reply, body);
    },
  );
};
