// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { DEMO_EMAIL } from '../../src/app/seed-demo.ts';
import { type CrashLab, crashLab } from '../support/crash-lab.ts';
import { cli } from '../support/processes.ts';

describe('an approved write across a crash', () => {
  let lab: CrashLab;
  before(async () => {
    lab = await crashLab('approval-crash');
  });
  after(() => lab.close());

  test('a process killed between the approval and the broadcast lands the write once after restart', async () => {
    const { api, evm } = lab;
    // The demo user and its wallet; then, with the server stopped, an agent key whose sends wait
    // for a person and an approver key (the operator CLI works on the stopped server's data).
    let server = await lab.start();
    const from = await lab.demoWallet(parseEther('1'));
    assert.equal(await server.stop('SIGTERM'), 0);
    const created = (args: string[]) => {
      const r = cli(['--json', 'keys', 'create', '--user', DEMO_EMAIL, ...args], lab.env);
      assert.equal(r.status, 0, r.stderr);
      return JSON.parse(r.stdout).key as string;
    };
    const agent = created(['--name', 'agent', '--approval-for', 'send']);
    const approver = created(['--name', 'approver', '--scopes', 'approve']);

    server = await lab.start();
    const to = privateKeyToAddress(generatePrivateKey());
    const res = await fetch(`${api}/send`, {
      method: 'POST',
      headers: { 'x-api-key': agent, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ chain: 'evm-localnet', to, asset: 'native', amount: '4242' }),
    });
    assert.equal(res.status, 202, await res.clone().text());
    const waiting = await res.json();
    // The service is killed as it is about to broadcast the approved write: the node never gets it.
    const killed = server;
    const broadcastReached = lab.killAt('before-forward', (call) => call.method === 'eth_sendRawTransaction');
    // The decision is stored before the write is executed; the process dies before broadcasting.
    await fetch(`${api}/approvals/${waiting.approval.id}/approve`, {
      method: 'POST',
      headers: { 'x-api-key': approver, 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => null);
    // Executed right after the decision (the answer may come first): wait until it broadcasts.
    await broadcastReached;
    assert.equal(await killed.stop(), null, 'killed by the signal');
    assert.equal(await evm.getBalance({ address: to }), 0n, 'nothing reached the chain before the kill');

    server = await lab.start();
    let tx = await (await fetch(`${api}/tx/${waiting.id}`, { headers: { 'x-api-key': agent } })).json();
    for (let i = 0; i < 300 && tx.status !== 'CONFIRMED' && tx.status !== 'FAILED'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      tx = await (await fetch(`${api}/tx/${waiting.id}`, { headers: { 'x-api-key': agent } })).json();
    }
    assert.equal(tx.status, 'CONFIRMED', JSON.stringify(tx));
    assert.equal(tx.approval.status, 'approved');
    assert.equal(await evm.getBalance({ address: to }), 4242n, 'sent exactly once');
    assert.equal(await evm.getTransactionCount({ address: from }), 1, 'one signature reached the chain');
    assert.equal(await server.stop('SIGTERM'), 0);
  });
});
