// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { KeyPolicyInput } from '../../src/app/key-policies.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, waitForTx, write } from '../support/chain-app.ts';
import { agentAndApprover } from './approval-support.ts';

const randomAddress = () => privateKeyToAddress(generatePrivateKey());
const _ETH = 10n ** 18n;

describe('writes above an API key approval threshold wait for a person', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  before(async () => {
    // Approvals expire quickly here so that expiry can be seen; decisions are made well before.
    ctx = await startChainApp({ env: { APPROVAL_TTL: '10s' } });
    app = ctx.app;
  });
  after(async () => {
    await app.stop();
  });

  const policy: KeyPolicyInput = {
    approvalAbove: [{ chain: 'evm-localnet', asset: 'native', amount: '1000000' }],
    limits: [{ chain: 'evm-localnet', asset: 'native', perDay: '100000000' }],
  };
  const send = (key: string, to: string, amount: string, idem = randomUUID()) =>
    write(app, '/send', { chain: 'evm-localnet', asset: 'native', to, amount }, key, idem);
  const remaining = async (key: string) => {
    const self = await (await app.get('/api/v1/keys/self', key)).json();
    return self.limits.find((l: { asset: string }) => l.asset === 'native').remainingLast24h as string;
  };
  const decide = (key: string, id: string, decision: 'approve' | 'deny', body: unknown = {}) =>
    app.post(`/api/v1/approvals/${id}/${decision}`, body, key);

  test('a small send goes through, a large one waits (202, replayed), and an approver lets it land once', async () => {
    const u = await agentAndApprover(app, policy);
    const small = await send(u.agent, randomAddress(), '1000');
    assert.equal(small.status, 200, await small.clone().text());
    assert.equal((await small.json()).status, 'SUBMITTED');

    const to = randomAddress();
    const idem = randomUUID();
    const res = await send(u.agent, to, '5000000', idem);
    const text = await res.text();
    assert.equal(res.status, 202, text);
    const waiting = JSON.parse(text);
    assert.equal(waiting.status, 'PENDING');
    assert.equal(waiting.hash, null);
    assert.equal(waiting.approval.status, 'required');
    assert.match(waiting.approval.url, new RegExp(`/dashboard/approvals/${waiting.approval.id}$`));
    assert.ok(Date.parse(waiting.approval.expiresAt) > Date.now());
    // A retry with the same key replays the 202 byte for byte, and records nothing more.
    const again = await send(u.agent, to, '5000000', idem);
    assert.equal(again.status, 202);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(await again.text(), text);
    const tx = await (await app.get(`/api/v1/tx/${waiting.id}`, u.agent)).json();
    assert.equal(tx.status, 'PENDING');
    assert.deepEqual(tx.approval, waiting.approval);
    assert.deepEqual(tx.attempts, []);
    assert.equal(tx.nonce, null);
    // The amount counts against the daily limit from the request.
    assert.equal(await remaining(u.agent), String(100000000 - 1000 - 5000000));

    const listed = await (await app.get('/api/v1/approvals?status=pending', u.approver)).json();
    assert.equal(listed.approvals.length, 1);
    const item = listed.approvals[0];
    assert.equal(item.id, waiting.approval.id);
    assert.equal(item.keyName, 'agent');
    assert.equal(item.to.toLowerCase(), to.toLowerCase());
    assert.equal(item.intent.amount, '5000000');
    assert.match(item.reasons[0], /above this API key's approval threshold of 1000000/);
    assert.equal(await ctx.evm.getBalance({ address: to }), 0n, 'nothing is sent before a decision');

    // The agent's own key never decides on its own write.
    const own = await decide(u.agent, item.id, 'approve');
    assert.equal(own.status, 403);
    assert.equal((await own.json()).code, 'FORBIDDEN');

    const approved = await decide(u.approver, item.id, 'approve');
    assert.equal(approved.status, 200, await approved.clone().text());
    const decided = await approved.json();
    assert.equal(decided.status, 'approved');
    assert.match(decided.decidedBy, /phone/);
    const final = await waitForFinal(app, waiting.id, u.agent);
    assert.equal(final.status, 'CONFIRMED', JSON.stringify(final));
    assert.equal(final.approval.status, 'approved');
    assert.equal(await ctx.evm.getBalance({ address: to }), 5000000n);
    assert.equal(await ctx.evm.getTransactionCount({ address: u.address }), 2, 'one signature each');
    // A second decision is refused.
    const second = await decide(u.approver, item.id, 'deny');
    assert.equal(second.status, 409);
    assert.equal((await second.json()).code, 'APPROVAL_DECIDED');
  });

  test('a denied write ends FAILED naming who and why, the recipient is unpaid, and its amount is given back', async () => {
    const u = await agentAndApprover(app, policy);
    const to = randomAddress();
    const res = await send(u.agent, to, '7000000');
    assert.equal(res.status, 202);
    const waiting = await res.json();
    assert.equal(await remaining(u.agent), String(100000000 - 7000000));
    const denied = await decide(u.approver, waiting.approval.id, 'deny', { reason: 'not this week' });
    assert.equal(denied.status, 200, await denied.clone().text());
    const tx = await (await app.get(`/api/v1/tx/${waiting.id}`, u.agent)).json();
    assert.equal(tx.status, 'FAILED');
    assert.match(tx.error, /Denied by API key key_\w+ \(phone\): not this week/);
    assert.equal(tx.approval.status, 'denied');
    assert.equal(tx.hash, null);
    assert.equal(await remaining(u.agent), '100000000');
    assert.equal(await ctx.evm.getBalance({ address: to }), 0n);
    assert.equal(await ctx.evm.getTransactionCount({ address: u.address }), 0, 'nothing was signed');
  });

  test('an approval nobody decides expires: FAILED, its amount given back, and a late decision is 409', async () => {
    const u = await agentAndApprover(app, policy);
    const to = randomAddress();
    const res = await send(u.agent, to, '3000000');
    assert.equal(res.status, 202);
    const waiting = await res.json();
    const tx = await waitForTx(app, waiting.id, u.agent, (t) => t.status === 'FAILED', 90_000);
    assert.match(tx.error, /approval expired at .* without a decision; nothing was signed/);
    assert.equal(tx.approval.status, 'expired');
    assert.equal(await remaining(u.agent), '100000000');
    const late = await decide(u.approver, waiting.approval.id, 'approve');
    assert.equal(late.status, 409);
    assert.equal(await ctx.evm.getBalance({ address: to }), 0n);
  });

  test('listing approvals needs the approve scope, which no key gets without naming it', async () => {
    const u = await agentAndApprover(app, policy);
    const readOnly = await app.services.apiKeys.create(u.userId, {
      name: 'ro',
      policy: { scopes: ['read'] },
    });
    const res = await app.get('/api/v1/approvals', readOnly.key);
    assert.equal(res.status, 403);
    assert.match((await res.json()).error, /does not have the approve scope/);
    // The user's first key (created without naming scopes) is unrestricted, yet cannot approve.
    const full = await app.get('/api/v1/approvals', u.key);
    assert.equal(full.status, 403);
    const self = await (await app.get('/api/v1/keys/self', u.agent)).json();
    assert.deepEqual(self.scopes, ['read', 'write', 'trade', 'webhooks']);
    assert.deepEqual(self.approvalAbove, [{ chain: 'evm-localnet', asset: 'native', amount: '1000000' }]);
  });

  test('approvalFor sends every write of a kind to a person, and two approvers at once sign once', async () => {
    const u = await agentAndApprover(app, { approvalFor: ['send'] });
    const second = await app.services.apiKeys.create(u.userId, {
      name: 'laptop',
      policy: { scopes: ['approve'] },
    });
    const to = randomAddress();
    const res = await send(u.agent, to, '1');
    assert.equal(res.status, 202, await res.clone().text());
    const waiting = await res.json();
    const answers = await Promise.all([
      decide(u.approver, waiting.approval.id, 'approve'),
      decide(second.key, waiting.approval.id, 'approve'),
    ]);
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 409]);
    const final = await waitForFinal(app, waiting.id, u.agent);
    assert.equal(final.status, 'CONFIRMED');
    assert.equal(final.attempts.length, 1);
    assert.equal(await ctx.evm.getBalance({ address: to }), 1n);
    assert.equal(await ctx.evm.getTransactionCount({ address: u.address }), 1, 'the nonce moved by one');
  });
});
