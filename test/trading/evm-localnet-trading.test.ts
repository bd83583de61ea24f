// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { type DevnetInfo, fund, useDevnet } from '../support/devnet.ts';
import { balanceOf, startTradingApp } from './trading-app.ts';

const ETH = 10n ** 18n;
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
const CHAIN = 'evm-localnet';

describe('trading on evm-localnet through the local 1inch API', () => {
  let app: TestApp;
  let info: DevnetInfo;
  before(async () => {
    info = await useDevnet();
    app = await startTradingApp(info);
  });
  after(async () => {
    await app.stop();
  });

  async function fundedUser(eth = 10n, tusd = 0n) {
    const user = await app.newUser();
    const address = await walletOf(app, user.userId, 'ethereum');
    await fund({ chain: CHAIN, address, amount: eth * ETH });
    if (tusd > 0n) await fund({ chain: CHAIN, address, amount: tusd, token: info.evm.testToken.address });
    return { ...user, address };
  }
  const quote = (key: string, body: Record<string, unknown>) => app.post('/api/v1/trade/quote', body, key);

  test('swaps ETH for TUSD: quote, swap, CONFIRMED, balances moved by the quoted amount within slippage', async () => {
    const user = await fundedUser();
    const tusd = info.evm.testToken.address;
    const q = await quote(user.key, {
      chain: CHAIN,
      fromToken: 'native',
      toToken: tusd,
      amount: ETH.toString(),
    });
    assert.equal(q.status, 200, await q.clone().text());
    const { quote: body } = await q.json();
    assert.equal(body.fromToken, NATIVE, 'NATIVE is resolved in the response');
    assert.equal(body.toToken, tusd);
    assert.equal(body.srcAmount, ETH.toString());
    assert.equal(body.approvalNeeded, false, 'a native input needs no approval');
    assert.equal(body.raw.dstAmount, body.dstAmount, 'raw is the upstream 1inch quote');
    const quoted = BigInt(body.dstAmount);
    assert.ok(
      quoted > 1_900n * 10n ** 6n && quoted < 2_000n * 10n ** 6n,
      `about 2000 TUSD per ETH, got ${quoted}`,
    );

    const ethBefore = await balanceOf(app, user.key, CHAIN, user.address, null);
    const swapBody = {
      chain: CHAIN,
      fromToken: 'NATIVE',
      toToken: tusd,
      amount: ETH.toString(),
      slippage: 1,
    };
    const key = randomUUID();
    const res = await write(app, '/trade/swap', swapBody, user.key, key);
    const text = await res.clone().text();
    assert.equal(res.status, 200, text);
    const submission = await res.json();
    assert.equal(submission.status, 'SUBMITTED');
    const tx = await waitForFinal(app, submission.id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.kind, 'swap');
    assert.equal(tx.to, info.evm.swapRouter, 'the Transaction shows the router');
    assert.equal(tx.value, ETH.toString());

    const received = await balanceOf(app, user.key, CHAIN, user.address, tusd);
    assert.ok(
      received >= (quoted * 99n) / 100n && received <= (quoted * 101n) / 100n,
      `received ${received}, quoted ${quoted}`,
    );
    const ethAfter = await balanceOf(app, user.key, CHAIN, user.address, null);
    assert.ok(ethBefore - ethAfter >= ETH && ethBefore - ethAfter < ETH + ETH / 100n, 'paid 1 ETH plus gas');

    const replay = await write(app, '/trade/swap', swapBody, user.key, key);
    assert.equal(replay.status, 200);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal(await replay.text(), text, 'a replay is byte-identical and swaps nothing more');
    assert.equal(await balanceOf(app, user.key, CHAIN, user.address, tusd), received);
  });

  test('an ERC20 input needs an approval of the quoted spender first; then TUSD swaps for TEUR', async () => {
    const amount = 100_000_000n;
    const user = await fundedUser(1n, amount);
    const tusd = info.evm.testToken.address;
    const teur = info.evm.secondToken.address;
    const body = {
      chain: CHAIN,
      fromToken: tusd,
      toToken: teur,
      amount: amount.toString(),
      from: user.address,
    };

    const before = await (await quote(user.key, body)).json();
    assert.equal(before.quote.approvalNeeded, true, 'no allowance yet');
    assert.equal(before.quote.spender, info.evm.swapRouter);
    assert.equal(before.quote.allowanceTarget, info.evm.swapRouter);

    const refused = await write(app, '/trade/swap', { ...body, slippage: 0.5 }, user.key);
    assert.equal(refused.status, 400);
    const error = await refused.json();
    assert.equal(error.code, 'INVALID_INPUT');
    assert.ok(error.error.includes(info.evm.swapRouter), `names the spender: ${error.error}`);
    assert.match(error.error, /POST \/token\/approve/);

    const approve = await write(
      app,
      '/token/approve',
      { chain: CHAIN, token: tusd, spender: before.quote.spender, amount: amount.toString() },
      user.key,
    );
    assert.equal(approve.status, 200, await approve.clone().text());
    assert.equal((await waitForFinal(app, (await approve.json()).id, user.key)).status, 'CONFIRMED');

    const after = await (await quote(user.key, body)).json();
    assert.equal(after.quote.approvalNeeded, false, 'the allowance now covers the amount');
    const quoted = BigInt(after.quote.dstAmount);

    const res = await write(app, '/trade/swap', { ...body, slippage: 0.5 }, user.key);
    assert.equal(res.status, 200, await res.clone().text());
    const tx = await waitForFinal(app, (await res.json()).id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.value, '0');
    assert.equal(await balanceOf(app, user.key, CHAIN, user.address, tusd), 0n, 'all the TUSD went in');
    const received = await balanceOf(app, user.key, CHAIN, user.address, teur);
    assert.ok(received >= (quoted * 995n) / 1000n, `received ${received}, quoted ${quoted}`);
  });

  test('a quote too small to fill names 1inch’s reason, not "not tradable"', async () => {
    const user = await app.newUser();
    const res = await quote(user.key, {
      chain: CHAIN,
      fromToken: 'NATIVE',
      toToken: info.evm.testToken.address,
      amount: '1',
    });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.code, 'QUOTE_FAILED');
    assert.match(body.error, /^1inch found no route: Insufficient liquidity/);
  });

  test('a token 1inch does not trade is 400 QUOTE_FAILED "Token not tradable on 1inch"', async () => {
    const user = await app.newUser();
    const unknown = privateKeyToAddress(generatePrivateKey());
    const res = await quote(user.key, {
      chain: CHAIN,
      fromToken: 'NATIVE',
      toToken: unknown,
      amount: '1000',
    });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.code, 'QUOTE_FAILED');
    assert.equal(body.error, 'Token not tradable on 1inch');
  });

  test('excluding every liquidity source is QUOTE_FAILED naming the missing route', async () => {
    const user = await app.newUser();
    const res = await quote(user.key, {
      chain: CHAIN,
      fromToken: 'NATIVE',
      toToken: info.evm.testToken.address,
      amount: '1000000',
      excludeProtocols: 'DEVNET_CPMM',
    });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.code, 'QUOTE_FAILED');
    assert.match(body.error, /no route with the given protocols/);
  });

  test('EVM testnets have no trading: 400 CHAIN_UNKNOWN', async () => {
    const user = await app.newUser();
    for (const path of ['/api/v1/trade/quote', '/api/v1/trade/swap']) {
      const res = await app.post(
        path,
        { chain: 'base-sepolia', fromToken: 'NATIVE', toToken: info.evm.testToken.address, amount: '1' },
        user.key,
        { 'idempotency-key': randomUUID() },
      );
      assert.equal(res.status, 400);
      assert.equal((await res.json()).code, 'CHAIN_UNKNOWN');
    }
  });
});
