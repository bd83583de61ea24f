// @needs devnet
// A request that waits (behind a wallet's lock, on a slow RPC) keeps its Idempotency-Key alive by
// renewing its lease: the sweep settles only keys of requests that died (issue 10, DESIGN A7).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';

describe('idempotency leases', () => {
  let proxy: RpcProxy;
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  before(async () => {
    proxy = await startRpcProxy((await useDevnet()).evm.rpcUrl);
    ctx = await startChainApp({
      evmRpcUrl: proxy.url,
      env: { IDEMPOTENCY_LEASE_MS: '1500', RPC_TIMEOUT_MS: '10000' },
    });
  });
  after(async () => {
    await ctx.app.stop();
    await proxy.close();
  });

  test('a request queued behind a wallet lock far past its lease is never swept as failed', async () => {
    const user = await ctx.app.newUser();
    const from = (await walletOf(ctx.app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('1') });
    const [toA, toB] = [privateKeyToAddress(generatePrivateKey()), privateKeyToAddress(generatePrivateKey())];
    const send = (to: string, key: string) =>
      write(ctx.app, '/send', { chain: 'evm-localnet', to, asset: 'native', amount: '1000' }, user.key, key);
    // The first request holds the wallet's lock for 4 s on a slow RPC answer; the second waits behind it.
    proxy.inject('eth_getBalance', { kind: 'hold', ms: 4000 });
    const [keyA, keyB] = [randomUUID(), randomUUID()];
    const first = send(toA, keyA);
    await new Promise((r) => setTimeout(r, 300));
    const second = send(toB, keyB);
    let swept = 0;
    const sweeping = setInterval(() => {
      ctx.app.services.transactions
        .reconcileIdempotency(new Date())
        .then((n) => {
          swept += n;
        })
        .catch(() => {});
    }, 250);
    const [a, b] = await Promise.all([first, second]).finally(() => clearInterval(sweeping));
    assert.equal(swept, 0, 'no live request was settled by the sweep');
    assert.equal(a.status, 200, await a.clone().text());
    assert.equal(b.status, 200, await b.clone().text());
    const [bodyA, bodyB] = [await a.text(), await b.text()];
    const replay = await send(toB, keyB);
    assert.equal(replay.status, 200);
    assert.equal(await replay.text(), bodyB);
    for (const body of [bodyA, bodyB]) {
      const tx = await waitForFinal(ctx.app, JSON.parse(body).id, user.key);
      assert.equal(tx.status, 'CONFIRMED', tx.error);
    }
    assert.equal(await ctx.evm.getBalance({ address: toA }), 1000n);
    assert.equal(await ctx.evm.getBalance({ address: toB }), 1000n);
  });
});
