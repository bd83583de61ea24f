// Bodies are taken exactly as sent (DESIGN A2; issue 11 items 1 and 3): no type coercion, no
// trimming, and one EIP-55 rule for every EVM address field.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { AppError } from '../../src/errors/app-error.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('strict input', () => {
  let app: TestApp;
  let key: string;
  before(async () => {
    app = await startTestApp({
      env: {
        RATE_LIMIT_WRITE_PER_MINUTE: '1000',
        RATE_LIMIT_READ_PER_MINUTE: '1000',
        // The development network is off here: its chains are offered (without an RPC) only by name.
        CHAIN_ENABLED_EVM_LOCALNET: 'on',
        CHAIN_ENABLED_SOLANA_LOCALNET: 'on',
      },
    });
    ({ key } = await app.newUser());
  });
  after(() => app.stop());

  const post = (path: string, body: string | Record<string, unknown>) =>
    app.post(`/api/v1${path}`, body, key, { 'idempotency-key': randomUUID() });
  const refused = async (res: Response, field: RegExp) => {
    const body = await res.json();
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(body.code, 'INVALID_INPUT');
    assert.match(body.error, field);
    return body;
  };
  const addr = '0x52908400098527886e0f7030069857d2e4169ee7';
  const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';
  const badChecksum = '0x52908400098527886E0F7030069857d2E4169EE7';

  test('a JSON number where an amount string is documented is refused, not rounded', async () => {
    const body = await refused(
      await post(
        '/send',
        '{"chain":"evm-localnet","to":"0x52908400098527886e0f7030069857d2e4169ee7","asset":"native","amount":12345678901234567890}',
      ),
      /amount/,
    );
    assert.deepEqual(
      body.details.map((d: { path: string }) => d.path),
      ['amount'],
    );
    assert.equal(
      body.error,
      'amount: must be base units as a string, e.g. "1000" (a JSON number loses digits past 2^53)',
    );
    await refused(
      await post('/contracts/send', { chain: 'evm-localnet', to: addr, data: '0x', value: 5 }),
      /value/,
    );
  });

  test('a malformed Idempotency-Key is explained as a UUID, without the regular expression', async () => {
    const res = await app.post(
      '/api/v1/send',
      { chain: 'evm-localnet', to: addr, asset: 'native', amount: '1' },
      key,
      { 'idempotency-key': 'order-42' },
    );
    const body = await refused(res, /^idempotency-key: must be a UUID, 8-4-4-4-12 hex digits such as /);
    assert.doesNotMatch(body.error, /\^|\{8\}|\[0-9/);
  });

  test('a token address given as the asset points to "token"', async () => {
    await refused(
      await post('/send', { chain: 'evm-localnet', to: addr, asset: checksummed, amount: '1' }),
      /^asset: must be one of native, erc20, spl: a token address goes in "token", with "asset": "erc20"$/,
    );
    await refused(
      await post('/send', {
        chain: 'solana-localnet',
        to: '11111111111111111111111111111111',
        asset: 'So11111111111111111111111111111111111111112',
        amount: '1',
      }),
      /^asset: must be one of native, erc20, spl: a mint address goes in "token", with "asset": "spl"$/,
    );
    await refused(
      await post('/send', { chain: 'evm-localnet', to: addr, asset: 'eth', amount: '1' }),
      /^asset: must be one of native, erc20, spl$/,
    );
  });

  test('/trade/swap checks `from` before it claims the Idempotency-Key: a refused request leaves no record', async () => {
    const idempotencyKey = randomUUID();
    const swap = {
      chain: 'base',
      fromToken: 'NATIVE',
      toToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      amount: '1',
      from: 'a\u0000b',
    };
    await refused(
      await app.post('/api/v1/trade/swap', swap, key, { 'idempotency-key': idempotencyKey }),
      /^from: /,
    );
    const rows = await app.db.query('select key from idempotency_keys where key = $1', [idempotencyKey]);
    assert.deepEqual(rows, [], 'the key was never claimed');
  });

  test('a failed write whose reason quotes a NUL is recorded at once, and a retry with its key says why', async () => {
    const { userId } = await app.newUser({ wallets: false });
    const begin = () =>
      app.services.idempotency.begin({ userId, key: randomKey, path: '/send', body: { to: 'a\u0000b' } });
    const randomKey = randomUUID();
    const outcome = await begin();
    assert.equal(outcome.kind, 'execute');
    if (outcome.kind !== 'execute') return;
    await outcome.claim.fail(new AppError('WALLET_NOT_FOUND', 'Wallet a\u0000b not found'));
    outcome.claim.end();
    await assert.rejects(begin(), (err: AppError) => {
      assert.equal(err.code, 'IDEMPOTENT_REPLAY');
      assert.match(err.message, /failed \(WALLET_NOT_FOUND: Wallet a\\u0000b not found\); nothing was sent/);
      return true;
    });
  });

  test('booleans and null are not coerced in bodies', async () => {
    const quote = { chain: 'evm-localnet', fromToken: 'NATIVE', toToken: addr, amount: '1' };
    await refused(await app.post('/api/v1/trade/quote', { ...quote, includeGas: null }, key), /includeGas/);
    await refused(
      await app.post('/api/v1/trade/quote', { ...quote, excludeProtocols: false }, key),
      /excludeProtocols/,
    );
    await refused(await post('/trade/swap', { ...quote, slippage: true }), /slippage/);
    await refused(await post('/trade/swap', { ...quote, slippage: '1' }), /slippage/);
    await refused(
      await post('/send', { chain: 'evm-localnet', to: addr, asset: 'native', amount: true }),
      /amount/,
    );
  });

  test('query strings keep their documented boolean coercion', async () => {
    const res = await app.get('/api/v1/wallets?defaultOnly=true&automationOnly=false', key);
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal((await res.json()).wallets.length, 2);
  });

  test('leading or trailing spaces in amounts and addresses are refused, not trimmed', async () => {
    await refused(
      await post('/send', { chain: 'evm-localnet', to: addr, asset: 'native', amount: ' 100' }),
      /spaces/,
    );
    await refused(
      await post('/send', { chain: 'evm-localnet', to: `${addr} `, asset: 'native', amount: '100' }),
      /spaces/,
    );
  });

  test('one EIP-55 rule for every EVM address: a bad mixed-case checksum is refused everywhere', async () => {
    const send = (body: Record<string, unknown>) =>
      post('/send', { chain: 'evm-localnet', to: addr, asset: 'native', amount: '1', ...body });
    await refused(await send({ to: badChecksum }), /to: has an invalid EIP-55 checksum/);
    await refused(await send({ to: badChecksum, asset: 'erc20', token: addr }), /to: has an invalid EIP-55/);
    await refused(await send({ asset: 'erc20', token: badChecksum }), /token: has an invalid EIP-55/);
    await refused(
      await post('/token/approve', { chain: 'evm-localnet', token: addr, spender: badChecksum, amount: '1' }),
      /spender: has an invalid EIP-55/,
    );
    await refused(
      await post('/contracts/send', { chain: 'evm-localnet', to: badChecksum, data: '0x' }),
      /to: has/,
    );
    await refused(await send({ from: badChecksum }), /from: has an invalid EIP-55/);
    await refused(
      await app.get(`/api/v1/wallets/balances?chain=evm-localnet&tokens=${badChecksum}`, key),
      /tokens\[0\]/,
    );
    // All lower-case, all upper-case and a correct checksum pass validation (the development
    // network is not running here, so the next thing said is that the chain has no RPC endpoint).
    for (const to of [addr, `0x${addr.slice(2).toUpperCase()}`, checksummed]) {
      const res = await send({ to });
      assert.equal(res.status, 503, await res.clone().text());
      assert.equal((await res.json()).code, 'SERVICE_UNAVAILABLE');
    }
  });
});
