// A data directory whose secrets.json was lost, or a wrong MASTER_KEY / API_KEY_SECRET, is refused at
// start with one clear line, instead of a service that answers 401 to every key (issue 11, item 7).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { bootServer } from '../../src/boot/boot-server.ts';
import { loadConfig } from '../../src/config/config.ts';
import { createLogger } from '../../src/support/logger.ts';
import { createPgliteDatabase } from '../support/database.ts';

describe('secrets that do not open the stored data', () => {
  test('a missing secrets.json with a used database: refused, naming the file, and no new secrets left behind', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-secrets-'));
    const db = await createPgliteDatabase();
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      DEVNET: 'off',
      SEED_DEMO: 'off',
      LOG_LEVEL: 'silent',
    });
    const start = () => bootServer({ config, db, logger: createLogger('silent') });
    try {
      const first = await start();
      const user = await first.services.users.create({ email: 'secrets@example.test' });
      await first.services.apiKeys.create(user.id, { name: 'k' });
      await first.close();
      await (await start()).close(); // the same secrets: fine

      rmSync(join(dataDir, 'secrets.json'));
      await assert.rejects(start(), (err: Error) => {
        assert.match(
          err.message,
          /secrets\.json is missing, but the database holds wallet keys and API keys/,
        );
        assert.ok(err.message.includes(join(dataDir, 'secrets.json')));
        return true;
      });
      assert.equal(existsSync(join(dataDir, 'secrets.json')), false, 'restoring the old file is enough');

      const wrong = loadConfig({
        DATA_DIR: dataDir,
        PORT: '0',
        DEVNET: 'off',
        SEED_DEMO: 'off',
        MASTER_KEY: 'aa'.repeat(32),
        API_KEY_SECRET: 'bb'.repeat(32),
      });
      await assert.rejects(
        bootServer({ config: wrong, db, logger: createLogger('silent') }),
        /MASTER_KEY and API_KEY_SECRET .* differ/,
      );
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('embedded database files', () => {
  test('are the owner’s alone (0700 folders, 0600 files), also in a data directory made before with looser modes', async () => {
    const { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } = await import('node:fs');
    const { openPgliteDatabase } = await import('../../src/store/pglite-database.ts');
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-modes-'));
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'left-over'), 'x', { mode: 0o644 });
    const db = await openPgliteDatabase(dir);
    try {
      const walk = (d: string): string[] =>
        readdirSync(d, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? [join(d, e.name), ...walk(join(d, e.name))] : [join(d, e.name)],
        );
      for (const path of [dir, ...walk(dir)]) {
        const st = statSync(path);
        assert.equal(
          st.mode & 0o077,
          0,
          `${path} is not readable by others (${(st.mode & 0o777).toString(8)})`,
        );
      }
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a damaged embedded database', () => {
  test('is refused with one line naming the folder and what to do', async () => {
    const { openPgliteDatabase } = await import('../../src/store/pglite-database.ts');
    const { writeFileSync, readdirSync } = await import('node:fs');
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-corrupt-'));
    const dir = join(dataDir, 'pglite');
    try {
      await (await openPgliteDatabase(dir)).close();
      // Scramble the control file and the catalog: what a disk error or a half-copied folder leaves.
      writeFileSync(join(dir, 'global', 'pg_control'), Buffer.alloc(8192, 0xab));
      for (const f of readdirSync(join(dir, 'global')).slice(0, 20))
        writeFileSync(join(dir, 'global', f), 'garbage');
      await assert.rejects(openPgliteDatabase(dir), (err: Error) => {
        assert.match(err.message, /the embedded database in .*pglite cannot be opened/);
        assert.match(err.message, /Restore a backup, or move the folder away/);
        return true;
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
