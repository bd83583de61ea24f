// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { type CrashLab, crashLab } from '../support/crash-lab.ts';

describe('crash safety of the write path', () => {
  let lab: CrashLab;
  before(async () => {
    lab = await crashLab('crash');
  });
  after(() => lab.close());

  test('a process killed between broadcast and response is reconciled on restart, and a retry does not send again', async () => {
    const { api, evm } = lab;
    const killed = await lab.start();
    const from = await lab.demoWallet(parseEther('2'));
    const headers = { 'x-api-key': lab.demoKey(), 'content-type': 'application/json' };
    const to = privateKeyToAddress(generatePrivateKey());
    const idempotencyKey = randomUUID();
    const body = JSON.stringify({ chain: 'evm-localnet', to, asset: 'native', amount: '7777' });
    // The node takes the transaction, then the service is killed before it hears back.
    const dead = lab.killAt('after-forward', (call) => call.method === 'eth_sendRawTransaction');
    await assert.rejects(
      fetch(`${api}/send`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': idempotencyKey },
        body,
      }),
      'the caller never gets an answer',
    );
    await dead;
    assert.equal(await killed.stop(), null, 'killed by the signal');

    const server = await lab.start();
    const retry = await fetch(`${api}/send`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': idempotencyKey },
      body,
    });
    assert.equal(retry.status, 200, await retry.clone().text());
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    const submission = await retry.json();
    assert.equal(submission.status, 'SUBMITTED');
    let tx = await (await fetch(`${api}/tx/${submission.id}`, { headers })).json();
    for (let i = 0; i < 100 && tx.status !== 'CONFIRMED'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      tx = await (await fetch(`${api}/tx/${submission.id}`, { headers })).json();
    }
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.hash, submission.hash);
    assert.equal(await evm.getBalance({ address: to }), 7777n, 'sent exactly once');
    assert.equal(await evm.getTransactionCount({ address: from }), 1);
    assert.equal(await server.stop('SIGTERM'), 0);
  });
});
