import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listTransactions } from '../../src/app/transactions/transaction-list.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { asUserId, asWalletId } from '../../src/domain/ids.ts';
import { listMigrations } from '../../src/store/migrate.ts';
import { openPgliteDatabase } from '../../src/store/pglite-database.ts';
import { recordTransaction } from './event-fixtures.ts';

test('upgrading a database that holds transactions: they keep their order, below every new one', async () => {
  const db = await openPgliteDatabase(null);
  try {
    const migrations = listMigrations();
    for (const m of migrations.filter((x) => x.version < 9)) await db.exec(m.sql);
    const user = asUserId('usr_upgrade');
    await db.query("insert into users (id, email, created_at) values ($1, 'u@example.test', now())", [user]);
    await db.query(
      `insert into wallets (id, user_id, chain_type, address, address_key, provider_type, client_type,
         is_default, automation_enabled, created_at, provider)
       values ('wal_upgrade', $1, 'ethereum', '0x1111111111111111111111111111111111111111',
         '0x1111111111111111111111111111111111111111', 'local', 'local', true, true, now(), 'local')`,
      [user],
    );
    const wallet = {
      id: asWalletId('wal_upgrade'),
      address: '0x1111111111111111111111111111111111111111',
      userId: user,
    };
    const before = [];
    // Recorded out of creation order: the list shows creation order for these.
    for (const minute of [3, 1, 2])
      before.push(
        await recordTransaction(db, wallet, { createdAt: new Date(Date.UTC(2026, 0, 1, 0, minute)) }),
      );
    await db.exec((migrations.find((m) => m.version === 9) as { sql: string }).sql);
    const after = await recordTransaction(db, wallet, { createdAt: new Date(Date.UTC(2020, 0, 1)) });

    const chains = createChainRegistry({}, {});
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listTransactions({ db, chains }, user, { limit: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...page.transactions.map((t) => t.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const [third, first, second] = before;
    assert.deepEqual(seen, [after.id, third?.id, second?.id, first?.id]);
  } finally {
    await db.close();
  }
});
