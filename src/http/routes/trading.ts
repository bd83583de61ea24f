import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../app/services.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { TradeQuoteBody, TradeQuoteResponse, TradeSwapBody } from '../../schemas/trading.ts';
import { IdempotencyHeaders } from '../../schemas/transactions.ts';
import { principalOf } from '../plugins/auth.ts';
import { sendWrite, WRITE_RESPONSES } from './idempotent-write.ts';

const TRADE_RULES =
  'Trading runs on chains with tradingAvailable (GET /chains): EVM mainnets through 1inch and Solana mainnet through Jupiter (testnets and Solana devnet/testnet: 400 CHAIN_UNKNOWN); the development network trades through its local aggregator. A token the aggregator does not trade: 400 QUOTE_FAILED "Token not tradable on 1inch" or "Token not tradable on Jupiter"; other upstream refusals: 400 QUOTE_FAILED naming the reason; upstream failures and timeouts: 502 PROVIDER_RPC_ERROR; no 1inch key configured: 503 SERVICE_UNAVAILABLE.';

export const tradingRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.post(
    '/trade/quote',
    {
      config: { scope: 'trade', chainIn: 'body' },
      schema: {
        operationId: 'tradeQuote',
        tags: ['Trading'],
        summary: 'Get a swap quote',
        description: `Counts against the write rate limit; no Idempotency-Key. Needs the API key's trade scope. ${TRADE_RULES}`,
        body: TradeQuoteBody,
        response: {
          200: ok(TradeQuoteResponse, 'The quote'),
          ...errorResponses(400, 413, 502, 503),
        },
      },
    },
    async (request) => ({ quote: await services.trading.quote(request.body) }),
  );

  app.post(
    '/trade/swap',
    {
      config: { scope: 'trade', chainIn: 'body' },
      schema: {
        operationId: 'tradeSwap',
        tags: ['Trading'],
        summary: 'Execute a swap',
        description: `Builds the swap at the aggregator for your wallet and submits it like every write (idempotent, tracked: GET /tx/{id}). An ERC20 input needs an allowance to the spender of POST /trade/quote first (POST /token/approve); too little is 400 INVALID_INPUT naming the spender. ${TRADE_RULES}`,
        headers: IdempotencyHeaders,
        body: TradeSwapBody,
        response: WRITE_RESPONSES,
      },
    },
    async (request, reply) =>
      sendWrite(
        services,
        request,
        reply,
        '/trade/swap',
        services.trading.swapBuilder(principalOf(request).userId, request.body),
      ),
  );
};
