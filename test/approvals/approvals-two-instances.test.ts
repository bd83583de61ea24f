// @needs devnet postgres
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { twoInstances } from '../support/two-instances.ts';

const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('approvals on two instances sharing one PostgreSQL database', () => {
  const instances = twoInstances();

  async function setUp() {
    const { a, b } = { a: instances.a.app, b: instances.b };
    const user = await a.newUser();
    const address = (await walletOf(a, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address, amount: 10n ** 18n });
    const agent = await a.services.apiKeys.create(user.userId, {
      name: 'agent',
      policy: { approvalAbove: [{ chain: 'evm-localnet', asset: 'native', amount: '100' }] },
    });
    const one = await a.services.apiKeys.create(user.userId, {
      name: 'one',
      policy: { scopes: ['approve'] },
    });
    const two = await b.services.apiKeys.create(user.userId, {
      name: 'two',
      policy: { scopes: ['approve'] },
    });
    return { a, b, address, agent: agent.key, one: one.key, two: two.key };
  }

  test('two approvers on two instances at once: one decision, one signature, both instances agree', async () => {
    const { a, b, address, agent, one, two } = await setUp();
    const evm = instances.a.evm;
    const to = randomAddress();
    const res = await write(
      a,
      '/send',
      { chain: 'evm-localnet', asset: 'native', to, amount: '5000' },
      agent,
    );
    assert.equal(res.status, 202, await res.clone().text());
    const waiting = await res.json();
    const id = waiting.approval.id;
    const answers = await Promise.all([
      a.post(`/api/v1/approvals/${id}/approve`, {}, one),
      b.post(`/api/v1/approvals/${id}/approve`, {}, two),
    ]);
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 409]);
    const onA = await waitForFinal(a, waiting.id, agent);
    const onB = await waitForFinal(b, waiting.id, agent);
    assert.equal(onA.status, 'CONFIRMED', JSON.stringify(onA));
    assert.deepEqual(
      { status: onB.status, hash: onB.hash, approval: onB.approval.status },
      { status: 'CONFIRMED', hash: onA.hash, approval: 'approved' },
    );
    assert.equal(onA.attempts.length, 1);
    assert.equal(await evm.getBalance({ address: to }), 5000n);
    assert.equal(await evm.getTransactionCount({ address }), 1, 'exactly one signature reached the chain');
  });

  test('a write asked on one instance and denied on the other ends FAILED on both; its retry replays the 202', async () => {
    const { a, b, agent, two } = await setUp();
    const to = randomAddress();
    const idem = randomUUID();
    const body = { chain: 'evm-localnet', asset: 'native', to, amount: '7000' };
    const res = await write(a, '/send', body, agent, idem);
    assert.equal(res.status, 202);
    const text = await res.text();
    const waiting = JSON.parse(text);
    const listed = await (await b.get('/api/v1/approvals?status=pending', two)).json();
    assert.deepEqual(
      listed.approvals.map((x: { id: string }) => x.id),
      [waiting.approval.id],
    );
    const denied = await b.post(`/api/v1/approvals/${waiting.approval.id}/deny`, { reason: 'no' }, two);
    assert.equal(denied.status, 200);
    const onA = await (await a.get(`/api/v1/tx/${waiting.id}`, agent)).json();
    assert.equal(onA.status, 'FAILED');
    assert.match(onA.error, /Denied by API key key_\w+ \(two\): no/);
    const retry = await write(b, '/send', body, agent, idem);
    assert.equal(retry.status, 202);
    assert.equal(await retry.text(), text);
    assert.equal(await instances.a.evm.getBalance({ address: to }), 0n);
  });
});
