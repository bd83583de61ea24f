// @needs devnet
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
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
  before(async () => {
    const info = await useDevnet();
    proxy = await startRpcProxy(info.evm.rpcUrl);
    ctx = await startChainApp({ evmRpcUrl: proxy.url, env: { RPC_TIMEOUT_MS: '1500' } });
    app = ctx.app;
  });
  after(async () => {
    await app.stop();
    await proxy.close();
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
});
