import type { Queryable } from '../database.ts';

/** One audit entry as stored (migration 0013). Hashes are hex SHA-256. */
export interface AuditRecord {
  seq: number;
  id: string;
  at: Date;
  userId: string | null;
  actorType: 'user' | 'key' | 'session' | 'operator' | 'service';
  actorUserId: string | null;
  actorKeyId: string | null;
  actorKeyName: string | null;
  actorSessionId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: 'succeeded' | 'failed' | 'refused';
  requestId: string | null;
  clientAddress: string | null;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

/** An entry ready to append: its columns, and the canonical content its hash covers. */
export interface AuditAppend {
  fields: Omit<AuditRecord, 'seq' | 'prevHash' | 'hash'>;
  /** UTF-8 of the RFC 8785 canonical content; hash = SHA-256(previous hash bytes || this). */
  canonical: Buffer;
}

/** The chain's head and the checkpoint retention left. */
export interface AuditChainState {
  seq: number;
  hash: string;
  prunedSeq: number;
  prunedHash: string;
}

interface AuditRow {
  seq: string;
  id: string;
  at: Date | string;
  user_id: string | null;
  actor_type: AuditRecord['actorType'];
  actor_user_id: string | null;
  actor_key_id: string | null;
  actor_key_name: string | null;
  actor_session_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: AuditRecord['outcome'];
  request_id: string | null;
  client_address: string | null;
  details: Record<string, unknown> | string;
  prev_hash: string;
  hash: string;
}

const toRecord = (r: AuditRow): AuditRecord => ({
  seq: Number(r.seq),
  id: r.id,
  at: r.at instanceof Date ? r.at : new Date(r.at),
  userId: r.user_id,
  actorType: r.actor_type,
  actorUserId: r.actor_user_id,
  actorKeyId: r.actor_key_id,
  actorKeyName: r.actor_key_name,
  actorSessionId: r.actor_session_id,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  outcome: r.outcome,
  requestId: r.request_id,
  clientAddress: r.client_address,
  details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
  prevHash: r.prev_hash,
  hash: r.hash,
});

// seq is read as text (node-postgres and PGlite disagree on int8): ORDER BY names the table's
// column, not this text alias, or 10 would sort before 2.
const COLUMNS = `seq::text as seq, id, at, user_id, actor_type, actor_user_id, actor_key_id, actor_key_name,
  actor_session_id, action, target_type, target_id, outcome, request_id, client_address, details, prev_hash, hash`;

/** How many parameters `auditAppendSql` takes. */
export const AUDIT_APPEND_PARAMS = 16;

/**
 * Two CTEs appending one entry, for a statement of its own or inside another (the send path's
 * INSERT, so the transaction and its entry are one round trip). `first` is the number of the first
 * of its parameters (`auditAppendParams`); `onlyIf` an SQL condition (another CTE recorded
 * something): when false, neither the head nor the table changes.
 *
 * The head row's UPDATE is what serializes appends: its row lock is held until the statement's
 * transaction commits, on every instance. SET reads the row's old values, so `prev_hash` gets the
 * hash before this append and `hash` the new one, computed in the database from the canonical
 * bytes the application sent (PostgreSQL's built-in sha256, no extension).
 */
export function auditAppendSql(first: number, onlyIf?: string): string {
  const p = (i: number) => `$${first + i}`;
  return `audit_head as (
    update audit_chain set seq = seq + 1, prev_hash = hash,
      hash = encode(sha256(decode(hash, 'hex') || ${p(0)}::bytea), 'hex')
    where id = 1${onlyIf ? ` and ${onlyIf}` : ''}
    returning seq, prev_hash, hash),
  audit_entry as (
    insert into audit_entries (seq, id, at, user_id, actor_type, actor_user_id, actor_key_id, actor_key_name,
      actor_session_id, action, target_type, target_id, outcome, request_id, client_address, details,
      prev_hash, hash)
    select audit_head.seq, ${p(1)}, ${p(2)}::timestamptz, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)},
      ${p(9)}, ${p(10)}, ${p(11)}, ${p(12)}, ${p(13)}, ${p(14)}, ${p(15)}::jsonb, audit_head.prev_hash, audit_head.hash
    from audit_head
    returning seq)`;
}

export function auditAppendParams(entry: AuditAppend): unknown[] {
  const f = entry.fields;
  return [
    entry.canonical,
    f.id,
    f.at,
    f.userId,
    f.actorType,
    f.actorUserId,
    f.actorKeyId,
    f.actorKeyName,
    f.actorSessionId,
    f.action,
    f.targetType,
    f.targetId,
    f.outcome,
    f.requestId,
    f.clientAddress,
    JSON.stringify(f.details),
  ];
}

export interface AuditQuery {
  /** Only this user's entries; null: everyone's (the operator). */
  userId: string | null;
  action?: string;
  keyId?: string;
  /** Entries older than this seq (the cursor). */
  beforeSeq?: number;
  limit: number;
}

export function auditRepository(db: Queryable) {
  return {
    /** Appends one entry (its own statement, or part of the caller's transaction). */
    async append(entry: AuditAppend): Promise<void> {
      const rows = await db.query(
        `with ${auditAppendSql(1)} select seq from audit_entry`,
        auditAppendParams(entry),
      );
      if (rows.length !== 1) throw new Error('audit entry was not appended (no chain head)');
    },

    /** Newest first. */
    async list(q: AuditQuery): Promise<AuditRecord[]> {
      const where: string[] = [];
      const params: unknown[] = [];
      const add = (sql: string, value: unknown) => {
        params.push(value);
        where.push(sql.replace('?', `$${params.length}`));
      };
      if (q.userId !== null) add('user_id = ?', q.userId);
      if (q.action) add('action = ?', q.action);
      if (q.keyId) add('actor_key_id = ?', q.keyId);
      if (q.beforeSeq !== undefined) add('seq < ?::bigint', q.beforeSeq);
      params.push(q.limit);
      const rows = await db.query<AuditRow>(
        `select ${COLUMNS} from audit_entries ${where.length ? `where ${where.join(' and ')}` : ''}
         order by audit_entries.seq desc limit $${params.length}`,
        params,
      );
      return rows.map(toRecord);
    },

    /** Oldest first, from `afterSeq` up to `throughSeq` (verification pages). */
    async range(afterSeq: number, throughSeq: number, limit: number): Promise<AuditRecord[]> {
      const rows = await db.query<AuditRow>(
        `select ${COLUMNS} from audit_entries where seq > $1::bigint and seq <= $2::bigint
         order by audit_entries.seq limit $3`,
        [afterSeq, throughSeq, limit],
      );
      return rows.map(toRecord);
    },

    /** The head and the checkpoint; `lock` holds the head row for the rest of the transaction. */
    async chain(lock = false): Promise<AuditChainState> {
      const rows = await db.query<{ seq: string; hash: string; pruned_seq: string; pruned_hash: string }>(
        `select seq::text as seq, hash, pruned_seq::text as pruned_seq, pruned_hash from audit_chain where id = 1${lock ? ' for update' : ''}`,
      );
      const r = rows[0];
      if (!r) throw new Error('audit chain head missing (migration 0013 not applied?)');
      return { seq: Number(r.seq), hash: r.hash, prunedSeq: Number(r.pruned_seq), prunedHash: r.pruned_hash };
    },

    /** The newest entry recorded before `cutoff`: where pruning stops. */
    async lastBefore(cutoff: Date): Promise<{ seq: number; hash: string } | null> {
      const rows = await db.query<{ seq: string; hash: string }>(
        `select seq::text as seq, hash from audit_entries
         where seq = (select max(seq) from audit_entries where at < $1::timestamptz)`,
        [cutoff],
      );
      return rows[0] ? { seq: Number(rows[0].seq), hash: rows[0].hash } : null;
    },

    /** Deletes entries up to `seq` and records it, with its hash, as the checkpoint. */
    async pruneThrough(boundary: { seq: number; hash: string }): Promise<number> {
      const deleted = await db.query<{ n: number }>(
        `with d as (delete from audit_entries where seq <= $1::bigint returning 1),
           c as (update audit_chain set pruned_seq = $1::bigint, pruned_hash = $2 where id = 1)
         select count(*)::int as n from d`,
        [boundary.seq, boundary.hash],
      );
      return deleted[0]?.n ?? 0;
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
