// @needs postgres
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { apiKeysService } from '../../src/app/api-keys.ts';
import { usersService } from '../../src/app/users.ts';
import { walletsService } from '../../src/app/wallets.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import type { Database } from '../../src/store/database.ts';
import { databaseInvalidationBus } from '../../src/store/invalidation-bus.ts';
import { listMigrations, migrate, migrationsApplied } from '../../src/store/migrate.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { keyEncryption } from '../../src/wallet-providers/local/key-encryption.ts';
import { localWalletProvider } from '../../src/wallet-providers/local/local-wallet-provider.ts';
import { createDatabase, ENGINES } from '../support/database.ts';

for (const engine of ENGINES) {
  describe(`storage on ${engine}`, () => {
    let db: Database;
    const clock = new ManualClock();
    const bus = () => databaseInvalidationBus(db);
    before(async () => {
      db = await createDatabase(engine);
    });
    after(async () => {
      await db.close();
    });

    test('migrations are applied once, recorded, and re-running them changes nothing', async () => {
      assert.equal(await migrationsApplied(db), true);
      assert.deepEqual(await migrate(db), { applied: [] });
      const rows = await db.query<{ version: number }>(
        'select version from schema_migrations order by version',
      );
      assert.deepEqual(
        rows.map((r) => r.version),
        listMigrations().map((m) => m.version),
      );
    });

    test('emails are unique regardless of case', async () => {
      const users = usersService({ db, clock });
      await users.create({ email: 'Case@Example.test' });
      await assert.rejects(users.create({ email: 'case@example.TEST' }), /already exists/);
      assert.equal((await users.require('CASE@example.test')).email, 'Case@Example.test');
    });

    test('exactly one default wallet per user and chain type, even when created concurrently', async () => {
      const users = usersService({ db, clock });
      const wallets = walletsService({
        db,
        clock,
        bus: bus(),
        provider: localWalletProvider({ encryption: keyEncryption(Buffer.alloc(32, 7)) }),
      });
      const user = await users.create({ email: `defaults-${engine}@example.test` });
      await Promise.all(Array.from({ length: 6 }, () => wallets.create(user.id, { chainType: 'ethereum' })));
      const list = await wallets.list(user.id);
      assert.equal(list.length, 6);
      assert.equal(list.filter((w) => w.isDefault).length, 1);
      assert.equal(list[0]?.isDefault, true);
      await assert.rejects(
        db.query("update wallets set is_default = true where user_id = $1 and chain_type = 'ethereum'", [
          user.id,
        ]),
        'the database itself refuses a second default',
      );
    });

    test('the 10-active-key limit holds under concurrency and revocation reaches every listener', async () => {
      const chains = createChainRegistry({});
      const users = usersService({ db, clock });
      const keys = apiKeysService({ db, clock, bus: bus(), chains, secret: Buffer.alloc(32, 1) });
      const user = await users.create({ email: `limit-${engine}@example.test` });
      const settled = await Promise.allSettled(
        Array.from({ length: 13 }, (_, i) => keys.create(user.id, { name: `k${i}` })),
      );
      assert.equal(settled.filter((r) => r.status === 'fulfilled').length, 10);

      // A second "instance": its own service and its own invalidation listener on the same database.
      const otherBus = databaseInvalidationBus(db);
      await otherBus.start();
      const other = apiKeysService({ db, clock, bus: otherBus, chains, secret: Buffer.alloc(32, 1) });
      const created = settled.find((r) => r.status === 'fulfilled');
      assert.ok(created?.status === 'fulfilled');
      assert.equal((await other.authenticate(created.value.key)).userId, user.id);
      await keys.revoke(created.value.apiKey.id, user.id);
      for (let i = 0; i < 50; i++) {
        try {
          await other.authenticate(created.value.key);
          await new Promise((r) => setTimeout(r, 20));
        } catch {
          break;
        }
      }
      await assert.rejects(other.authenticate(created.value.key), /Invalid API key/);
      await otherBus.stop();
    });

    test('private keys are stored only encrypted and open only with the right master key', async () => {
      const users = usersService({ db, clock });
      const encryption = keyEncryption(Buffer.alloc(32, 9));
      const wallets = walletsService({
        db,
        clock,
        bus: bus(),
        provider: localWalletProvider({ encryption }),
      });
      const user = await users.create({ email: `keys-${engine}@example.test` });
      await wallets.create(user.id, { chainType: 'solana' });
      const [row] = await db.query<{ wallet_id: string; address: string; ciphertext: Uint8Array }>(
        `select k.wallet_id, w.address, k.ciphertext from local_wallet_keys k join wallets w on w.id = k.wallet_id
         where w.user_id = $1`,
        [user.id],
      );
      assert.ok(row);
      assert.equal(Buffer.from(row.ciphertext).length, 32);
    });
  });
}
