import type { Queryable } from '../../src/store/database.ts';

/** An audit entry as stored, the columns tests look at. */
export interface StoredEntry {
  seq: string;
  id: string;
  user_id: string | null;
  actor_type: string;
  actor_user_id: string | null;
  actor_key_id: string | null;
  actor_key_name: string | null;
  actor_session_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: string;
  request_id: string | null;
  client_address: string | null;
  details: Record<string, unknown>;
}

/** The chain's head now: entries appended after it are what an action recorded. */
export async function auditMark(db: Queryable): Promise<number> {
  const rows = await db.query<{ seq: string }>('select seq::text as seq from audit_chain');
  return Number(rows[0]?.seq ?? 0);
}

export async function entriesSince(db: Queryable, mark: number): Promise<StoredEntry[]> {
  return db.query<StoredEntry>(
    'select *, seq::text as seq from audit_entries e where e.seq > $1::bigint order by e.seq',
    [mark],
  );
}

/** Runs `action` and returns the entries it appended (nothing else may append meanwhile). */
export async function recordedBy(db: Queryable, action: () => Promise<unknown>): Promise<StoredEntry[]> {
  const mark = await auditMark(db);
  await action();
  return entriesSince(db, mark);
}
