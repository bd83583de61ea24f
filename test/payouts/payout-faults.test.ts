// @needs devnet
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generateKeyPairSigner } from '@solana/kit';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';
import { waitForPayout } from './payout-support.ts';

const SEND = 'eth_sendRawTransaction';

describe('payouts with broadcast answers lost', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  let proxy: RpcProxy;
  let solanaProxy: RpcProxy;
  before(async () => {
    const info = await useDevnet();
    proxy = await startRpcProxy(info.evm.rpcUrl);
    solanaProxy = await startRpcProxy(info.solana.rpcUrl);
    ctx = await startChainApp({
      evmRpcUrl: proxy.url,
      solanaRpcUrl: solanaProxy.url,
      env: { RPC_TIMEOUT_MS: '1500' },
    });
    app = ctx.app;
  });
  after(async () => {
    await app.stop();
    await proxy.close();
    await solanaProxy.close();
  });

  test('items whose broadcast answer was lost (dropped, held, 502) still land exactly once', async () => {
    const user = await app.newUser();
    const from = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('5') });
    const items = Array.from({ length: 30 }, (_, i) => ({
      to: privateKeyToAddress(generatePrivateKey()),
      amount: String(7000 + i),
    }));
    // Every few sends: forwarded to the node, but the answer never reaches the service.
    let n = 0;
    const every = (k: number) => () => n++ % k === 0;
    proxy.inject(SEND, { kind: 'drop' }, { times: 4, match: every(3) });
    proxy.inject(SEND, { kind: 'status', status: 502 }, { times: 3, match: every(5) });
    proxy.inject(SEND, { kind: 'hold', ms: 2500 }, { times: 2 });
    const res = await write(app, '/payouts', { chain: 'evm-localnet', asset: 'native', items }, user.key);
    assert.equal(res.status, 202, await res.clone().text());
    const done = await waitForPayout(app, user.key, (await res.json()).id);
    assert.ok((proxy.injected.drop ?? 0) + (proxy.injected.status ?? 0) + (proxy.injected.hold ?? 0) >= 5);
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    for (const item of items)
      assert.equal(await ctx.evm.getBalance({ address: item.to as Address }), BigInt(item.amount));
    assert.equal(
      await ctx.evm.getTransactionCount({ address: from }),
      30,
      'one transaction per item, no more',
    );
  });
  test("a Solana payout whose packed transactions' broadcast answers were lost (dropped, 502) lands each item once", async () => {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await fund({ chain: 'solana-localnet', address: wallet, amount: 1_000_000_000n });
    const items = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => ({
        to: (await generateKeyPairSigner()).address as string,
        amount: String(1_000_000 + i),
      })),
    );
    // Forwarded to the node, but the answer never reaches the service: the payout's first sends.
    solanaProxy.inject('sendTransaction', { kind: 'drop' }, { times: 1 });
    solanaProxy.inject('sendTransaction', { kind: 'status', status: 502 }, { times: 1 });
    const res = await write(app, '/payouts', { chain: 'solana-localnet', asset: 'native', items }, user.key);
    assert.equal(res.status, 202, await res.clone().text());
    const done = await waitForPayout(app, user.key, (await res.json()).id);
    assert.equal((solanaProxy.injected.drop ?? 0) + (solanaProxy.injected.status ?? 0), 2);
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    assert.ok(done.totals.transactions < items.length, 'packed');
    for (const item of items) {
      const { value } = await ctx.solana.getBalance(item.to as never, { commitment: 'confirmed' }).send();
      assert.equal(value, BigInt(item.amount), 'paid once');
    }
  });
});
