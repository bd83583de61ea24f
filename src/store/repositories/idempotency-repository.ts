import type { TransactionId, UserId } from '../../domain/ids.ts';
import type { Queryable } from '../database.ts';

export type IdempotencyState = 'in_progress' | 'succeeded' | 'failed';

export interface IdempotencyRecord {
  userId: UserId;
  key: string;
  path: string;
  fingerprint: string;
  state: IdempotencyState;
  transactionId: TransactionId | null;
  responseStatus: number | null;
  responseBody: string | null;
  /** Until when the request holding the key is known to be alive (it renews this while it runs). */
  leaseUntil: Date | null;
  claimToken: string | null;
  /** Why the attempt failed (state failed). */
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  user_id: UserId;
  key: string;
  path: string;
  fingerprint: string;
  state: IdempotencyState;
  transaction_id: TransactionId | null;
  response_status: number | null;
  response_body: string | null;
  lease_until: Date | null;
  claim_token: string | null;
  error_code: string | null;
  error_message: string | null;
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
  leaseUntil: r.lease_until,
  claimToken: r.claim_token,
  errorCode: r.error_code,
  errorMessage: r.error_message,
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
      userId: UserId;
      key: string;
      path: string;
      fingerprint: string;
      now: Date;
      expiredBefore: Date;
      leaseUntil: Date;
      claimToken: string;
    }): Promise<{ claimed: boolean; record: IdempotencyRecord }> {
      const rows = await db.query<Row>(
        `insert into idempotency_keys (user_id, key, path, fingerprint, state, created_at, updated_at, lease_until,
           claim_token)
         values ($1, $2, $3, $4, 'in_progress', $5, $5, $7, $8)
         on conflict (user_id, key) do update
           set path = excluded.path, fingerprint = excluded.fingerprint, state = 'in_progress',
               transaction_id = null, response_status = null, response_body = null, error_code = null,
               error_message = null, lease_until = excluded.lease_until, claim_token = excluded.claim_token,
               created_at = excluded.created_at, updated_at = excluded.updated_at
           where idempotency_keys.created_at < $6
         returning *, true as claimed`,
        [
          input.userId,
          input.key,
          input.path,
          input.fingerprint,
          input.now,
          input.expiredBefore,
          input.leaseUntil,
          input.claimToken,
        ],
      );
      if (rows[0]) return { claimed: true, record: toRecord(rows[0]) };
      const existing = await db.query<Row>(
        'select *, false as claimed from idempotency_keys where user_id = $1 and key = $2',
        [input.userId, input.key],
      );
      if (!existing[0]) throw new Error('idempotency record vanished during claim');
      return { claimed: false, record: toRecord(existing[0]) };
    },
    /** Stores the success response of a record still in progress (settled by the sweep). */
    async succeed(userId: UserId, key: string, status: number, body: string, now: Date): Promise<void> {
      await db.query(
        `update idempotency_keys set state = 'succeeded', response_status = $3, response_body = $4, updated_at = $5,
           lease_until = null
         where user_id = $1 and key = $2 and state = 'in_progress'`,
        [userId, key, status, body, now],
      );
    },
    /**
     * Burns a key whose attempt failed, saying why: before anything was signed, or when the one
     * signed transaction was refused outright (it can never land). The caller decides which; the
     * claim token keeps a request from burning a key that is no longer its own.
     */
    async fail(
      userId: UserId,
      key: string,
      claimToken: string | null,
      error: { code: string; message: string },
      now: Date,
    ): Promise<void> {
      await db.query(
        `update idempotency_keys set state = 'failed', updated_at = $4, lease_until = null, error_code = $5,
           error_message = $6
         where user_id = $1 and key = $2 and state = 'in_progress' and ($3::text is null or claim_token = $3)`,
        [userId, key, claimToken, now, error.code, error.message],
      );
    },
    /**
     * Burns the key only if no transaction is linked to it, and says whether it did. After an
     * INSERT of a signed transaction whose answer was lost, this settles what happened: a
     * transaction linked already is recorded (false); otherwise the key is failed in this
     * statement, and an INSERT still on its way can no longer link (it needs the key in progress).
     */
    async failIfUnrecorded(
      userId: UserId,
      key: string,
      claimToken: string,
      error: { code: string; message: string },
      now: Date,
    ): Promise<boolean> {
      const rows = await db.query<{ n: number }>(
        `update idempotency_keys set state = 'failed', updated_at = $4, lease_until = null, error_code = $5,
           error_message = $6
         where user_id = $1 and key = $2 and state = 'in_progress' and claim_token = $3
           and transaction_id is null
         returning 1 as n`,
        [userId, key, claimToken, now, error.code, error.message],
      );
      return rows.length > 0;
    },
    /**
     * Forgets a claim that ended before anything was signed and that must leave no record (a
     * request refused by its API key's policy): the key is as if never used.
     */
    async release(userId: UserId, key: string, claimToken: string): Promise<void> {
      await db.query(
        `delete from idempotency_keys
         where user_id = $1 and key = $2 and state = 'in_progress' and claim_token = $3
           and transaction_id is null`,
        [userId, key, claimToken],
      );
    },
    /** Renews the lease of a request still running; false when the key is no longer its own. */
    async renew(userId: UserId, key: string, claimToken: string, leaseUntil: Date): Promise<boolean> {
      const rows = await db.query<{ n: number }>(
        `update idempotency_keys set lease_until = $4
         where user_id = $1 and key = $2 and claim_token = $3 and state = 'in_progress'
         returning 1 as n`,
        [userId, key, claimToken, leaseUntil],
      );
      return rows.length > 0;
    },
    /** In-progress records whose request stopped renewing its lease (it died), oldest first. */
    async listAbandoned(now: Date): Promise<IdempotencyRecord[]> {
      const rows = await db.query<Row>(
        `select *, false as claimed from idempotency_keys
         where state = 'in_progress' and coalesce(lease_until, updated_at) < $1
         order by updated_at limit 500`,
        [now],
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
