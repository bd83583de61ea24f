// @needs devnet
// One database, run with the local signer, then Privy, then the local signer again (the Privy demo
// on the local demo's ./data, issue 32 item 2): each provider lists and uses its own wallets, with
// its own defaults, and never hides or changes the other's.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { localOperator } from '../../src/app/operator.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { listMigrations, migrate } from '../../src/store/migrate.ts';
import { openPgliteDatabase } from '../../src/store/pglite-database.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { waitForFinal, write } from '../support/chain-app.ts';
import { createPgliteDatabase } from '../support/database.ts';
import { type DevnetInfo, fund, useDevnet } from '../support/devnet.ts';
import { type FakePrivy, privyEnv, startFakePrivy } from '../support/privy.ts';

const EVM = 'evm-localnet';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

interface WalletJson {
  address: string;
  chainType: string;
  isDefault: boolean;
  automationEnabled: boolean;
  clientType: string;
}

describe('switching the wallet provider on one database', () => {
  let info: DevnetInfo;
  let fake: FakePrivy;
  const db = createPgliteDatabase();
  // The local signer's keys are encrypted under MASTER_KEY: every start must use the same one.
  const secrets = {
    MASTER_KEY: randomBytes(32).toString('hex'),
    API_KEY_SECRET: randomBytes(32).toString('hex'),
    RATE_LIMIT_WRITE_PER_MINUTE: '1000',
    TRACKER_INTERVAL_MS: '200',
  };
  before(async () => {
    info = await useDevnet();
    fake = await startFakePrivy();
  });
  after(async () => {
    await fake?.close();
    await (await db).close();
  });

  const start = async (env: Record<string, string> = {}): Promise<TestApp> =>
    startTestApp({
      database: await db,
      chains: createChainRegistry({}, { 'evm-localnet': { rpcUrl: info.evm.rpcUrl } }),
      env: { ...secrets, ...env },
    });
  const walletsOf = async (app: TestApp, key: string): Promise<WalletJson[]> => {
    const res = await app.get('/api/v1/wallets', key);
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()).wallets;
  };
  const sendLands = async (app: TestApp, key: string) => {
    const res = await write(
      app,
      '/send',
      { chain: EVM, to: randomAddress(), asset: 'native', amount: '1000' },
      key,
    );
    assert.equal(res.status, 200, await res.clone().text());
    const tx = await waitForFinal(app, (await res.json()).id, key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    return tx;
  };

  test('local, Privy, local, Privy: both keep their wallets, defaults and sends', async () => {
    // 1. The local demo: a user with local wallets, funded.
    let app = await start();
    const user = await app.newUser();
    const local = await walletsOf(app, user.key);
    assert.equal(local.length, 2);
    const localEvm = local.find((w) => w.chainType === 'ethereum' && w.isDefault)?.address ?? '';
    await fund({ chain: EVM, address: localEvm, amount: 10n ** 18n });
    assert.equal((await sendLands(app, user.key)).from, localEvm);
    await app.stop();

    // 2. The Privy demo on the same data: the user is linked and sees (and uses) Privy's wallets only.
    app = await start(privyEnv(fake));
    const privy = await fake.createUser({ email: user.email });
    await app.services.wallets.link(user.userId, privy.id);
    const privyWallets = await walletsOf(app, user.key);
    assert.deepEqual(
      privyWallets.map((w) => w.address).sort(),
      privy.wallets.map((w) => w.address).sort(),
      'the local wallets are not listed under Privy',
    );
    const privyEvm = privyWallets.find((w) => w.chainType === 'ethereum' && w.isDefault)?.address ?? '';
    await fund({ chain: EVM, address: privyEvm, amount: 10n ** 18n });
    assert.equal((await sendLands(app, user.key)).from, privyEvm);
    await app.stop();

    // 3. The local demo again: exactly its own wallets, defaults and automation, and sends work.
    app = await start();
    assert.deepEqual(await walletsOf(app, user.key), local, 'the local wallets are back unchanged');
    assert.equal((await sendLands(app, user.key)).from, localEvm);
    // A Privy wallet named as `from` is not this provider's: not found, nothing signed.
    const refused = await write(
      app,
      '/send',
      { chain: EVM, from: privyEvm, to: randomAddress(), asset: 'native', amount: '1' },
      user.key,
    );
    assert.equal(refused.status, 404);
    assert.equal((await refused.json()).code, 'WALLET_NOT_FOUND');
    await assert.rejects(localOperator(app.services).setAutomation({ address: privyEvm, enabled: true }), {
      code: 'INVALID_INPUT',
      message: /held by the privy wallet provider/,
    });
    await app.stop();

    // 4. Privy again: its wallets and defaults are as they were.
    app = await start(privyEnv(fake));
    assert.deepEqual(await walletsOf(app, user.key), privyWallets);
    assert.equal((await sendLands(app, user.key)).from, privyEvm);
    await app.stop();

    // 5. In local mode the Privy link can be removed (it no longer has to be, to use the local wallets).
    app = await start();
    await localOperator(app.services).unlinkUser({ email: user.email });
    assert.equal((await app.services.users.findById(user.userId))?.providerUserId, null);
    assert.deepEqual(await walletsOf(app, user.key), local);
    const kept = await app.db.query<{ n: number }>(
      "select count(*)::int as n from wallets where user_id = $1 and provider = 'privy'",
      [user.userId],
    );
    assert.equal(kept[0]?.n, 2, 'the Privy wallets stay recorded for their transactions');
    await app.stop();
  });
});

describe('the migration that records each wallet provider', () => {
  test('repairs local wallets an earlier Privy sync had hidden and un-defaulted, and leaves automation off', async () => {
    const db = await openPgliteDatabase(null);
    try {
      // The schema before it, and data as an earlier version's Privy sync left it.
      await db.query(`create table schema_migrations (
        version integer primary key, name text not null, applied_at timestamptz not null default now())`);
      for (const m of listMigrations().filter((x) => x.version < 8)) {
        await db.exec(m.sql);
        await db.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      }
      await db.query("insert into users (id, email, created_at) values ('usr_1', 'a@example.test', now())");
      const wallet = (
        id: string,
        address: string,
        client: string,
        linked: boolean,
        isDefault: boolean,
        at: string,
      ) =>
        db.query(
          `insert into wallets (id, user_id, chain_type, address, address_key, provider_type, client_type,
             provider_wallet_id, is_default, automation_enabled, created_at, linked)
           values ($1, 'usr_1', 'ethereum', $2, lower($2), 'server', $3, $1, $4, $5, $6, $7)`,
          [id, address, client, isDefault, linked, at, linked],
        );
      await wallet('wal_local1', randomAddress(), 'local', false, false, '2024-01-01');
      await wallet('wal_local2', randomAddress(), 'local', false, false, '2024-01-02');
      await wallet('wal_privy', randomAddress(), 'privy', true, true, '2024-01-03');
      for (const id of ['wal_local1', 'wal_local2'])
        await db.query(
          "insert into local_wallet_keys (wallet_id, ciphertext, iv, auth_tag, key_id) values ($1, '\\x00', '\\x00', '\\x00', 'k')",
          [id],
        );
      assert.equal((await migrate(db)).applied[0], '0008_wallet_providers');
      const rows = await db.query<{
        id: string;
        provider: string;
        linked: boolean;
        is_default: boolean;
        automation_enabled: boolean;
      }>('select id, provider, linked, is_default, automation_enabled from wallets order by id');
      assert.deepEqual(rows, [
        { id: 'wal_local1', provider: 'local', linked: true, is_default: true, automation_enabled: false },
        { id: 'wal_local2', provider: 'local', linked: true, is_default: false, automation_enabled: false },
        { id: 'wal_privy', provider: 'privy', linked: true, is_default: true, automation_enabled: true },
      ]);
    } finally {
      await db.close();
    }
  });
});
