// @needs devnet
// A Solana payout read through a node that lags (issue 31, with the lagging-reads habit of issue
// 26): the payout's packed transactions land, but every signature status reads null and the block
// height reads past every blockhash. Re-signing a packed transaction would pay each of its items
// again: the tracker must never do it on such reads. A private LiteSVM node behind a JSON-RPC proxy
// that rewrites its answers; the service's clock runs ten times faster than the wall's.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { address, generateKeyPairSigner } from '@solana/kit';
import { ManualClock } from '../../src/support/clock.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { type PrivateSolana, startPrivateSolana } from '../support/private-chains.ts';
import { type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';
import { waitForPayout } from './payout-support.ts';

const SOL = 1_000_000_000n;

type Statuses = { context: { slot: number }; value: unknown[] };
type Epoch = { blockHeight: number };
const nullStatuses = (r: unknown) => ({ ...(r as Statuses), value: (r as Statuses).value.map(() => null) });
const heightFarAhead = (r: unknown) => ({ ...(r as Epoch), blockHeight: (r as Epoch).blockHeight + 100_000 });

describe('a Solana payout read through a lagging node', () => {
  const clock = new ManualClock();
  let ticking: NodeJS.Timeout;
  let solana: PrivateSolana;
  let proxy: RpcProxy;
  let app: TestApp;
  before(async () => {
    ticking = setInterval(() => clock.advance(1000), 100);
    solana = await startPrivateSolana();
    proxy = await startRpcProxy(solana.url);
    app = (await startChainApp({ solanaRpcUrl: proxy.url, clock, env: { RPC_TIMEOUT_MS: '2000' } })).app;
  });
  after(async () => {
    clearInterval(ticking);
    await app?.stop();
    await proxy?.close();
    await solana?.stop();
  });

  test('its transactions landed, then only null statuses past expiry: never re-signed, each item paid once', async () => {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await solana.fund(wallet, 2n * SOL);
    const recipients = await Promise.all(Array.from({ length: 30 }, () => generateKeyPairSigner()));
    const items = recipients.map((r, i) => ({ to: r.address, amount: String(1_000_000n + BigInt(i)) }));
    const sentBefore = proxy.calls.filter((c) => c.method === 'sendTransaction').length;
    proxy.rewrite('getSignatureStatuses', nullStatuses);
    proxy.rewrite('getEpochInfo', heightFarAhead);
    let id: string;
    try {
      const res = await write(
        app,
        '/payouts',
        { chain: 'solana-localnet', asset: 'native', items },
        user.key,
      );
      assert.equal(res.status, 202, await res.clone().text());
      id = (await res.json()).id;
      // Every item lands on the node; the service sees none of it.
      const deadline = Date.now() + 60_000;
      for (const [i, item] of items.entries())
        for (;;) {
          const held = (await solana.rpc.getBalance(address(item.to), { commitment: 'confirmed' }).send())
            .value;
          if (held === BigInt(item.amount)) break;
          assert.ok(Date.now() < deadline, `item ${i} never landed`);
          await new Promise((r) => setTimeout(r, 100));
        }
      // Looks at the lagging node, far past expiry by its reads (the clock runs ten times faster).
      const rewrites = proxy.injected.rewrite ?? 0;
      while ((proxy.injected.rewrite ?? 0) - rewrites < 20) {
        assert.ok(Date.now() < deadline + 60_000, 'the tracker kept looking');
        await new Promise((r) => setTimeout(r, 100));
      }
      const during = await (await app.get(`/api/v1/payouts/${id}`, user.key)).json();
      for (const item of during.items) assert.notEqual(item.status, 'FAILED', JSON.stringify(item));
    } finally {
      proxy.clearFaults();
    }
    const done = await waitForPayout(app, user.key, id);
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    const txIds = [...new Set(done.items.map((i: { transactionId: string }) => i.transactionId))];
    for (const txId of txIds) {
      const tx = await (await app.get(`/api/v1/tx/${txId}`, user.key)).json();
      assert.equal(tx.status, 'CONFIRMED');
      assert.equal(tx.attempts.length, 1, `transaction ${txId} was never re-signed`);
    }
    const signed = new Set(
      proxy.calls
        .slice(sentBefore)
        .filter((c) => c.method === 'sendTransaction')
        .map((c) => JSON.stringify(c.params?.[0])),
    );
    assert.equal(signed.size, txIds.length, 'only the payout’s own transactions were ever sent');
    for (const [i, item] of items.entries())
      assert.equal(
        (await solana.rpc.getBalance(address(item.to), { commitment: 'confirmed' }).send()).value,
        BigInt(item.amount),
        `item ${i} paid exactly once`,
      );
  });
});
