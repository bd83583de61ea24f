// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { localOperator } from '../../src/app/operator.ts';
import { DashboardClient } from '../dashboard/dashboard-client.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { recordedBy, type StoredEntry } from './audit-support.ts';

const PASSWORD = 'correct horse battery staple';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());
let n = 0;

/** The one entry an action recorded; fails when it recorded none or several. */
function only(entries: StoredEntry[]): StoredEntry {
  assert.equal(
    entries.length,
    1,
    `expected exactly one entry, got ${entries.map((e) => e.action).join(', ')}`,
  );
  return entries[0] as StoredEntry;
}

describe('audit trail: each action leaves exactly one entry naming its actor', () => {
  let app: TestApp;
  const secrets: string[] = [];
  before(async () => {
    app = (await startChainApp({ env: { TRUST_PROXY: 'true' } })).app;
  });
  after(async () => {
    await app?.stop();
  });

  test('operator commands record the operator as the actor, keys with their policy and never the key', async () => {
    const op = localOperator(app.services);
    const email = `op${++n}@example.test`;
    const created = only(await recordedBy(app.db, () => op.createUser({ email, password: PASSWORD })));
    secrets.push(PASSWORD);
    assert.equal(created.action, 'user.created');
    assert.equal(created.actor_type, 'operator');
    assert.equal(created.target_type, 'user');
    const user = await app.services.users.require(email);
    assert.equal(created.user_id, user.id);

    const password = only(
      await recordedBy(app.db, () => op.setPassword({ email, password: `${PASSWORD}!` })),
    );
    secrets.push(`${PASSWORD}!`);
    assert.deepEqual([password.action, password.actor_type], ['user.password_set', 'operator']);

    let address = '';
    const wallet = only(
      await recordedBy(app.db, async () => {
        address = (
          await op.createWallet({ email, chainType: 'ethereum', makeDefault: true, automation: true })
        ).address;
      }),
    );
    assert.deepEqual([wallet.action, wallet.target_id], ['wallet.created', address]);

    const off = only(await recordedBy(app.db, () => op.setAutomation({ address, enabled: false })));
    assert.deepEqual(
      [off.action, off.actor_type, off.user_id],
      ['wallet.automation_disabled', 'operator', user.id],
    );
    const on = only(await recordedBy(app.db, () => op.setAutomation({ address, enabled: true })));
    assert.equal(on.action, 'wallet.automation_enabled');

    let keyId = '';
    const keyEntry = only(
      await recordedBy(app.db, async () => {
        const k = await op.createKey({
          email,
          name: 'bot',
          expires: '30d',
          policy: {
            scopes: ['read', 'write'],
            limits: [{ chain: 'evm-localnet', asset: 'native', perTransaction: '5', perDay: null }],
          },
        });
        secrets.push(k.key, k.key.slice(9));
        keyId = k.apiKey.id;
      }),
    );
    assert.deepEqual(
      [keyEntry.action, keyEntry.actor_type, keyEntry.target_id],
      ['key.created', 'operator', keyId],
    );
    const policy = keyEntry.details.policy as { scopes: string[]; limits: { perTransaction: string }[] };
    assert.deepEqual(policy.scopes, ['read', 'write']);
    assert.equal(policy.limits[0]?.perTransaction, '5');
    assert.equal(keyEntry.details.name, 'bot');

    const revoked = only(await recordedBy(app.db, () => op.revokeKey({ id: keyId })));
    assert.deepEqual([revoked.action, revoked.target_id, revoked.user_id], ['key.revoked', keyId, user.id]);
    // Revoking a revoked key changes nothing and records nothing.
    assert.equal((await recordedBy(app.db, () => op.revokeKey({ id: keyId }))).length, 0);
  });

  test('an accepted write is recorded with the key that made it, the request id and the client address; a replay adds nothing', async () => {
    const user = await app.newUser();
    secrets.push(user.key, user.key.slice(9));
    const from = await walletOf(app, user.userId, 'ethereum');
    await fund({ chain: 'evm-localnet', address: from, amount: 10n ** 18n });
    const keyId = (await app.services.apiKeys.list(user.userId))[0]?.id;
    const idem = randomUUID();
    const body = { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '1000' };
    let res: Response | undefined;
    const entry = only(
      await recordedBy(app.db, async () => {
        res = await write(app, '/send', body, user.key, idem);
      }),
    );
    assert.equal(res?.status, 200);
    const submission = (await res?.json()) as { id: string };
    assert.equal(entry.action, 'write.accepted');
    assert.equal(entry.outcome, 'succeeded');
    assert.deepEqual(
      [entry.actor_type, entry.actor_key_id, entry.actor_key_name, entry.actor_user_id],
      ['key', keyId, 'test', user.userId],
    );
    assert.deepEqual([entry.target_type, entry.target_id], ['transaction', submission.id]);
    assert.equal(entry.request_id, res?.headers.get('x-request-id'));
    assert.equal(entry.client_address, '127.0.0.1');
    assert.deepEqual(
      [entry.details.chain, entry.details.value, String(entry.details.to).toLowerCase()],
      ['evm-localnet', '1000', body.to.toLowerCase()],
    );
    const replay = await recordedBy(app.db, async () => {
      const again = await write(app, '/send', body, user.key, idem);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
    });
    assert.equal(replay.length, 0, 'a replay sends nothing new and records nothing');
  });

  test('a write refused by a key rule is recorded with the rule, and nothing else is', async () => {
    const user = await app.newUser();
    const readOnly = await app.services.apiKeys.create(user.userId, {
      name: 'reader',
      policy: { scopes: ['read'] },
    });
    const capped = await app.services.apiKeys.create(user.userId, {
      name: 'capped',
      policy: { limits: [{ chain: 'evm-localnet', asset: 'native', perTransaction: '10', perDay: null }] },
    });
    secrets.push(readOnly.key, capped.key);
    const body = { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '11' };

    const scope = only(
      await recordedBy(app.db, async () => {
        assert.equal((await write(app, '/send', body, readOnly.key)).status, 403);
      }),
    );
    assert.deepEqual(
      [scope.action, scope.outcome, scope.actor_key_id, scope.actor_key_name],
      ['write.refused', 'refused', readOnly.apiKey.id, 'reader'],
    );
    assert.match(String(scope.details.rule), /does not have the write scope/);
    assert.equal(scope.target_id, 'POST /api/v1/send');

    const limit = only(
      await recordedBy(app.db, async () => {
        assert.equal((await write(app, '/send', body, capped.key)).status, 403);
      }),
    );
    assert.equal(limit.action, 'write.refused');
    assert.match(String(limit.details.rule), /exceeds this API key's maximum per transaction of 10/);
    assert.equal(limit.details.chain, 'evm-localnet');
    const txs = await app.db.query('select 1 from transactions where user_id = $1', [user.userId]);
    assert.equal(txs.length, 0, 'a refused write records no transaction');

    // A refusal that is not a key rule (a 400) is not a refused write.
    const invalid = await recordedBy(app.db, async () => {
      assert.equal((await write(app, '/send', { ...body, amount: 'x' }, capped.key)).status, 400);
    });
    assert.equal(invalid.length, 0);
  });

  test('dashboard sign-ins, failed sign-ins, key and automation changes and sign-out name the user or session', async () => {
    const user = await app.newUser();
    await app.services.users.setPassword(user.email, PASSWORD);
    const c = new DashboardClient(app.url, { 'x-forwarded-for': '198.51.100.77' });

    const failed = only(await recordedBy(app.db, () => c.signIn(user.email, 'wrong password here')));
    assert.deepEqual(
      [failed.action, failed.outcome, failed.actor_type, failed.actor_user_id, failed.client_address],
      ['dashboard.sign_in', 'failed', 'user', user.userId, '198.51.100.77'],
    );
    assert.equal(failed.details.email, user.email);

    const unknown = only(await recordedBy(app.db, () => c.signIn('nobody-here@example.test', PASSWORD)));
    assert.deepEqual(
      [unknown.outcome, unknown.user_id, unknown.details.email],
      ['failed', null, 'nobody-here@example.test'],
    );

    // Something that is not an email (a password typed in the wrong field) is not recorded.
    const typo = only(await recordedBy(app.db, () => c.signIn('hunter2-not-an-email', PASSWORD)));
    assert.equal(typo.details.email, null);

    let signIn: Response | undefined;
    const ok = only(
      await recordedBy(app.db, async () => {
        signIn = await c.signIn(user.email, PASSWORD);
      }),
    );
    assert.equal(signIn?.status, 303);
    const cookie = c.cookies.get('wa_session') ?? '';
    assert.ok(cookie.length >= 43);
    secrets.push(cookie);
    assert.deepEqual(
      [ok.action, ok.outcome, ok.actor_type, ok.target_type],
      ['dashboard.sign_in', 'succeeded', 'user', 'session'],
    );
    const sessionId = ok.target_id;
    assert.match(sessionId ?? '', /^ses_/);

    await c.get('/dashboard/keys');
    const keyCreated = only(
      await recordedBy(app.db, () =>
        c.post('/dashboard/keys', { _csrf: c.csrf(), name: 'from dashboard', expires: 'never' }),
      ),
    );
    assert.deepEqual(
      [keyCreated.action, keyCreated.actor_type, keyCreated.actor_session_id, keyCreated.actor_user_id],
      ['key.created', 'session', sessionId, user.userId],
    );
    const keyId = keyCreated.target_id ?? '';
    await c.get('/dashboard/keys');
    const keyRevoked = only(
      await recordedBy(app.db, () => c.post(`/dashboard/keys/${keyId}/revoke`, { _csrf: c.csrf() })),
    );
    assert.deepEqual([keyRevoked.action, keyRevoked.actor_session_id], ['key.revoked', sessionId]);

    const address = await walletOf(app, user.userId, 'ethereum');
    await c.get('/dashboard/wallets');
    const automation = only(
      await recordedBy(app.db, () =>
        c.post('/dashboard/wallets/automation', { _csrf: c.csrf(), address, automation: 'off' }),
      ),
    );
    assert.deepEqual(
      [automation.action, automation.actor_type, automation.target_id],
      ['wallet.automation_disabled', 'session', address],
    );

    await c.get('/dashboard/keys');
    const out = only(await recordedBy(app.db, () => c.post('/dashboard/sign-out', { _csrf: c.csrf() })));
    assert.deepEqual(
      [out.action, out.actor_type, out.actor_session_id],
      ['dashboard.sign_out', 'session', sessionId],
    );
  });

  test('GET /api/v1/audit shows the caller’s user only, newest first, pages without skipping, filters by action and key', async () => {
    const mine = await app.newUser();
    const other = await app.newUser();
    const second = await app.services.apiKeys.create(mine.userId, {
      name: 'second',
      policy: { scopes: ['read'] },
    });
    await app.services.apiKeys.create(other.userId, { name: 'not yours' });
    // Two refused writes by the read-only key: entries it made.
    for (let i = 0; i < 2; i++)
      await write(
        app,
        '/send',
        { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '1' },
        second.key,
      );

    const all: {
      id: string;
      action: string;
      actor: { keyId: string | null };
      details: Record<string, unknown>;
    }[] = [];
    let cursor: string | null = null;
    do {
      const res = await app.get(`/api/v1/audit?limit=2${cursor ? `&cursor=${cursor}` : ''}`, second.key);
      assert.equal(res.status, 200);
      const page = (await res.json()) as { entries: typeof all; nextCursor: string | null };
      assert.ok(page.entries.length <= 2);
      all.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    assert.equal(new Set(all.map((e) => e.id)).size, all.length, 'no entry repeated');
    // newUser: the user, two wallets, a key; then the second key and two refusals.
    assert.deepEqual(
      all.map((e) => e.action),
      [
        'write.refused',
        'write.refused',
        'key.created',
        'key.created',
        'wallet.created',
        'wallet.created',
        'user.created',
      ],
    );
    assert.ok(!all.some((e) => e.details.name === 'not yours'), 'another user’s entries are not shown');

    const byAction = (await (await app.get('/api/v1/audit?action=key.created', second.key)).json()) as {
      entries: typeof all;
    };
    assert.deepEqual(
      byAction.entries.map((e) => e.action),
      ['key.created', 'key.created'],
    );
    const byKey = (await (await app.get(`/api/v1/audit?keyId=${second.apiKey.id}`, second.key)).json()) as {
      entries: typeof all;
    };
    assert.equal(byKey.entries.length, 2);
    assert.ok(byKey.entries.every((e) => e.actor.keyId === second.apiKey.id));

    assert.equal((await app.get('/api/v1/audit?action=nope', second.key)).status, 400);
    const tradeOnly = await app.services.apiKeys.create(mine.userId, {
      name: 'trader',
      policy: { scopes: ['trade'] },
    });
    assert.equal(
      (await app.get('/api/v1/audit', tradeOnly.key)).status,
      403,
      'reading the trail needs the read scope',
    );
  });

  test('when its entry cannot be written, the action fails and changes nothing', async () => {
    const user = await app.newUser();
    secrets.push(user.key);
    const from = await walletOf(app, user.userId, 'ethereum');
    await fund({ chain: 'evm-localnet', address: from, amount: 10n ** 18n });
    await app.db.exec(`create function audit_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'audit storage unavailable (test)'; end; $$;
      create trigger audit_test_refuse before insert on audit_entries
        for each row execute function audit_test_refuse();`);
    try {
      await assert.rejects(
        app.services.apiKeys.create(user.userId, { name: 'unrecorded' }),
        /audit storage unavailable/,
      );
      const names = (await app.services.apiKeys.list(user.userId)).map((k) => k.name);
      assert.deepEqual(names, ['test'], 'no key without its entry');

      const res = await write(
        app,
        '/send',
        { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '7' },
        user.key,
      );
      assert.ok(res.status >= 500, `answered ${res.status}`);
      assert.equal((await res.json()).sent, 'no');
      const txs = await app.db.query('select 1 from transactions where user_id = $1', [user.userId]);
      assert.equal(txs.length, 0, 'no transaction recorded (and so none broadcast) without its entry');
    } finally {
      await app.db.exec(
        'drop trigger audit_test_refuse on audit_entries; drop function audit_test_refuse();',
      );
    }
  });

  test('webhook endpoints added, re-keyed and removed name the key or the operator, never the secret', async () => {
    const user = await app.newUser({ wallets: false });
    secrets.push(user.key);
    const keyId = (await app.services.apiKeys.list(user.userId))[0]?.id;
    let created: { id: string; secret: string } | undefined;
    const added = only(
      await recordedBy(app.db, async () => {
        const res = await app.post(
          '/api/v1/webhooks',
          { url: 'http://127.0.0.1:9/hook', types: ['transaction.confirmed'] },
          user.key,
        );
        assert.equal(res.status, 201);
        created = (await res.json()) as { id: string; secret: string };
      }),
    );
    secrets.push(created?.secret as string);
    assert.deepEqual(
      [added.action, added.actor_type, added.actor_key_id, added.target_type, added.target_id],
      ['webhook.created', 'key', keyId, 'webhook', created?.id],
    );
    assert.deepEqual(added.details.types, ['transaction.confirmed']);
    const rotated = only(
      await recordedBy(app.db, async () => {
        const res = await app.post(`/api/v1/webhooks/${created?.id}/rotate-secret`, {}, user.key);
        assert.equal(res.status, 200);
        secrets.push(((await res.json()) as { secret: string }).secret);
      }),
    );
    assert.deepEqual([rotated.action, rotated.actor_key_id], ['webhook.secret_rotated', keyId]);
    const op = localOperator(app.services);
    const removed = only(
      await recordedBy(app.db, () => op.removeWebhook({ email: user.email, id: created?.id as string })),
    );
    assert.deepEqual(
      [removed.action, removed.actor_type, removed.target_id],
      ['webhook.deleted', 'operator', created?.id],
    );
    const refused = await recordedBy(app.db, async () => {
      const res = await app.post(`/api/v1/webhooks/${created?.id}/rotate-secret`, {}, user.key);
      assert.equal(res.status, 404);
    });
    assert.equal(refused.length, 0, 'a rotation of a deleted endpoint changes and records nothing');
  });

  test('no entry holds a secret: no API key or its hash, no password, no session cookie or its hash', async () => {
    const hashes = await app.db.query<{ h: string }>(
      "select encode(key_hash, 'hex') as h from api_keys union all select encode(token_hash, 'hex') from dashboard_sessions",
    );
    const all = [...secrets, ...hashes.map((r) => r.h)];
    assert.ok(secrets.length >= 8 && hashes.length > 0, 'the suite collected what to look for');
    const rows = await app.db.query<{ dump: string }>('select t::text as dump from audit_entries t');
    assert.ok(rows.length > 10, 'the suite recorded a history');
    for (const { dump } of rows)
      for (const secret of all) assert.ok(!dump.includes(secret), `a secret is in an audit entry: ${dump}`);
  });
});
