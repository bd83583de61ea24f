import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { localOperator } from '../../src/app/operator.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { type FakePrivy, privyEnv, startFakePrivy } from '../support/privy.ts';
import { recordedBy } from './audit-support.ts';

describe('audit trail: Privy links', () => {
  let fake: FakePrivy;
  let app: TestApp;
  before(async () => {
    fake = await startFakePrivy();
    app = await startTestApp({ env: privyEnv(fake) });
  });
  after(async () => {
    await app?.stop();
    await fake?.close();
  });

  test('linking and unlinking a user each leave one entry naming the Privy account and the operator', async () => {
    const user = await app.newUser({ wallets: false });
    const privy = await fake.createUser({ email: user.email, wallets: ['ethereum'] });
    const op = localOperator(app.services);

    const linked = await recordedBy(app.db, () =>
      op.linkUser({ email: user.email, providerUserId: privy.id }),
    );
    assert.deepEqual(
      linked.map((e) => [e.action, e.actor_type, e.user_id, e.details.providerUserId]),
      [['user.linked', 'operator', user.userId, privy.id]],
    );

    // A link Privy refuses (no such account) changes nothing and records nothing.
    const refused = await recordedBy(app.db, () =>
      assert.rejects(op.linkUser({ email: user.email, providerUserId: 'did:privy:nosuchuser000' })),
    );
    assert.equal(refused.length, 0);

    const unlinked = await recordedBy(app.db, () => op.unlinkUser({ email: user.email }));
    assert.deepEqual(
      unlinked.map((e) => [e.action, e.actor_type, e.details.providerUserId]),
      [['user.unlinked', 'operator', privy.id]],
    );
    assert.deepEqual(await app.services.audit.verify(), { ok: true, checked: await count(app) });
  });
});

async function count(app: TestApp): Promise<number> {
  const rows = await app.db.query<{ n: number }>('select count(*)::int as n from audit_entries');
  return rows[0]?.n ?? 0;
}
