import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
import { sendListJson } from '../frozen-json.ts';
import { principalOf } from '../plugins/auth.ts';

const ERRORS = errorResponses(400, 404, 502, 503);
// Bots ask for the same token list again and again: its split form is kept (frozen, so the service
// can also keep what it derives from it, keyed by the array). Kept by the list's length, the full
// text compared on a hit: a comparison of equal strings is a memory compare, while a map keyed by
// the 2 KB text itself (or a fingerprint built from slices of it) hashes or copies it per request.
const splitByLength = new Map<number, { text: string; list: readonly string[] }>();
function splitTokens(tokens: string | undefined): readonly string[] | undefined {
  if (tokens === undefined) return undefined;
  const hit = splitByLength.get(tokens.length);
  if (hit !== undefined && hit.text === tokens) return hit.list;
  const list = Object.freeze(tokens.split(','));
  if (splitByLength.size >= 1000) splitByLength.clear();
  splitByLength.set(tokens.length, { text: tokens, list });
  return list;
}

/**
 * The use case's query, its fields named one by one: a rest copy of the parsed query string and a
 * spread into a new object cost more than the rest of the route on a cached read.
 */
function balanceQuery(query: Static<typeof AddressBalancesQuery>, address: string | undefined): BalanceQuery {
  return {
    chain: query.chain,
    address,
    tokens: splitTokens(query.tokens),
    includeZero: query.includeZero,
    fresh: query.fresh,
  };
}

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
      const balances = await services.balances.readShared(
        principalOf(request).userId,
        balanceQuery(request.query, request.query.address),
      );
      return sendListJson(reply, 'balances', balances);
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
      const balances = await services.balances.readShared(
        principalOf(request).userId,
        balanceQuery(request.query, request.params.address),
      );
      return sendListJson(reply, 'balances', balances);
    },
  );
};
