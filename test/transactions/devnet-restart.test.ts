// @needs devnet
// Transactions of a development chain that has been restarted since are told apart (issue 11, item 9):
// a confirmed one is marked (its hash no longer exists), a pending one is FAILED, never tracked on the
// new chain (whose nonces start over).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { startPrivateEvm } from '../support/private-chains.ts';
import { type RpcProxy, sentId, startRpcProxy } from '../support/rpc-proxy.ts';

describe('after the development network restarts', () => {
  let proxy: RpcProxy;
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let instance = 'first-chain';
  before(async () => {
    proxy = await startRpcProxy((await useDevnet()).evm.rpcUrl);
    ctx = await startChainApp({ evmRpcUrl: proxy.url, evmInstance: () => instance });
  });
  after(async () => {
    await ctx.app.stop();
    await proxy.close();
  });

  test('earlier transactions are marked; one still pending is FAILED, not tracked on the new chain', async () => {
    const user = await ctx.app.newUser();
    const from = (await walletOf(ctx.app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('1') });
    const send = () =>
      write(
        ctx.app,
        '/send',
        {
          chain: 'evm-localnet',
          to: privateKeyToAddress(generatePrivateKey()),
          asset: 'native',
          amount: '10',
        },
        user.key,
      );
    const confirmed = await waitForFinal(ctx.app, (await (await send()).json()).id, user.key);
    assert.equal(confirmed.status, 'CONFIRMED');
    assert.equal(confirmed.devnetReset, false);

    // A send whose every broadcast is lost: it stays SUBMITTED on this chain.
    proxy.inject('eth_sendRawTransaction', { kind: 'error', code: -32603, message: 'upstream timeout' });
    const pending = await (await send()).json();
    proxy.inject(
      'eth_sendRawTransaction',
      { kind: 'swallow' },
      { times: 10_000, match: (c) => sentId(c) === pending.hash },
    );

    instance = 'second-chain';
    const earlier = await (await ctx.app.get(`/api/v1/tx/${confirmed.id}`, user.key)).json();
    assert.equal(earlier.status, 'CONFIRMED', 'it did happen, on the earlier chain');
    assert.equal(earlier.devnetReset, true);
    const gone = await waitForFinal(ctx.app, pending.id, user.key);
    assert.equal(gone.status, 'FAILED');
    assert.match(gone.error, /development network was restarted/);
    assert.equal(gone.devnetReset, true);
    proxy.clearFaults();
  });

  test('sends go on after a real restart: the new chain’s nonces start over, not after the old chain’s', async () => {
    // A chain of its own that really restarts: its state, nonces included, is gone.
    let node = await startPrivateEvm();
    const own = await startRpcProxy(node.url);
    let chainId = 'own-first';
    const app = (await startChainApp({ evmRpcUrl: own.url, evmInstance: () => chainId })).app;
    try {
      const user = await app.newUser();
      const from = (await walletOf(app, user.userId, 'ethereum')) as Address;
      const pay = async () => {
        const to = privateKeyToAddress(generatePrivateKey());
        const res = await write(
          app,
          '/send',
          { chain: 'evm-localnet', to, asset: 'native', amount: '10' },
          user.key,
        );
        assert.equal(res.status, 200, await res.clone().text());
        const tx = await waitForFinal(app, (await res.json()).id, user.key, 30_000);
        assert.equal(tx.status, 'CONFIRMED', tx.error);
        assert.equal(await node.client.getBalance({ address: to }), 10n, 'paid on the chain now running');
        return tx;
      };
      await node.fund(from, parseEther('1'));
      await pay();
      await pay();
      assert.equal(await node.client.getTransactionCount({ address: from }), 2);

      await node.stop();
      node = await startPrivateEvm();
      own.retarget(node.url);
      chainId = 'own-second';
      await node.fund(from, parseEther('1'));
      const after = await pay();
      assert.equal(after.nonce, 0, 'the first nonce of the new chain');
      await pay();
      assert.equal(await node.client.getTransactionCount({ address: from }), 2);
    } finally {
      await app.stop();
      await own.close();
      await node.stop();
    }
  });
});
