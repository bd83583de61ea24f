import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type FakeUpstream, startFakeUpstream } from '../fakes/fake-upstream.ts';
import { jupiterError, quoteFor, USDC_MINT, WSOL_MINT } from '../fakes/jupiter-payloads.ts';
import { oneInchError, quoteResponse, USDC_BASE } from '../fakes/oneinch-payloads.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

const NATIVE_EVM = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

describe('POST /trade/quote on mainnets, against fake 1inch and Jupiter APIs', () => {
  let fake: FakeUpstream;
  let app: TestApp;
  let key: string;
  before(async () => {
    fake = await startFakeUpstream();
    app = await startTestApp({
      env: {
        ONEINCH_API_URL: `${fake.url}/1inch`,
        ONEINCH_API_KEY: 'test-key',
        JUPITER_API_URL: `${fake.url}/jup/swap/v1`,
        RATE_LIMIT_WRITE_PER_MINUTE: '1000',
      },
    });
    ({ key } = await app.newUser());
  });
  after(async () => {
    await app.stop();
    await fake.close();
  });
  const quote = (body: Record<string, unknown>) => app.post('/api/v1/trade/quote', body, key);

  test('an EVM quote resolves NATIVE, echoes the amount and carries the raw 1inch quote', async () => {
    fake.on('GET', '/1inch/swap/v6.0/8453/quote', () => quoteResponse('62131879850006790961'));
    const res = await quote({
      chain: 'base',
      fromToken: 'native',
      toToken: USDC_BASE,
      amount: '0x2386f26fc10000',
    });
    assert.equal(res.status, 200, await res.clone().text());
    assert.deepEqual((await res.json()).quote, {
      srcAmount: '10000000000000000',
      dstAmount: '62131879850006790961',
      fromToken: NATIVE_EVM,
      toToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      approvalNeeded: false,
      raw: { dstAmount: '62131879850006790961' },
    });
    assert.equal(fake.requests.at(-1)?.headers.authorization, 'Bearer test-key');
  });

  test('a Solana quote resolves NATIVE to wrapped SOL; a non-tradable mint is the exact QUOTE_FAILED', async () => {
    fake.on('GET', '/jup/swap/v1/quote', (r) => quoteFor(r.query));
    const res = await quote({
      chain: 'solana',
      fromToken: 'NATIVE',
      toToken: USDC_MINT,
      amount: '100000000',
    });
    assert.equal(res.status, 200, await res.clone().text());
    const body = (await res.json()).quote;
    assert.equal(body.fromToken, WSOL_MINT);
    assert.equal(body.dstAmount, '17057460');
    assert.equal(body.approvalNeeded, false);

    fake.on('GET', '/jup/swap/v1/quote', (r) =>
      jupiterError(`The token ${r.query.get('outputMint')} is not tradable`, 'TOKEN_NOT_TRADABLE'),
    );
    const refused = await quote({ chain: 'solana', fromToken: 'NATIVE', toToken: USDC_MINT, amount: '1' });
    assert.equal(refused.status, 400);
    assert.deepEqual(
      { ...(await refused.json()), requestId: undefined },
      { error: 'Token not tradable on Jupiter', code: 'QUOTE_FAILED', requestId: undefined },
    );
  });

  test('an upstream failure is 502 PROVIDER_RPC_ERROR with its reason', async () => {
    fake.on('GET', '/1inch/swap/v6.0/8453/quote', () => oneInchError('cannot estimate', 500));
    const res = await quote({ chain: 'base', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '1' });
    assert.equal(res.status, 502);
    const body = await res.json();
    assert.equal(body.code, 'PROVIDER_RPC_ERROR');
    assert.match(body.error, /cannot estimate/);
  });

  test('bad requests are 400 before any upstream call', async () => {
    const calls = fake.requests.length;
    for (const [body, code] of [
      [{ chain: 'base', fromToken: 'NATIVE', toToken: 'native', amount: '1' }, 'INVALID_INPUT'],
      [{ chain: 'base', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '0' }, 'INVALID_INPUT'],
      [{ chain: 'base', fromToken: 'NATIVE', toToken: 'USDC', amount: '1' }, 'INVALID_INPUT'],
      [{ chain: 'solana', fromToken: 'NATIVE', toToken: USDC_MINT, amount: '0x10' }, 'INVALID_INPUT'],
      [
        { chain: 'base', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '1', protocols: 'A,,B' },
        'INVALID_INPUT',
      ],
      [{ chain: 'solana-devnet', fromToken: 'NATIVE', toToken: USDC_MINT, amount: '1' }, 'CHAIN_UNKNOWN'],
      [{ chain: 'sepolia', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '1' }, 'CHAIN_UNKNOWN'],
      [{ chain: 'nowhere', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '1' }, 'CHAIN_UNKNOWN'],
    ] as const) {
      const res = await quote(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal((await res.json()).code, code, JSON.stringify(body));
    }
    const swap = await app.post(
      '/api/v1/trade/swap',
      { chain: 'base', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '1', slippage: 0 },
      key,
      { 'idempotency-key': randomUUID() },
    );
    assert.equal(swap.status, 400, 'slippage must be above 0');
    const noKey = await app.post(
      '/api/v1/trade/swap',
      { chain: 'base', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '1' },
      key,
    );
    assert.equal(noKey.status, 400, 'a swap needs an Idempotency-Key');
    assert.equal(fake.requests.length, calls);
  });
});

describe('trading without a 1inch key', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_WRITE_PER_MINUTE: '1' } });
  });
  after(async () => {
    await app.stop();
  });

  test('an EVM quote is 503 SERVICE_UNAVAILABLE, and quotes count against the write limit', async () => {
    const { key } = await app.newUser();
    const body = { chain: 'base', fromToken: 'NATIVE', toToken: USDC_BASE, amount: '1' };
    const res = await app.post('/api/v1/trade/quote', body, key);
    assert.equal(res.status, 503);
    const error = await res.json();
    assert.equal(error.code, 'SERVICE_UNAVAILABLE');
    assert.match(error.error, /ONEINCH_API_KEY/);
    const limited = await app.post('/api/v1/trade/quote', body, key);
    assert.equal(limited.status, 429, 'the second POST in the minute is over a write limit of 1');
    assert.equal((await limited.json()).code, 'RATE_LIMITED');
  });
});
