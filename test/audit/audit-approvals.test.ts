// @needs devnet
// Writes sent for approval, approved, denied and expired each leave one audit entry naming who
// (the agent's key, the approver's key, the service), in the transaction of the change (issue 30).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { agentAndApprover } from '../approvals/approval-support.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, write } from '../support/chain-app.ts';
import { entriesSince, recordedBy, type StoredEntry } from './audit-support.ts';

const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('audit trail of approvals', () => {
  let app: TestApp;
  before(async () => {
    app = (await startChainApp({ env: { APPROVAL_TTL: '1s' } })).app;
  });
  after(async () => {
    await app?.stop();
  });

  const policy = { approvalAbove: [{ chain: 'evm-localnet', asset: 'native', amount: '1000' }] };
  const keyIdOf = async (userId: string, name: string) =>
    (await app.services.apiKeys.list(userId as never)).find((k) => k.name === name)?.id;
  const large = (key: string) =>
    write(
      app,
      '/send',
      { chain: 'evm-localnet', asset: 'native', to: randomAddress(), amount: '5000' },
      key,
      randomUUID(),
    );
  const actions = (entries: StoredEntry[]) => entries.map((e) => e.action);

  test('sent for approval by the agent key, approved and denied by the approver key, expired by the service', async () => {
    const u = await agentAndApprover(app, policy);
    const agentId = await keyIdOf(u.userId, 'agent');
    const approverId = await keyIdOf(u.userId, 'phone');
    let waiting: { id: string; approval: { id: string } } | undefined;
    const asked = await recordedBy(app.db, async () => {
      const res = await large(u.agent);
      assert.equal(res.status, 202);
      waiting = await res.json();
    });
    assert.deepEqual(actions(asked), ['write.approval_requested']);
    assert.deepEqual(
      [asked[0]?.actor_type, asked[0]?.actor_key_id, asked[0]?.target_id],
      ['key', agentId, waiting?.id],
    );
    assert.equal(asked[0]?.details.approvalId, waiting?.approval.id);

    const approved = await recordedBy(app.db, async () => {
      const res = await app.post(`/api/v1/approvals/${waiting?.approval.id}/approve`, {}, u.approver);
      assert.equal(res.status, 200);
    });
    const decision = approved.find((e) => e.action === 'write.approved');
    assert.deepEqual([decision?.actor_key_id, decision?.target_id], [approverId, waiting?.id]);
    assert.equal(approved.filter((e) => e.action === 'write.approved').length, 1);

    const second = await (await large(u.agent)).json();
    const denied = await recordedBy(app.db, async () => {
      const res = await app.post(
        `/api/v1/approvals/${second.approval.id}/deny`,
        { reason: 'not today' },
        u.approver,
      );
      assert.equal(res.status, 200);
    });
    assert.deepEqual(actions(denied), ['write.denied']);
    assert.deepEqual([denied[0]?.actor_key_id, denied[0]?.details.reason], [approverId, 'not today']);

    // A second decision is refused and records nothing.
    const late = await recordedBy(app.db, async () => {
      const res = await app.post(`/api/v1/approvals/${second.approval.id}/approve`, {}, u.approver);
      assert.equal(res.status, 409);
    });
    assert.deepEqual(actions(late), []);

    const mark = Number(
      (await app.db.query<{ seq: string }>('select seq::text as seq from audit_chain'))[0]?.seq ?? 0,
    );
    const third = await (await large(u.agent)).json();
    const deadline = Date.now() + 20_000;
    let expired: StoredEntry | undefined;
    while (!expired && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      expired = (await entriesSince(app.db, mark)).find((e) => e.action === 'write.approval_expired');
    }
    assert.deepEqual(
      [expired?.actor_type, expired?.target_id, expired?.details.approvalId],
      ['service', third.id, third.approval.id],
    );
  });
});
