// @needs devnet
// Atomic EVM payouts (issue 31) whose service is SIGKILLed as it sends a pack: one recorded and
// never broadcast, then one of three packs (the first landed, the second recorded and never sent,
// the third perhaps signed). After a restart every item lands exactly once, and the wallet's nonce
// moved by the number of packs: nothing of a landed pack is signed again.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type Address, type Hex, parseEther, parseTransaction } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { type CrashLab, crashLab } from '../support/crash-lab.ts';

const CHAIN = 'evm-localnet';
const SEND = 'eth_sendRawTransaction';

describe('atomic payouts survive the service being killed', () => {
  let lab: CrashLab;
  before(async () => {
    lab = await crashLab('atomic-crash');
  });
  after(() => lab.close());

  const itemsOf = (n: number, base: number) =>
    Array.from({ length: n }, (_, i) => ({
      to: privateKeyToAddress(generatePrivateKey()),
      amount: String(base + i),
    }));
  const create = async (items: { to: string; amount: string }[]) => {
    const res = await fetch(`${lab.api}/payouts`, {
      method: 'POST',
      headers: {
        'x-api-key': lab.demoKey(),
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ chain: CHAIN, asset: 'native', atomic: true, items }),
    });
    assert.equal(res.status, 202, await res.clone().text());
    return (await res.json()).id as string;
  };
  const paidOnce = async (items: { to: string; amount: string }[]) => {
    const balances = await Promise.all(
      items.map((item) => lab.evm.getBalance({ address: item.to as Address })),
    );
    for (const [i, item] of items.entries()) assert.equal(balances[i], BigInt(item.amount), `item ${i}`);
  };

  test('SIGKILL between recording and broadcasting, then a restart: every item lands exactly once', async () => {
    const killed = await lab.start();
    const from = await lab.demoWallet(parseEther('2'));
    const nonce = await lab.evm.getTransactionCount({ address: from });
    const items = itemsOf(120, 10_000);
    // The first broadcast never reaches the node: the service dies as it sends it.
    const dead = lab.killAt('before-forward', (call) => call.method === SEND);
    const id = await create(items);
    await dead;
    assert.equal(await killed.stop(), null, 'killed by the signal');
    assert.equal(await lab.evm.getTransactionCount({ address: from }), nonce, 'nothing reached the node');

    const server = await lab.start();
    const payout = await lab.waitForPayout(id);
    assert.equal(payout.status, 'completed', JSON.stringify(payout.totals));
    assert.equal((payout.totals as { transactions: number }).transactions, 1);
    await paidOnce(items);
    assert.equal(await lab.evm.getTransactionCount({ address: from }), nonce + 1, 'one transaction');
    assert.equal(await server.stop('SIGTERM'), 0);
  });

  test('SIGKILL as the second of three packs is sent, then a restart: every item lands exactly once, three nonces used', async () => {
    const first = await lab.start();
    const from = await lab.demoWallet(parseEther('2'));
    const start = await lab.evm.getTransactionCount({ address: from });
    const items = itemsOf(450, 20_000);
    // The second pack of this wallet's payout: the one after the first nonce it used.
    const dead = lab.killAt(
      'before-forward',
      (call) => call.method === SEND && parseTransaction(call.params?.[0] as Hex).nonce === start + 1,
    );
    const id = await create(items);
    await dead;
    assert.equal(await first.stop(), null, 'killed by the signal');
    assert.equal(
      await lab.evm.getTransactionCount({ address: from }),
      start + 1,
      'only the first pack landed',
    );

    const server = await lab.start();
    const payout = await lab.waitForPayout(id);
    assert.equal(payout.status, 'completed', JSON.stringify(payout.totals));
    assert.equal((payout.totals as { transactions: number }).transactions, 3);
    await paidOnce(items);
    assert.equal(
      await lab.evm.getTransactionCount({ address: from }),
      start + 3,
      'three packs, three nonces',
    );
    assert.equal(await server.stop('SIGTERM'), 0);
  });
});
