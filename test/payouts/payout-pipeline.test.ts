// @needs devnet
// A payout's parts are pipelined (issue 31, its benchmark): the next part is signed and recorded
// while the previous one is being broadcast, and its broadcast goes out after the previous one's,
// so the node receives the nonces in order. Seen through a JSON-RPC proxy that holds the payout's
// first broadcast until the second part is recorded (or, sequentially, never: it gives up).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';
import { waitForPayout } from './payout-support.ts';

const CHAIN = 'evm-localnet';
/** Two parts: the runner signs 50 EVM transfers a part. */
const ITEMS = 60;
const GIVE_UP_MS = 15_000;

describe('payout parts are pipelined', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  let proxy: RpcProxy;
  let sender: string | null = null;
  /** How many of the sender's transactions were recorded while its first broadcast was held. */
  let recordedWhileHeld: number | null = null;

  const recorded = async () =>
    (
      await app.db.query<{ n: number }>(
        'select count(*)::int as n from transactions where lower(from_address) = lower($1)',
        [sender],
      )
    )[0]?.n ?? 0;

  before(async () => {
    const info = await useDevnet();
    proxy = await startRpcProxy(info.evm.rpcUrl, {
      async beforeForward(call) {
        if (call.method !== 'eth_sendRawTransaction' || sender === null || recordedWhileHeld !== null) return;
        recordedWhileHeld = -1;
        const deadline = Date.now() + GIVE_UP_MS;
        while ((await recorded()) < ITEMS && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 50));
        recordedWhileHeld = await recorded();
      },
    });
    // Calls wait longer than the hold: a sequential runner's broadcast is answered, not timed out.
    ctx = await startChainApp({ evmRpcUrl: proxy.url, env: { RPC_TIMEOUT_MS: String(2 * GIVE_UP_MS) } });
    app = ctx.app;
  });
  after(async () => {
    await app?.stop();
    await proxy?.close();
  });

  test('the second part is signed and recorded while the first is broadcast; every item lands once, in nonce order', async () => {
    const user = await app.newUser();
    const wallet = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: CHAIN, address: wallet, amount: parseEther('1') });
    const nonceBefore = await ctx.evm.getTransactionCount({ address: wallet });
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      to: privateKeyToAddress(generatePrivateKey()),
      amount: String(500 + i),
    }));
    sender = wallet;
    const res = await write(app, '/payouts', { chain: CHAIN, asset: 'native', items }, user.key);
    assert.equal(res.status, 202, await res.clone().text());
    const done = await waitForPayout(app, user.key, (await res.json()).id);
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    assert.equal(recordedWhileHeld, ITEMS, 'both parts were recorded before the first broadcast went out');
    assert.equal(await ctx.evm.getTransactionCount({ address: wallet }), nonceBefore + ITEMS);
    for (const item of items)
      assert.equal(await ctx.evm.getBalance({ address: item.to as Address }), BigInt(item.amount));
  });
});
