import type { TransactionId, UserId, WalletId } from '../../domain/ids.ts';
import type {
  AttemptRecord,
  IdempotencyLink,
  ReplacementReason,
  TransactionKind,
  TransactionRecord,
  TransactionStatus,
} from '../../domain/transactions.ts';
import type { ChainType } from '../../domain/wallets.ts';
import type { Queryable } from '../database.ts';
import { type AuditAppend, auditAppendParams, auditAppendSql } from './audit-repository.ts';

interface AttemptRow {
  attempt: number;
  hash: string;
  signed_tx: string;
  fees: Record<string, string>;
  last_valid_block_height: string | number | null;
  created_at: string;
}

export interface TransactionRow {
  id: TransactionId;
  user_id: UserId;
  wallet_id: WalletId;
  chain: string;
  chain_type: ChainType;
  chain_id: number;
  kind: TransactionKind;
  from_address: string;
  to_address: string;
  value: string;
  status: TransactionStatus;
  hash: string | null;
  error: string | null;
  nonce: string | null;
  details: Record<string, unknown> | string;
  payload: Record<string, unknown> | string;
  stuck_reason: string | null;
  landed_block: string | null;
  landed_block_hash: string | null;
  attempts: AttemptRow[] | string | null;
  created_at: Date;
  updated_at: Date;
  next_check_at: Date | null;
}

const big = (v: string | number | bigint | null): bigint | null => (v === null ? null : BigInt(v));
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export const toTransaction = (r: TransactionRow): TransactionRecord => ({
  id: r.id,
  userId: r.user_id,
  walletId: r.wallet_id,
  chain: r.chain,
  chainType: r.chain_type,
  chainId: r.chain_id,
  kind: r.kind,
  fromAddress: r.from_address,
  toAddress: r.to_address,
  value: r.value,
  status: r.status,
  hash: r.hash,
  error: r.error,
  nonce: big(r.nonce),
  details: json(r.details),
  payload: json(r.payload),
  stuckReason: r.stuck_reason,
  landedBlock: big(r.landed_block),
  landedBlockHash: r.landed_block_hash,
  attempts: (json(r.attempts ?? []) ?? []).map((a) => ({
    attempt: a.attempt,
    hash: a.hash,
    signedTx: a.signed_tx,
    fees: a.fees,
    lastValidBlockHeight: big(a.last_valid_block_height),
    createdAt: new Date(a.created_at),
  })),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  nextCheckAt: r.next_check_at,
});

/**
 * A transaction as an event recorded it (transaction_snapshot in 0009_events.sql: the row's columns,
 * bigints as text, times as ISO strings, no payload and no signed bytes).
 */
export const transactionFromSnapshot = (s: Record<string, unknown>): TransactionRecord => {
  const row = s as unknown as TransactionRow & { created_at: string; updated_at: string };
  return toTransaction({
    ...row,
    payload: {},
    attempts: (row.attempts as AttemptRow[] | null)?.map((a) => ({ ...a, signed_tx: '' })) ?? [],
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
    next_check_at: null,
  });
};

// bigint columns are read as text: node-postgres and PGlite disagree on int8. Attempts come along as
// one JSON array (their bigints as text too), so a transaction is always read whole.
const COLUMNS = `t.id, t.user_id, t.wallet_id, t.chain, t.chain_type, t.chain_id, t.kind, t.from_address,
  t.to_address, t.value, t.status, t.hash, t.error, t.nonce::text as nonce, t.details, t.payload, t.stuck_reason,
  t.landed_block::text as landed_block, t.landed_block_hash,
  (select coalesce(json_agg(json_build_object('attempt', a.attempt, 'hash', a.hash, 'signed_tx', a.signed_tx,
     'fees', a.fees, 'last_valid_block_height', a.last_valid_block_height::text, 'created_at', a.created_at)
     order by a.attempt), '[]'::json)
   from transaction_attempts a where a.transaction_id = t.id) as attempts,
  t.created_at, t.updated_at, t.next_check_at`;

const attemptParams = (id: string, a: AttemptRecord) => [
  id,
  a.attempt,
  a.hash,
  a.signedTx,
  JSON.stringify(a.fees),
  a.lastValidBlockHeight?.toString() ?? null,
  a.createdAt,
];

export function transactionsRepository(db: Queryable) {
  const one = async (sql: string, params: unknown[]): Promise<TransactionRecord | null> => {
    const rows = await db.query<TransactionRow>(sql, params);
    return rows[0] ? toTransaction(rows[0]) : null;
  };

  return {
    /**
     * Records a signed transaction with its first attempt and, in the same statement, links it to
     * the idempotency record of the request that created it. Only while that request still holds
     * the key (same claim token, still in progress): a request that lost its key (its lease ran out
     * and the sweep settled it) records nothing and must not broadcast. Returns whether it recorded.
     * `audit`: its audit entry (write.accepted), appended by the same statement only if the
     * transaction is recorded: still one round trip.
     */
    async insert(
      t: TransactionRecord,
      attempt: AttemptRecord | null,
      link: IdempotencyLink | null,
      audit: AuditAppend | null = null,
    ): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `with k as (
           update idempotency_keys set transaction_id = $1, updated_at = $18
           where $19::text is not null and user_id = $19 and key = $20 and claim_token = $21 and state = 'in_progress'
           returning 1),
         t as (
           insert into transactions (id, user_id, wallet_id, chain, chain_type, chain_id, kind, from_address,
             to_address, value, status, hash, nonce, details, payload, created_at, updated_at, next_check_at, error)
           select $1, $2, $3, $4, $5, $6::integer, $7, $8, $9, $10, $11, $12, $13::bigint, $14::jsonb, $15::jsonb,
             $16::timestamptz, $17::timestamptz, $22::timestamptz, $29
           where $19::text is null or exists (select 1 from k)
           returning id),
         a as (
           insert into transaction_attempts (transaction_id, attempt, hash, signed_tx, fees, last_valid_block_height,
             created_at)
           select id, $23::integer, $24, $25, $26::jsonb, $27::bigint, $28::timestamptz from t
           where $23::integer is not null)${
             audit
               ? `,
         ${auditAppendSql(30, 'exists (select 1 from t)')}`
               : ''
           }
         select id from t`,
        [
          t.id,
          t.userId,
          t.walletId,
          t.chain,
          t.chainType,
          t.chainId,
          t.kind,
          t.fromAddress,
          t.toAddress,
          t.value,
          t.status,
          t.hash,
          t.nonce?.toString() ?? null,
          JSON.stringify(t.details),
          JSON.stringify(t.payload),
          t.createdAt,
          t.updatedAt,
          t.updatedAt,
          link?.userId ?? null,
          link?.key ?? null,
          link?.claimToken ?? null,
          t.nextCheckAt,
          ...(attempt ? attemptParams(t.id, attempt).slice(1) : [null, null, null, null, null, null]),
          t.error,
          ...(audit ? auditAppendParams(audit) : []),
        ],
      );
      return rows.length > 0;
    },

    /**
     * Records a new signed attempt (before it is broadcast) and makes its hash the current one;
     * `reason` says why it replaces the earlier one (kept in details.replacedBecause, which the
     * transaction.replaced event names). With `asRead` (the tracker, which
     * signs without the wallet's lock): only while the caller's cancel and speed-up stand as they
     * were read, so a cancel or a higher price recorded meanwhile is never signed over (the
     * attempt number's key already stops two attempts at one number). Returns whether it was added.
     */
    async addAttempt(
      id: string,
      attempt: AttemptRecord,
      now: Date,
      reason: ReplacementReason,
      asRead?: { details: Record<string, unknown> },
    ): Promise<boolean> {
      const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
      const rows = await db.query<{ n: number }>(
        `with ok as (
           select 1 from transactions
           where id = $1 and ($10::boolean or ((details->'cancel') is not distinct from $11::jsonb
             and (details->'speedUp') is not distinct from $12::jsonb))
           for update),
         a as (
           insert into transaction_attempts (transaction_id, attempt, hash, signed_tx, fees, last_valid_block_height,
             created_at)
           select $1, $2::integer, $3, $4, $5::jsonb, $6::bigint, $7::timestamptz from ok returning 1)
         update transactions set hash = $3, stuck_reason = null, updated_at = $8,
           details = jsonb_set(details, '{replacedBecause}', to_jsonb($9::text))
         where id = $1 and exists (select 1 from a)
         returning 1 as n`,
        [
          ...attemptParams(id, attempt),
          now,
          reason,
          !asRead,
          json(asRead?.details.cancel),
          json(asRead?.details.speedUp),
        ],
      );
      return rows.length > 0;
    },

    /**
     * What a caller's speed-up or cancel changes besides its attempt (issue 29), only while the
     * transaction is not final: `payload` (a cancel's self-transfer, which re-pricings re-sign from
     * now on), `details` merged in (the cancel), and the next look. Returns whether it changed.
     */
    async noteCallerReplacement(
      id: string,
      change: {
        payload: Record<string, unknown> | null;
        details: Record<string, unknown>;
        nextCheckAt: Date;
      },
    ): Promise<boolean> {
      const rows = await db.query<{ n: number }>(
        `update transactions set payload = coalesce($2::jsonb, payload), details = details || $3::jsonb,
           next_check_at = $4
         where id = $1 and status in ('PENDING', 'SUBMITTED')
         returning 1 as n`,
        [
          id,
          change.payload ? JSON.stringify(change.payload) : null,
          JSON.stringify(change.details),
          change.nextCheckAt,
        ],
      );
      return rows.length > 0;
    },

    /** A transaction of this user, or null (another user's id is simply not found). */
    findForUser: (id: TransactionId, userId: UserId) =>
      one(`select ${COLUMNS} from transactions t where t.id = $1 and t.user_id = $2`, [id, userId]),

    findById: (id: TransactionId) => one(`select ${COLUMNS} from transactions t where t.id = $1`, [id]),

    /**
     * Moves a transaction on. `from` guards against racing updates: only a transaction still in one
     * of those states changes. Returns the updated record, or null.
     */
    transition: (
      id: string,
      from: TransactionStatus[],
      change: {
        status: TransactionStatus;
        now: Date;
        nextCheckAt: Date | null;
        error?: string | null;
        hash?: string;
        stuckReason?: string | null;
        landed?: { block: bigint | null; blockHash: string | null } | null;
        releaseNonce?: boolean;
        details?: Record<string, unknown>;
      },
    ) =>
      one(
        `with u as (
           update transactions set status = $3, updated_at = $4, next_check_at = $5,
             error = case when $6::boolean then $7 else error end,
             hash = coalesce($8, hash),
             stuck_reason = case when $9::boolean then $10 else stuck_reason end,
             landed_block = case when $11::boolean then $12::bigint else landed_block end,
             landed_block_hash = case when $11::boolean then $13 else landed_block_hash end,
             nonce = case when $14::boolean then null else nonce end,
             details = details || $15::jsonb
           where id = $1 and status = any($2::text[])
           returning *)
         select ${COLUMNS} from u t`,
        [
          id,
          from,
          change.status,
          change.now,
          change.nextCheckAt,
          change.error !== undefined,
          change.error ?? null,
          change.hash ?? null,
          change.stuckReason !== undefined,
          change.stuckReason ?? null,
          change.landed !== undefined,
          change.landed?.block?.toString() ?? null,
          change.landed?.blockHash ?? null,
          change.releaseNonce ?? false,
          JSON.stringify(change.details ?? {}),
        ],
      ),

    /**
     * PENDING → SUBMITTED once the broadcast was tried and, in the same statement, the idempotency
     * record of the request marked succeeded with the response it sends (even if the tracker moved
     * the transaction on meanwhile: the key's outcome is this transaction either way).
     */
    /**
     * PENDING to SUBMITTED after the first broadcast, with the key's stored response, in one
     * statement. Nothing is read back (on the send path, every statement is latency).
     */
    async markSubmitted(
      id: string,
      change: {
        now: Date;
        nextCheckAt: Date;
        link: IdempotencyLink | null;
        responseBody: string;
        stuckReason: string | null;
      },
    ): Promise<void> {
      await db.query(
        `with u as (
           update transactions set status = 'SUBMITTED', next_check_at = $2, updated_at = $3, stuck_reason = $7
           where id = $1 and status = 'PENDING'),
         k as (
           update idempotency_keys set state = 'succeeded', response_status = 200, response_body = $4,
             updated_at = $3, lease_until = null
           where user_id = $5 and key = $6 and claim_token = $8 and state = 'in_progress')
         select 1`,
        [
          id,
          change.nextCheckAt,
          change.now,
          change.responseBody,
          change.link?.userId ?? null,
          change.link?.key ?? null,
          change.stuckReason,
          change.link?.claimToken ?? null,
        ],
      );
    },

    /** Keeps what the chain's reads taught about a transaction (chains/read-evidence.ts) in its details. */
    async noteEvidence(id: string, evidence: Record<string, unknown>): Promise<void> {
      await db.query(
        `update transactions set details = jsonb_set(details, '{evidence}', $2::jsonb) where id = $1`,
        [id, JSON.stringify(evidence)],
      );
    },

    /** The next look; with `evidence`, what the chain's reads taught too, in the same statement. */
    async reschedule(
      id: string,
      nextCheckAt: Date | null,
      stuckReason?: string | null,
      evidence?: Record<string, unknown>,
    ): Promise<void> {
      await db.query(
        `update transactions set next_check_at = $2,
           stuck_reason = case when $3::boolean then $4 else stuck_reason end,
           details = case when $5::jsonb is null then details else jsonb_set(details, '{evidence}', $5::jsonb) end
         where id = $1`,
        [
          id,
          nextCheckAt,
          stuckReason !== undefined,
          stuckReason ?? null,
          evidence ? JSON.stringify(evidence) : null,
        ],
      );
    },

    /**
     * The highest nonce our records hold for a wallet on a chain. Every nonce ever signed stays held
     * (only one refused outright at its first broadcast, while it was the highest, is given back).
     * On a development chain, `instance` names the chain now running: nonces of an earlier one (the
     * network restarted, its nonces start over) do not count.
     */
    async maxNonce(walletId: WalletId, chain: string, instance?: string): Promise<bigint | null> {
      const rows = await db.query<{ n: string | null }>(
        `select max(nonce)::text as n from transactions where wallet_id = $1 and chain = $2 and nonce is not null
           and ($3::text is null or details->>'chainInstance' = $3)`,
        [walletId, chain, instance ?? null],
      );
      return rows[0]?.n == null ? null : BigInt(rows[0].n);
    },

    /**
     * Claims transactions due for a check. FOR UPDATE SKIP LOCKED lets any number of instances run
     * the tracker: each claim pushes next_check_at out by the lease, so others skip them meanwhile.
     */
    async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<TransactionRecord[]> {
      const rows = await db.query<TransactionRow>(
        `with u as (
           update transactions set next_check_at = $3
           where id in (
             select id from transactions
             where next_check_at is not null and next_check_at <= $1
             order by next_check_at limit $2
             for update skip locked)
           returning *)
         select ${COLUMNS} from u t`,
        [now, limit, leaseUntil],
      );
      return rows.map(toTransaction);
    },

    /** Claims one transaction for a check if it is due and no tracker holds it (a lookup's refresh). */
    claimOne: (id: string, now: Date, leaseUntil: Date) =>
      one(
        `with u as (
           update transactions set next_check_at = $3
           where id = $1 and next_check_at is not null and next_check_at <= $2
           returning *)
         select ${COLUMNS} from u t`,
        [id, now, leaseUntil],
      ),

    /** The user's latest transactions, newest first. */
    async listRecentByUser(userId: UserId, limit: number): Promise<TransactionRecord[]> {
      const rows = await db.query<TransactionRow>(
        `select ${COLUMNS} from transactions t where t.user_id = $1 order by t.created_at desc, t.id desc limit $2`,
        [userId, limit],
      );
      return rows.map(toTransaction);
    },
  };
}

export type TransactionsRepository = ReturnType<typeof transactionsRepository>;

/** What a query reads to make a whole TransactionRecord of `transactions t` (the list reads it too). */
export const TRANSACTION_COLUMNS = COLUMNS;
