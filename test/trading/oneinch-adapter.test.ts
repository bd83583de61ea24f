import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { AppError } from '../../src/errors/app-error.ts';
import { oneInchAggregator } from '../../src/swap-aggregators/oneinch/oneinch-aggregator.ts';
import type { TradeRequest } from '../../src/swap-aggregators/swap-aggregator.ts';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream.ts';
import {
  notEnoughAllowance,
  ONEINCH_ROUTER,
  oneInchError,
  quoteResponse,
  swapResponse,
  USDC_BASE,
} from '../fakes/oneinch-payloads.ts';

const base = createChainRegistry({}).get('base');
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PATH = '/swap/v6.0/8453';

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof AppError, `an AppError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a rejection');
}

describe('1inch adapter against a fake Classic Swap API', () => {
  let fake: FakeUpstream;
  let oneinch: ReturnType<typeof oneInchAggregator>;
  const req = (over: Partial<TradeRequest> = {}): TradeRequest => ({
    chain: base,
    fromToken: NATIVE,
    toToken: USDC_BASE,
    amount: 10_000_000_000_000_000n,
    includeGas: false,
    protocols: null,
    excludeProtocols: null,
    ...over,
  });
  before(async () => {
    fake = await startFakeUpstream();
  });
  after(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    oneinch = oneInchAggregator({
      baseUrl: fake.url,
      version: 'v6.0',
      apiKey: 'k3y',
      requireKey: true,
      timeoutMs: 300,
    });
  });

  test('quotes with the Bearer key, the chain id in the path and the optional filters', async () => {
    fake.on('GET', `${PATH}/quote`, () => quoteResponse('62131879850006790961', 100000));
    const quote = await oneinch.quote(req({ includeGas: true, protocols: ['UNISWAP_V3', 'CURVE'] }));
    assert.equal(quote.srcAmount, 10_000_000_000_000_000n, 'v6 has no srcAmount: the request amount');
    assert.equal(quote.dstAmount, 62131879850006790961n);
    assert.deepEqual(quote.raw, { dstAmount: '62131879850006790961', gas: 100000 });
    const sent = fake.requests[0]!;
    assert.equal(sent.headers.authorization, 'Bearer k3y');
    assert.equal(sent.query.get('src'), NATIVE);
    assert.equal(sent.query.get('dst'), USDC_BASE);
    assert.equal(sent.query.get('amount'), '10000000000000000');
    assert.equal(sent.query.get('includeGas'), 'true');
    assert.equal(sent.query.get('protocols'), 'UNISWAP_V3,CURVE');
    await oneinch.quote(req({ excludeProtocols: ['CURVE'] }));
    assert.equal(fake.requests[1]!.query.get('excludedProtocols'), 'CURVE');
    assert.equal(fake.requests[1]!.query.has('protocols'), false);
  });

  test('builds a swap with from, origin and slippage in percent', async () => {
    fake.on('GET', `${PATH}/swap`, (r) =>
      swapResponse({ from: r.query.get('from')!.toLowerCase(), value: r.query.get('amount')! }, '62000000'),
    );
    const built = await oneinch.buildSwap({ ...req(), wallet: WALLET, slippage: 0.5 });
    const sent = fake.requests[0]!.query;
    assert.equal(sent.get('from'), WALLET);
    assert.equal(sent.get('origin'), WALLET);
    assert.equal(sent.get('slippage'), '0.5');
    assert.equal(built.chainType, 'ethereum');
    if (built.chainType !== 'ethereum') return;
    assert.equal(built.tx.to, '0x111111125421cA6dc452d289314280a0f8842A65');
    assert.equal(built.tx.value, 10_000_000_000_000_000n);
    assert.equal(built.dstAmount, 62_000_000n);
  });

  test('refuses a built transaction whose value or sender differs from the request', async () => {
    fake.on('GET', `${PATH}/swap`, () =>
      swapResponse({ from: WALLET.toLowerCase(), value: '1' }, '62000000'),
    );
    const err = await rejection(oneinch.buildSwap({ ...req(), wallet: WALLET, slippage: 1 }));
    assert.equal(err.code, 'PROVIDER_RPC_ERROR');
    assert.match(err.message, /does not match/);
  });

  test('reads the spender from /approve/spender and caches it', async () => {
    fake.on('GET', `${PATH}/approve/spender`, () => ({ status: 200, json: { address: ONEINCH_ROUTER } }));
    assert.equal(await oneinch.spender(base), '0x111111125421cA6dc452d289314280a0f8842A65');
    assert.equal(await oneinch.spender(base), '0x111111125421cA6dc452d289314280a0f8842A65');
    assert.equal(fake.requests.length, 1);
  });

  test('"Cannot sync token" is 400 QUOTE_FAILED "Token not tradable on 1inch"', async () => {
    fake.on('GET', `${PATH}/quote`, () => oneInchError('Cannot sync token'));
    const err = await rejection(oneinch.quote(req()));
    assert.equal(err.code, 'QUOTE_FAILED');
    assert.equal(err.status, 400);
    assert.equal(err.message, 'Token not tradable on 1inch');
  });

  test('"insufficient liquidity" names the upstream reason, never "not tradable"', async () => {
    fake.on('GET', `${PATH}/quote`, () => oneInchError('insufficient liquidity'));
    const err = await rejection(oneinch.quote(req()));
    assert.equal(err.code, 'QUOTE_FAILED');
    assert.match(err.message, /^1inch found no route: insufficient liquidity/);
  });

  test('no liquidity with a protocol filter is a missing route, not an untradable token', async () => {
    fake.on('GET', `${PATH}/quote`, () => oneInchError('Insufficient liquidity'));
    const err = await rejection(oneinch.quote(req({ protocols: ['CURVE'] })));
    assert.equal(err.code, 'QUOTE_FAILED');
    assert.match(err.message, /no route with the given protocols: Insufficient liquidity/);
  });

  test('a swap without allowance is 400 INVALID_INPUT naming the spender', async () => {
    fake.on('GET', `${PATH}/swap`, () => notEnoughAllowance('1000000'));
    const err = await rejection(
      oneinch.buildSwap({ ...req({ fromToken: USDC_BASE, toToken: NATIVE }), wallet: WALLET, slippage: 1 }),
    );
    assert.equal(err.code, 'INVALID_INPUT');
    assert.match(err.message, /approve 0x111111125421cA6dc452d289314280a0f8842A65/);
    assert.match(err.message, /POST \/token\/approve/);
  });

  test('not enough balance is INSUFFICIENT_FUNDS; other refusals are QUOTE_FAILED with the reason', async () => {
    fake.on('GET', `${PATH}/swap`, () => oneInchError('Not enough src balance'));
    assert.equal(
      (await rejection(oneinch.buildSwap({ ...req(), wallet: WALLET, slippage: 1 }))).code,
      'INSUFFICIENT_FUNDS',
    );
    fake.on('GET', `${PATH}/quote`, () => oneInchError('Amount is not set'));
    const err = await rejection(oneinch.quote(req()));
    assert.equal(err.code, 'QUOTE_FAILED');
    assert.equal(err.message, '1inch could not quote: Amount is not set');
  });

  test('429 is QUOTE_FAILED with the reason; 500 and malformed answers are PROVIDER_RPC_ERROR', async () => {
    fake.on('GET', `${PATH}/quote`, () => ({ status: 429, json: { error: 'Rate limit exceeded' } }));
    const limited = await rejection(oneinch.quote(req()));
    assert.equal(limited.code, 'QUOTE_FAILED');
    assert.match(limited.message, /rate limit exceeded \(HTTP 429\): Rate limit exceeded/);

    fake.on('GET', `${PATH}/quote`, () => oneInchError('cannot estimate', 500));
    const failed = await rejection(oneinch.quote(req()));
    assert.equal(failed.code, 'PROVIDER_RPC_ERROR');
    assert.equal(failed.status, 502);
    assert.match(failed.message, /HTTP 500\): cannot estimate/);

    fake.on('GET', `${PATH}/quote`, () => ({ status: 200, json: { toAmount: '1' } }));
    assert.equal((await rejection(oneinch.quote(req()))).code, 'PROVIDER_RPC_ERROR');
  });

  test('an upstream that does not answer is PROVIDER_RPC_ERROR after the timeout, not a hang', async () => {
    fake.on('GET', `${PATH}/quote`, () => ({ hang: true }));
    const err = await rejection(oneinch.quote(req()));
    assert.equal(err.code, 'PROVIDER_RPC_ERROR');
    assert.equal(err.message, '1inch did not answer within 300 ms');
  });

  test('without a key it is 503 SERVICE_UNAVAILABLE and nothing is sent', async () => {
    const keyless = oneInchAggregator({
      baseUrl: fake.url,
      version: 'v6.0',
      apiKey: undefined,
      requireKey: true,
      timeoutMs: 300,
    });
    const err = await rejection(keyless.quote(req()));
    assert.equal(err.code, 'SERVICE_UNAVAILABLE');
    assert.equal(err.status, 503);
    assert.match(err.message, /ONEINCH_API_KEY/);
    assert.equal(fake.requests.length, 0);
  });
});
