// @needs postgres
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { localOperator } from '../../src/app/operator.ts';
import type { Database } from '../../src/store/database.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createPostgresDatabase } from '../support/database.ts';
import { cli } from '../support/processes.ts';

const DAY = 24 * 3600 * 1000;
const SECRETS = { MASTER_KEY: 'a1'.repeat(32), API_KEY_SECRET: 'b2'.repeat(32) };
let n = 0;

describe('audit trail: a hash chain that `wallet-api audit verify` checks', () => {
  const clock = new ManualClock(new Date('2026-11-01T12:00:00Z'));
  let db: Database & { url: string };
  let app: TestApp;
  let dataDir: string;
  /** The CLI on the same database, as an operator runs it. */
  const walletApi = (...args: string[]) =>
    cli(args, { ...SECRETS, DATABASE_URL: db.url, DATA_DIR: dataDir, DEVNET: 'off', SEED_DEMO: 'off' });
  /** The same walk in process (the CLI is slower to start; a few tests run it as operators do). */
  const verify = () => app.services.audit.verify();
  const failsAt = async (pattern: RegExp) => {
    const v = await verify();
    assert.equal(v.ok, false);
    if (!v.ok) assert.match(`at entry ${v.entry.seq} (${v.entry.id}): ${v.reason}`, pattern);
  };
  const count = async () =>
    Number((await db.query<{ n: string }>('select count(*)::text as n from audit_entries'))[0]?.n);
  const entryAt = async (seq: number) =>
    (
      await db.query<{ id: string; details: Record<string, unknown> }>(
        'select id, details from audit_entries where seq = $1',
        [seq],
      )
    )[0];
  /** Changes a row as a superuser could: past the trigger that refuses updates. */
  const tamper = async (sql: string, params: unknown[]) => {
    await db.transaction(async (tx) => {
      await tx.query('alter table audit_entries disable trigger audit_entries_no_update');
      await tx.query(sql, params);
      await tx.query('alter table audit_entries enable trigger audit_entries_no_update');
    });
  };

  /** A little real history: a user, a wallet, keys, automation off and on, a revocation. */
  async function history() {
    const op = localOperator(app.services);
    const email = `chain${++n}@example.test`;
    await op.createUser({ email });
    const wallet = await op.createWallet({
      email,
      chainType: 'ethereum',
      makeDefault: true,
      automation: true,
    });
    const key = await op.createKey({ email, name: 'k', expires: 'never' });
    await op.setAutomation({ address: wallet.address, enabled: false });
    await op.setAutomation({ address: wallet.address, enabled: true });
    await op.revokeKey({ id: key.apiKey.id });
  }

  before(async () => {
    db = await createPostgresDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-audit-'));
    app = await startTestApp({ database: db, clock, env: { ...SECRETS, AUDIT_RETENTION_DAYS: '5' } });
  });
  after(async () => {
    await app?.stop();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('verify passes on a real history and says how many entries it checked', async () => {
    await history();
    await history();
    const total = await count();
    assert.equal(total, 12);
    const r = walletApi('audit', 'verify');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`verified: ${total} entries`));
    const json = walletApi('--json', 'audit', 'verify');
    assert.deepEqual(JSON.parse(json.stdout), { ok: true, checked: total });
  });

  test('entries cannot be updated: the database refuses', async () => {
    await assert.rejects(
      db.query("update audit_entries set action = 'key.revoked' where seq = 1"),
      /never updated/,
    );
  });

  test('a row changed directly in the database fails verify, naming that entry; put back, it passes again', async () => {
    const target = await entryAt(3);
    assert.ok(target);
    await tamper('update audit_entries set details = $2::jsonb where seq = $1', [
      3,
      JSON.stringify({ name: 'innocent' }),
    ]);
    const r = walletApi('audit', 'verify');
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`at entry 3 \\(${target.id}\\): its content does not match its hash`));
    assert.match(r.stderr, /2 entries before it verified/);

    await tamper('update audit_entries set details = $2::jsonb where seq = $1', [
      3,
      JSON.stringify(target.details),
    ]);
    assert.deepEqual(await verify(), { ok: true, checked: 12 });

    // Another column; then a hash replaced.
    await tamper("update audit_entries set actor_type = 'service' where seq = 4", []);
    await failsAt(/^at entry 4 .*does not match its hash/);
    await tamper("update audit_entries set actor_type = 'operator' where seq = 4", []);
    await tamper("update audit_entries set hash = repeat('ab', 32) where seq = 5", []);
    await failsAt(/^at entry 5 /);
  });

  test('removing entries is seen: one in the middle names the entry after the gap', async () => {
    // Entry 5's hash was replaced above: put back (entry 6 still links to the original).
    const prev = await db.query<{ prev_hash: string }>('select prev_hash from audit_entries where seq = 6');
    await tamper('update audit_entries set hash = $1 where seq = 5', [prev[0]?.prev_hash]);
    assert.equal((await verify()).ok, true);

    await db.query('delete from audit_entries where seq = 8');
    await failsAt(/^at entry 9 .*entries 8 to 8 before it are missing/);
  });

  test('retention prunes old entries, records that it did, and the chain still verifies from the oldest kept', async () => {
    // A fresh chain for this test: the one above was broken on purpose.
    await db.query('delete from audit_entries');
    await db.query(
      "update audit_chain set seq = 0, prev_hash = repeat('0', 64), hash = repeat('0', 64), pruned_seq = 0, pruned_hash = repeat('0', 64)",
    );
    await history(); // 6 entries, now
    clock.advance(10 * DAY);
    await history(); // 6 more, 10 days later
    assert.equal((await app.services.audit.verify()).ok, true);

    // AUDIT_RETENTION_DAYS=5: the first six go.
    const removed = await app.services.audit.prune();
    assert.equal(removed, 6);
    const kept = await db.query<{ seq: string; action: string }>(
      'select seq::text as seq, action from audit_entries order by audit_entries.seq',
    );
    assert.equal(kept.length, 7);
    assert.equal(kept[0]?.seq, '7');
    assert.equal(kept.at(-1)?.action, 'audit.pruned');
    assert.deepEqual(await verify(), { ok: true, checked: 7 });

    // Nothing older than the retention left: a second prune removes nothing and records nothing.
    assert.equal(await app.services.audit.prune(), 0);
    assert.equal(await count(), 7);

    // The oldest kept entry removed by hand (not by retention) is seen: it no longer links to the checkpoint.
    await db.query('delete from audit_entries where seq = 7');
    await failsAt(/^at entry 8 .*entries 7 to 7 before it are missing/);
  });

  test('removing the newest entries is seen against the chain head', async () => {
    await db.query('delete from audit_entries');
    await db.query(
      "update audit_chain set seq = 0, prev_hash = repeat('0', 64), hash = repeat('0', 64), pruned_seq = 0, pruned_hash = repeat('0', 64)",
    );
    await history();
    await db.query('delete from audit_entries where seq = 6');
    await failsAt(/newer entries were removed/);
  });

  test('audit list prints entries newest first, filtered by user and action', async () => {
    const email = `listed${++n}@example.test`;
    await localOperator(app.services).createUser({ email });
    const r = walletApi('--json', 'audit', 'list', '--user', email);
    assert.equal(r.status, 0, r.stderr);
    const page = JSON.parse(r.stdout) as { entries: { action: string; actor: { type: string } }[] };
    assert.deepEqual(
      page.entries.map((e) => [e.action, e.actor.type]),
      [['user.created', 'operator']],
    );
    const page2 = await app.services.audit.listAll({ action: 'user.created', limit: 1 });
    assert.equal(page2.entries.length, 1);
    assert.ok(page2.nextCursor);
  });
});
