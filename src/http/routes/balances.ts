import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Services } from '../../app/services.ts';
import { principalOf } from '../plugins/auth.ts';
import { AddressBalancesQuery, AddressParams, BalancesQuery, BalancesResponse } from '../schemas/balances.ts';
import { errorResponses, ok } from '../schemas/common.ts';

const ERRORS = errorResponses(400, 404, 502, 503);
// Bots ask for the same token list again and again: its split form is kept (frozen, so the service
// can also keep what it derives from it, keyed by the array).
const splitCache = new Map<string, readonly string[]>();
function splitTokens(tokens: string | undefined): readonly string[] | undefined {
  if (tokens === undefined) return undefined;
  let list = splitCache.get(tokens);
  if (!list) {
    list = Object.freeze(tokens.split(','));
    if (splitCache.size >= 1000) splitCache.clear();
    splitCache.set(tokens, list);
  }
  return list;
}

// A cached answer is the same (frozen) array for every reader until it expires: its JSON is made
// once, which keeps cached reads of 50 tokens close to the cost of a static route.
const bodies = new WeakMap<readonly unknown[], string>();
function send(reply: FastifyReply, balances: readonly unknown[]) {
  let body = bodies.get(balances);
  if (body === undefined) {
    body = JSON.stringify({ balances });
    if (Object.isFrozen(balances)) bodies.set(balances, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

export const balancesRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/wallets/balances',
    {
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
      const { tokens, ...query } = request.query;
      const balances = await services.balances.readShared(principalOf(request).userId, {
        ...query,
        tokens: splitTokens(tokens),
      });
      return send(reply, balances);
    },
  );

  app.get(
    '/wallets/:address/balances',
    {
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
      const { tokens, ...query } = request.query;
      const balances = await services.balances.readShared(principalOf(request).userId, {
        ...query,
        address: request.params.address,
        tokens: splitTokens(tokens),
      });
      return send(reply, balances);
    },
  );
};
