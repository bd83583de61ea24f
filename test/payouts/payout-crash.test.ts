// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { type CrashLab, crashLab } from '../support/crash-lab.ts';

describe('a payout survives the service being killed', () => {
  let lab: CrashLab;
  before(async () => {
    lab = await crashLab('payout-crash');
  });
  after(() => lab.close());

  test('SIGKILL in the middle of a 200-item payout, then a restart: every item lands exactly once', async () => {
    const { api, evm } = lab;
    const killed = await lab.start();
    const from = await lab.demoWallet(parseEther('2'));
    const headers = { 'x-api-key': lab.demoKey(), 'content-type': 'application/json' };
    const items = Array.from({ length: 200 }, (_, i) => ({
      to: privateKeyToAddress(generatePrivateKey()),
      amount: String(10_000 + i),
    }));
    // The node takes the broadcasts; after the 70th the service is killed, mid-part.
    let sends = 0;
    const dead = lab.killAt(
      'after-forward',
      (call) => call.method === 'eth_sendRawTransaction' && ++sends >= 70,
    );
    const res = await fetch(`${api}/payouts`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ chain: 'evm-localnet', asset: 'native', items }),
    });
    assert.equal(res.status, 202, await res.clone().text());
    const { id } = await res.json();
    await dead;
    assert.equal(await killed.stop(), null, 'killed by the signal');
    const broadcasts = lab.proxy.calls.filter((c) => c.method === 'eth_sendRawTransaction').length;
    assert.ok(broadcasts >= 70 && broadcasts < 200, `killed mid-payout (${broadcasts} broadcasts)`);

    const server = await lab.start();
    const payout = await lab.waitForPayout(id);
    assert.equal(payout.status, 'completed', JSON.stringify(payout.totals));
    for (const item of items)
      assert.equal(await evm.getBalance({ address: item.to as Address }), BigInt(item.amount));
    assert.equal(await evm.getTransactionCount({ address: from }), 200, 'the nonce moved by the item count');
    assert.equal(await server.stop('SIGTERM'), 0);
  });
});
