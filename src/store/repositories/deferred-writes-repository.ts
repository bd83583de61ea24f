import type { TransactionId, UserId } from '../../domain/ids.ts';
import type { AttemptRecord, IdempotencyLink, TransactionRecord } from '../../domain/transactions.ts';
import type { Queryable } from '../database.ts';

export type DeferredState = 'held' | 'ready' | 'executing' | 'done';

/** A write recorded unsigned, with what rebuilds it. */
export interface DeferredWriteRecord {
  transactionId: TransactionId;
  userId: UserId;
  path: string;
  body: unknown;
  state: DeferredState;
  claimToken: string | null;
}

interface Row {
  transaction_id: TransactionId;
  user_id: UserId;
  path: string;
  body: unknown;
  state: DeferredState;
  claim_token: string | null;
}

const toRecord = (r: Row): DeferredWriteRecord => ({
  transactionId: r.transaction_id,
  userId: r.user_id,
  path: r.path,
  body: typeof r.body === 'string' ? JSON.parse(r.body) : r.body,
  state: r.state,
  claimToken: r.claim_token,
});

/**
 * Writes recorded before they are signed (src/app/transactions/deferred-writes.ts). The state
 * changes are single conditional statements, so of any number of instances exactly one moves a
 * write from ready to executing, and only the holder of the current claim records its signature.
 */
export function deferredWritesRepository(db: Queryable) {
  return {
    async insert(input: {
      transactionId: TransactionId;
      userId: UserId;
      path: string;
      body: unknown;
      state: 'held' | 'ready';
      now: Date;
    }): Promise<void> {
      await db.query(
        `insert into deferred_writes (transaction_id, user_id, path, body, state, created_at, updated_at)
         values ($1, $2, $3, $4::jsonb, $5, $6, $6)`,
        [
          input.transactionId,
          input.userId,
          input.path,
          JSON.stringify(input.body ?? {}),
          input.state,
          input.now,
        ],
      );
    },

    /**
     * Settles the Idempotency-Key of the request that recorded a deferred write with its answer
     * (a 202), only while that request still holds it. Returns whether it did.
     */
    async settleKey(link: IdempotencyLink, status: number, body: string, now: Date): Promise<boolean> {
      const rows = await db.query<{ one: number }>(
        `update idempotency_keys set state = 'succeeded', response_status = $4, response_body = $5,
           updated_at = $6, lease_until = null
         where user_id = $1 and key = $2 and claim_token = $3 and state = 'in_progress'
         returning 1 as one`,
        [link.userId, link.key, link.claimToken, status, body, now],
      );
      return rows.length > 0;
    },

    /** held → ready (a decision let it go); false when it was not held. */
    async release(transactionId: TransactionId, now: Date): Promise<boolean> {
      const rows = await db.query<{ one: number }>(
        `update deferred_writes set state = 'ready', updated_at = $2
         where transaction_id = $1 and state = 'held' returning 1 as one`,
        [transactionId, now],
      );
      return rows.length > 0;
    },

    /** Ends a write that will never be signed (denied, expired, or refused when executed). */
    async drop(transactionId: TransactionId, now: Date): Promise<void> {
      await db.query(
        `update deferred_writes set state = 'done', updated_at = $2, lease_until = null
         where transaction_id = $1 and state <> 'done'`,
        [transactionId, now],
      );
    },

    /**
     * Claims ready writes, and executing ones whose lease ran out before `staleBefore` (their
     * instance died), for execution: FOR UPDATE SKIP LOCKED, and a fresh claim token each.
     */
    async claim(input: {
      now: Date;
      staleBefore: Date;
      leaseUntil: Date;
      limit: number;
      only?: TransactionId;
    }): Promise<DeferredWriteRecord[]> {
      const rows = await db.query<Row>(
        `update deferred_writes set state = 'executing', lease_until = $3, updated_at = $1,
           claim_token = md5(random()::text || clock_timestamp()::text || transaction_id)
         where transaction_id in (
           select transaction_id from deferred_writes
           where (state = 'ready' or (state = 'executing' and lease_until < $2))
             and ($5::text is null or transaction_id = $5)
           order by updated_at limit $4
           for update skip locked)
         returning transaction_id, user_id, path, body, state, claim_token`,
        [input.now, input.staleBefore, input.leaseUntil, input.limit, input.only ?? null],
      );
      return rows.map(toRecord);
    },

    /**
     * Records the signed first attempt of a claimed write, and ends the deferred write, in one
     * statement: only while `claimToken` still holds it (a claim that ran out and was taken by
     * another instance records nothing, and must not broadcast). Returns whether it recorded.
     */
    async recordSigned(tx: TransactionRecord, attempt: AttemptRecord, claimToken: string): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `with d as (
           update deferred_writes set state = 'done', updated_at = $2, lease_until = null
           where transaction_id = $1 and claim_token = $3 and state = 'executing'
           returning 1),
         t as (
           update transactions set hash = $4, nonce = $5::bigint, payload = $6::jsonb, details = details || $7::jsonb,
             next_check_at = $8, updated_at = $2
           where id = $1 and status = 'PENDING' and exists (select 1 from d)
           returning id),
         a as (
           insert into transaction_attempts (transaction_id, attempt, hash, signed_tx, fees, last_valid_block_height,
             created_at)
           select id, $9::integer, $4, $10, $11::jsonb, $12::bigint, $2 from t)
         select id from t`,
        [
          tx.id,
          tx.updatedAt,
          claimToken,
          attempt.hash,
          tx.nonce?.toString() ?? null,
          JSON.stringify(tx.payload),
          JSON.stringify(tx.details),
          tx.nextCheckAt,
          attempt.attempt,
          attempt.signedTx,
          JSON.stringify(attempt.fees),
          attempt.lastValidBlockHeight?.toString() ?? null,
        ],
      );
      return rows.length > 0;
    },

    /**
     * Deferred writes whose signed attempt was recorded but whose process died before it broadcast
     * (the embedded database at start: no other process can be broadcasting them): the tracker
     * looks at them now instead of after the request grace period.
     */
    async hurryRecorded(now: Date): Promise<number> {
      const rows = await db.query<{ id: string }>(
        `update transactions set next_check_at = $1
         where status = 'PENDING' and next_check_at > $1
           and id in (select transaction_id from deferred_writes where state = 'done')
           and exists (select 1 from transaction_attempts a where a.transaction_id = transactions.id)
         returning id`,
        [now],
      );
      return rows.length;
    },

    async find(transactionId: TransactionId): Promise<DeferredWriteRecord | null> {
      const rows = await db.query<Row>(
        'select transaction_id, user_id, path, body, state, claim_token from deferred_writes where transaction_id = $1',
        [transactionId],
      );
      return rows[0] ? toRecord(rows[0]) : null;
    },
  };
}
