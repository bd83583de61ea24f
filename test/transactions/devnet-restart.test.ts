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
});
