import { createHmac, timingSafeEqual } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { Secrets } from '../config/local-secrets.ts';
import type { Database } from './database.ts';

const check = (secret: Buffer) =>
  createHmac('sha256', secret).update('wallet-api:secret-check').digest('hex');

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Refuses to run with secrets other than those the stored data was made with: a lost or replaced
 * DATA_DIR/secrets.json, or a wrong MASTER_KEY / API_KEY_SECRET, would otherwise start "fine" and
 * answer 401 to every API key and fail every signature. The first start records the check values.
 */
export async function verifySecrets(db: Database, secrets: Secrets): Promise<void> {
  const rows = await db.query<{ name: string; value: string }>('select name, value from secret_checks');
  const stored = new Map(rows.map((r) => [r.name, r.value]));
  const wanted = { 'master-key': check(secrets.masterKey), 'api-key-secret': check(secrets.apiKeySecret) };
  const wrong = Object.entries(wanted).filter(
    ([name, value]) => stored.has(name) && !same(stored.get(name)!, value),
  );
  if (wrong.length > 0) {
    if (secrets.generatedFile) {
      // Do not leave new secrets behind: restoring the old file must be enough.
      rmSync(secrets.generatedFile, { force: true });
      throw new Error(
        `${secrets.generatedFile} is missing, but the database holds wallet keys and API keys made with the secrets it held: restore that file (or set MASTER_KEY and API_KEY_SECRET to those secrets). The service does not start with new secrets, which would lock every wallet and key out`,
      );
    }
    const names = wrong
      .map(([name]) => (name === 'master-key' ? 'MASTER_KEY' : 'API_KEY_SECRET'))
      .join(' and ');
    throw new Error(
      `${names} (from the environment or DATA_DIR/secrets.json) differ from the secrets the stored data was made with: set the original ones. The service does not start, as every wallet and API key would be locked out`,
    );
  }
  for (const [name, value] of Object.entries(wanted))
    if (!stored.has(name))
      await db.query(
        'insert into secret_checks (name, value) values ($1, $2) on conflict (name) do nothing',
        [name, value],
      );
}
