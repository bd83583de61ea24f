import type { Queryable } from '../database.ts';

export type IdempotencyState = 'in_progress' | 'succeeded' | 'failed';

export interface IdempotencyRecord {
  userId: string;
  key: string;
  path: string;
  fingerprint: string;
  state: IdempotencyState;
  transactionId: string | null;
  responseStatus: number | null;
  responseBody: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  user_id: string;
  key: string;
  path: string;
  fingerprint: string;
  state: IdempotencyState;
  transaction_id: string | null;
  response_status: number | null;
  response_body: string | null;
  created_at: Date;
  updated_at: Date;
  claimed: boolean;
}

const toRecord = (r: Row): IdempotencyRecord => ({
  userId: r.user_id,
  key: r.key,
  path: r.path,
  fingerprint: r.fingerprint,
  state: r.state,
  transactionId: r.transaction_id,
  responseStatus: r.response_status,
  responseBody: r.response_body,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export function idempotencyRepository(db: Queryable) {
  return {
    /**
     * Claims (user, key) atomically: inserts an in-progress record, or takes over one older than
     * `expiredBefore` (past retention: a pruned key counts as new). Otherwise returns the record
     * that holds the key, with claimed = false.
     */
    async claim(input: {
      userId: string;
      key: string;
      path: string;
      fingerprint: string;
      now: Date;
      expiredBefore: Date;
    }): Promise<{ claimed: boolean; record: IdempotencyRecord }> {
      const rows = await db.query<Row>(
        `insert into idempotency_keys (user_id, key, path, fingerprint, state, created_at, updated_at)
         values ($1, $2, $3, $4, 'in_progress', $5, $5)
         on conflict (user_id, key) do update
           set path = excluded.path, fingerprint = excluded.fingerprint, state = 'in_progress',
               transaction_id = null, response_status = null, response_body = null,
               created_at = excluded.created_at, updated_at = excluded.updated_at
           where idempotency_keys.created_at < $6
         returning *, true as claimed`,
        [input.userId, input.key, input.path, input.fingerprint, input.now, input.expiredBefore],
      );
      if (rows[0]) return { claimed: true, record: toRecord(rows[0]) };
      const existing = await db.query<Row>(
        'select *, false as claimed from idempotency_keys where user_id = $1 and key = $2',
        [input.userId, input.key],
      );
      if (!existing[0]) throw new Error('idempotency record vanished during claim');
      return { claimed: false, record: toRecord(existing[0]) };
    },
    async succeed(userId: string, key: string, status: number, body: string, now: Date): Promise<void> {
      await db.query(
        `update idempotency_keys set state = 'succeeded', response_status = $3, response_body = $4, updated_at = $5
         where user_id = $1 and key = $2`,
        [userId, key, status, body, now],
      );
    },
    async fail(userId: string, key: string, now: Date): Promise<void> {
      await db.query(
        `update idempotency_keys set state = 'failed', updated_at = $3 where user_id = $1 and key = $2 and state = 'in_progress'`,
        [userId, key, now],
      );
    },
    /** In-progress records left by a process that died, with the transaction they started, if any. */
    async listInProgressBefore(before: Date): Promise<IdempotencyRecord[]> {
      const rows = await db.query<Row>(
        `select *, false as claimed from idempotency_keys where state = 'in_progress' and updated_at < $1 limit 500`,
        [before],
      );
      return rows.map(toRecord);
    },
    async prune(before: Date): Promise<number> {
      const rows = await db.query<{ n: number }>(
        'with d as (delete from idempotency_keys where created_at < $1 returning 1) select count(*)::int as n from d',
        [before],
      );
      return rows[0]?.n ?? 0;
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
