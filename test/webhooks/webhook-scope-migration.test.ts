import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadKeyPolicy } from '../../src/app/key-policies.ts';
import { listMigrations, migrate } from '../../src/store/migrate.ts';
import { openPgliteDatabase } from '../../src/store/pglite-database.ts';

describe('the webhooks scope on keys made before it existed', () => {
  test('keys that had every scope get it; a key restricted to fewer scopes does not', async () => {
    const db = await openPgliteDatabase(null);
    try {
      // The database as the release before webhooks left it: migrations up to 0009.
      await db.query(`create table schema_migrations (
        version integer primary key, name text not null, applied_at timestamptz not null default now())`);
      for (const m of listMigrations().filter((m) => m.version < 10)) {
        await db.exec(m.sql);
        await db.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      }
      await db.query("insert into users (id, email) values ('usr_1', 'old@example.test')");
      const key = (id: string, policy: unknown) =>
        db.query(
          `insert into api_keys (id, user_id, name, prefix, key_hash, created_at, policy)
           values ($1, 'usr_1', $1, 'abcd', convert_to($1, 'UTF8'), now(), $2::jsonb)`,
          [id, JSON.stringify(policy)],
        );
      const rest = { chains: ['base'], limits: [], recipients: null, contracts: null };
      await key('key_everything', { scopes: ['read', 'write', 'trade'], ...rest });
      await key('key_reader', { scopes: ['read'], ...rest });
      await key('key_before_policies', {});

      assert.equal((await migrate(db)).applied[0], '0010_webhooks');
      const scopes = async (id: string) => {
        const [row] = await db.query<{ policy: Record<string, unknown> }>(
          'select policy from api_keys where id = $1',
          [id],
        );
        return loadKeyPolicy(row?.policy).scopes;
      };
      assert.deepEqual(await scopes('key_everything'), ['read', 'write', 'trade', 'webhooks']);
      assert.deepEqual(await scopes('key_reader'), ['read']);
      assert.deepEqual(await scopes('key_before_policies'), ['read', 'write', 'trade', 'webhooks']);
    } finally {
      await db.close();
    }
  });
});
