import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
// can also keep what it derives from it, keyed by the array). The map is keyed by a short
// fingerprint and the full text compared on a hit: hashing a 2 KB list on every request showed in
// the profile of cached reads, a comparison of equal strings is a memory compare.
const splitCache = new Map<string, { text: string; list: readonly string[] }>();
function splitTokens(tokens: string | undefined): readonly string[] | undefined {
  if (tokens === undefined) return undefined;
  const print =
    tokens.length <= 160 ? tokens : `${tokens.length}|${tokens.slice(0, 64)}|${tokens.slice(-64)}`;
  const hit = splitCache.get(print);
  if (hit !== undefined && hit.text === tokens) return hit.list;
  const list = Object.freeze(tokens.split(','));
  if (splitCache.size >= 1000) splitCache.clear();
  splitCache.set(print, { text: tokens, list });
  return list;
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
      const { tokens, ...query } = request.query;
      const balances = await services.balances.readShared(principalOf(request).userId, {
        ...query,
        tokens: splitTokens(tokens),
      });
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
      const { tokens, ...query } = request.query;
      const balances = await services.balances.readShared(principalOf(request).userId, {
        ...query,
        address: request.params.address,
        tokens: splitTokens(tokens),
      });
      return sendListJson(reply, 'balances', balances);
    },
  );
};
