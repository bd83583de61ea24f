import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { generateKeyPairSigner } from '@solana/kit';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { AppError } from '../../src/errors/app-error.ts';
import { jupiterAggregator } from '../../src/swap-aggregators/jupiter/jupiter-aggregator.ts';
import type { TradeRequest } from '../../src/swap-aggregators/swap-aggregator.ts';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream.ts';
import {
  JUPITER_PROGRAM,
  jupiterError,
  quoteFor,
  swapAnswer,
  swapTransaction,
  USDC_MINT,
  WSOL_MINT,
} from '../fakes/jupiter-payloads.ts';

const solana = createChainRegistry({}).get('solana');
const CAP = 1_000_000n;

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof AppError, `an AppError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a rejection');
}

describe('Jupiter adapter against a fake Swap API v1', () => {
  let fake: FakeUpstream;
  let jupiter: ReturnType<typeof jupiterAggregator>;
  let wallet: string;
  const req = (over: Partial<TradeRequest> = {}): TradeRequest => ({
    chain: solana,
    fromToken: WSOL_MINT,
    toToken: USDC_MINT,
    amount: 100_000_000n,
    includeGas: false,
    protocols: null,
    excludeProtocols: null,
    ...over,
  });
  before(async () => {
    fake = await startFakeUpstream();
    wallet = (await generateKeyPairSigner()).address;
  });
  after(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    jupiter = jupiterAggregator({
      baseUrl: `${fake.url}/swap/v1`,
      apiKey: 'jup-key',
      priorityFeeCapLamports: CAP,
      timeoutMs: 300,
    });
    fake.on('GET', '/swap/v1/quote', (r) => quoteFor(r.query));
  });

  test('quotes with x-api-key, slippageBps and comma-separated dexes', async () => {
    const quote = await jupiter.quote(req({ protocols: ['Raydium', 'Meteora DLMM'] }));
    assert.equal(quote.srcAmount, 100_000_000n);
    assert.equal(quote.dstAmount, 17_057_460n);
    assert.equal(quote.raw.outAmount, '17057460');
    const sent = fake.requests[0]!;
    assert.equal(sent.headers['x-api-key'], 'jup-key');
    assert.equal(sent.query.get('inputMint'), WSOL_MINT);
    assert.equal(sent.query.get('amount'), '100000000');
    assert.equal(sent.query.get('dexes'), 'Raydium,Meteora DLMM');
    assert.equal(sent.query.has('excludeDexes'), false);
  });

  test('keyless when no key is configured', async () => {
    const keyless = jupiterAggregator({
      baseUrl: `${fake.url}/swap/v1`,
      apiKey: undefined,
      priorityFeeCapLamports: CAP,
      timeoutMs: 300,
    });
    await keyless.quote(req({ excludeProtocols: ['Obric V2'] }));
    assert.equal(fake.requests[0]!.headers['x-api-key'], undefined);
    assert.equal(fake.requests[0]!.query.get('excludeDexes'), 'Obric V2');
  });

  test('builds a swap: slippageBps = slippage x 100, dynamic CU limit, priority fee capped', async () => {
    fake.on('POST', '/swap/v1/swap', () => swapAnswer(swapTransaction(wallet)));
    const built = await jupiter.buildSwap({ ...req(), wallet, slippage: 0.5 });
    assert.equal(fake.requests[0]!.query.get('slippageBps'), '50');
    const body = fake.requests[1]!.body as Record<string, unknown>;
    assert.equal(body.userPublicKey, wallet);
    assert.equal(body.dynamicComputeUnitLimit, true);
    assert.equal(body.wrapAndUnwrapSol, true);
    assert.deepEqual(body.prioritizationFeeLamports, {
      priorityLevelWithMaxLamports: { priorityLevel: 'veryHigh', maxLamports: 1_000_000 },
    });
    assert.equal((body.quoteResponse as { outAmount: string }).outAmount, '17057460', 'the quote, verbatim');
    assert.equal(built.chainType, 'solana');
    if (built.chainType !== 'solana') return;
    assert.equal(
      built.lastValidBlockHeight,
      279_632_475n,
      'confirmed against the returned lastValidBlockHeight',
    );
    assert.equal(built.program, JUPITER_PROGRAM);
    assert.equal(built.dstAmount, 17_057_460n);
    assert.equal(built.minDstAmount, 16_972_172n);
  });

  test('refuses a transaction whose priority fee exceeds the cap, or that another account pays', async () => {
    fake.on('POST', '/swap/v1/swap', () =>
      swapAnswer(swapTransaction(wallet, { units: 1_400_000, microLamports: 1_000_000n })),
    );
    const expensive = await rejection(jupiter.buildSwap({ ...req(), wallet, slippage: 1 }));
    assert.equal(expensive.code, 'PROVIDER_RPC_ERROR');
    assert.match(expensive.message, /priority fee of 1400000 lamports, above the cap of 1000000/);

    const other = (await generateKeyPairSigner()).address;
    fake.on('POST', '/swap/v1/swap', () => swapAnswer(swapTransaction(other)));
    const foreign = await rejection(jupiter.buildSwap({ ...req(), wallet, slippage: 1 }));
    assert.match(foreign.message, /not paid by wallet/);
  });

  test('errorCode TOKEN_NOT_TRADABLE is 400 QUOTE_FAILED "Token not tradable on Jupiter"', async () => {
    fake.on('GET', '/swap/v1/quote', (r) =>
      jupiterError(`The token ${r.query.get('outputMint')} is not tradable`, 'TOKEN_NOT_TRADABLE'),
    );
    const err = await rejection(jupiter.quote(req()));
    assert.equal(err.code, 'QUOTE_FAILED');
    assert.equal(err.message, 'Token not tradable on Jupiter');
  });

  test('no route is QUOTE_FAILED with the reason; 429 too; 500 is PROVIDER_RPC_ERROR', async () => {
    fake.on('GET', '/swap/v1/quote', () =>
      jupiterError('Could not find any route', 'COULD_NOT_FIND_ANY_ROUTE'),
    );
    const noRoute = await rejection(jupiter.quote(req()));
    assert.equal(noRoute.code, 'QUOTE_FAILED');
    assert.equal(
      noRoute.message,
      'Jupiter found no route: Could not find any route (COULD_NOT_FIND_ANY_ROUTE)',
    );

    fake.on('GET', '/swap/v1/quote', () => ({ status: 429, text: '[API Gateway] Too many requests' }));
    const limited = await rejection(jupiter.quote(req()));
    assert.equal(limited.code, 'QUOTE_FAILED');
    assert.match(limited.message, /HTTP 429\): \[API Gateway\] Too many requests/);

    fake.on('GET', '/swap/v1/quote', () => ({
      status: 500,
      json: { error: 'Something unexpected occurred' },
    }));
    const failed = await rejection(jupiter.quote(req()));
    assert.equal(failed.code, 'PROVIDER_RPC_ERROR');
    assert.match(failed.message, /HTTP 500\): Something unexpected occurred/);
  });

  test('the reason is read from every documented error shape, never "no reason given"', async () => {
    for (const [json, expected] of [
      [{ requestId: 'r1', error: 'Invalid mint' }, 'Jupiter could not quote: Invalid mint'],
      [
        { errorCode: 1, errorMessage: 'Insufficient funds for the swap' },
        'Jupiter could not quote: Insufficient funds for the swap (errorCode 1)',
      ],
      [{ errorCode: 2 }, 'Jupiter could not quote: insufficient SOL for gas (errorCode 2)'],
      [{ error: { message: 'amount is invalid' } }, 'Jupiter could not quote: amount is invalid'],
      [
        { code: -2, error: 'Invalid signed transaction' },
        'Jupiter could not quote: Invalid signed transaction',
      ],
    ] as const) {
      fake.on('GET', '/swap/v1/quote', () => ({ status: 400, json }));
      const err = await rejection(jupiter.quote(req()));
      assert.equal(err.code, 'QUOTE_FAILED');
      assert.equal(err.message, expected, JSON.stringify(json));
    }
  });

  test('a swap the upstream refuses keeps its reason; a timeout is PROVIDER_RPC_ERROR', async () => {
    fake.on('POST', '/swap/v1/swap', () =>
      jupiterError('Failed to get swap and account metas', 'FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS'),
    );
    const refused = await rejection(jupiter.buildSwap({ ...req(), wallet, slippage: 1 }));
    assert.equal(refused.code, 'QUOTE_FAILED');
    assert.match(refused.message, /could not build the swap: Failed to get swap and account metas/);

    fake.on('POST', '/swap/v1/swap', () => ({ hang: true }));
    const hung = await rejection(jupiter.buildSwap({ ...req(), wallet, slippage: 1 }));
    assert.equal(hung.code, 'PROVIDER_RPC_ERROR');
    assert.equal(hung.message, 'Jupiter did not answer within 300 ms');
  });

  test('protocols and excludeProtocols together are refused before any call', async () => {
    const err = await rejection(
      jupiter.quote(req({ protocols: ['Raydium'], excludeProtocols: ['Orca V2'] })),
    );
    assert.equal(err.code, 'INVALID_INPUT');
    assert.equal(fake.requests.length, 0);
  });
});
