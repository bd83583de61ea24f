import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourcePath } from '../support/project-paths.ts';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = sourcePath('store', 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      sql: readFileSync(join(MIGRATIONS_DIR, file), 'utf8'),
    }));
}

/**
 * Applies pending migrations in order, each in its own transaction. An advisory lock keeps two
 * instances starting at once from applying the same migration twice.
 */
export async function migrate(db: Database): Promise<{ applied: string[] }> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('wallet-api:migrations'))");
    await tx.query(`create table if not exists schema_migrations (
      version    integer primary key,
      name       text not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>('select version from schema_migrations')).map((r) => r.version),
    );
    for (const m of listMigrations()) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name]);
      applied.push(`${String(m.version).padStart(4, '0')}_${m.name}`);
    }
  });
  return { applied };
}

/** True when every known migration is applied (readiness). */
export async function migrationsApplied(db: Database): Promise<boolean> {
  try {
    const rows = await db.query<{ n: number }>('select count(*)::int as n from schema_migrations');
    return (rows[0]?.n ?? 0) >= listMigrations().length;
  } catch {
    return false;
  }
}
