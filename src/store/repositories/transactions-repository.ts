import type { Queryable } from '../database.ts';
import type { ChainType } from './wallets-repository.ts';

export type TransactionStatus = 'PENDING' | 'SUBMITTED' | 'CONFIRMED' | 'FAILED';
export type TransactionKind = 'send' | 'approve' | 'contract' | 'swap';

/** The idempotency record (user, key) whose request created a transaction. */
export interface IdempotencyLink {
  userId: string;
  key: string;
}

export interface TransactionRecord {
  id: string;
  userId: string;
  walletId: string;
  chain: string;
  chainType: ChainType;
  chainId: number;
  kind: TransactionKind;
  fromAddress: string;
  toAddress: string;
  value: string;
  status: TransactionStatus;
  hash: string | null;
  error: string | null;
  nonce: bigint | null;
  lastValidBlockHeight: bigint | null;
  signedTx: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  nextCheckAt: Date | null;
}

interface TransactionRow {
  id: string;
  user_id: string;
  wallet_id: string;
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
  nonce: string | number | bigint | null;
  last_valid_block_height: string | number | bigint | null;
  signed_tx: string | null;
  details: Record<string, unknown> | string;
  created_at: Date;
  updated_at: Date;
  next_check_at: Date | null;
}

const big = (v: string | number | bigint | null): bigint | null => (v === null ? null : BigInt(v));

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
  lastValidBlockHeight: big(r.last_valid_block_height),
  signedTx: r.signed_tx,
  details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  nextCheckAt: r.next_check_at,
});

// bigint columns are read as text: node-postgres and PGlite disagree on int8.
const COLUMNS = `id, user_id, wallet_id, chain, chain_type, chain_id, kind, from_address, to_address, value, status,
  hash, error, nonce::text as nonce, last_valid_block_height::text as last_valid_block_height, signed_tx, details,
  created_at, updated_at, next_check_at`;

export function transactionsRepository(db: Queryable) {
  return {
    /**
     * Records a transaction and, in the same statement, links it to the idempotency record of the
     * request that created it (so a crash right after is reconciled from either side).
     */
    async insert(t: TransactionRecord, link: IdempotencyLink | null = null): Promise<void> {
      await db.query(
        `with t as (
           insert into transactions (id, user_id, wallet_id, chain, chain_type, chain_id, kind, from_address, to_address,
             value, status, hash, error, nonce, last_valid_block_height, signed_tx, details, created_at, updated_at,
             next_check_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
           returning id)
         update idempotency_keys set transaction_id = (select id from t), updated_at = $19
         where user_id = $21 and key = $22`,
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
          t.error,
          t.nonce?.toString() ?? null,
          t.lastValidBlockHeight?.toString() ?? null,
          t.signedTx,
          JSON.stringify(t.details),
          t.createdAt,
          t.updatedAt,
          t.nextCheckAt,
          link?.userId ?? null,
          link?.key ?? null,
        ],
      );
    },
    /** A transaction of this user, or null (another user's id is simply not found). */
    async findForUser(id: string, userId: string): Promise<TransactionRecord | null> {
      const rows = await db.query<TransactionRow>(
        `select ${COLUMNS} from transactions where id = $1 and user_id = $2`,
        [id, userId],
      );
      return rows[0] ? toTransaction(rows[0]) : null;
    },
    async findById(id: string): Promise<TransactionRecord | null> {
      const rows = await db.query<TransactionRow>(`select ${COLUMNS} from transactions where id = $1`, [id]);
      return rows[0] ? toTransaction(rows[0]) : null;
    },
    /**
     * Moves a transaction on. `from` guards against racing updates (tracker and lookup): only a
     * transaction still in one of those states changes. Returns the updated record, or null.
     */
    async transition(
      id: string,
      from: TransactionStatus[],
      change: {
        status: TransactionStatus;
        error?: string | null;
        nextCheckAt: Date | null;
        now: Date;
        releaseNonce?: boolean;
        details?: Record<string, unknown>;
      },
    ): Promise<TransactionRecord | null> {
      const rows = await db.query<TransactionRow>(
        `update transactions set status = $3, error = coalesce($4, error), next_check_at = $5, updated_at = $6,
           nonce = case when $7 then null else nonce end, details = details || $8::jsonb
         where id = $1 and status = any($2::text[])
         returning ${COLUMNS}`,
        [
          id,
          from,
          change.status,
          change.error ?? null,
          change.nextCheckAt,
          change.now,
          change.releaseNonce ?? false,
          JSON.stringify(change.details ?? {}),
        ],
      );
      return rows[0] ? toTransaction(rows[0]) : null;
    },
    /**
     * PENDING → SUBMITTED after the broadcast and, in the same statement, the idempotency record of
     * the request marked succeeded with the response it sends.
     */
    async markSubmitted(
      id: string,
      change: { now: Date; nextCheckAt: Date; link: IdempotencyLink | null; responseBody: string },
    ): Promise<TransactionRecord | null> {
      const rows = await db.query<TransactionRow>(
        `with t as (
           update transactions set status = 'SUBMITTED', next_check_at = $2, updated_at = $3
           where id = $1 and status = 'PENDING'
           returning ${COLUMNS}),
         k as (
           update idempotency_keys set state = 'succeeded', response_status = 200, response_body = $4, updated_at = $3
           where user_id = $5 and key = $6 and state = 'in_progress' and exists (select 1 from t))
         select * from t`,
        [
          id,
          change.nextCheckAt,
          change.now,
          change.responseBody,
          change.link?.userId ?? null,
          change.link?.key ?? null,
        ],
      );
      return rows[0] ? toTransaction(rows[0]) : null;
    },
    async reschedule(id: string, nextCheckAt: Date): Promise<void> {
      await db.query('update transactions set next_check_at = $2 where id = $1', [id, nextCheckAt]);
    },
    /** The highest nonce our records hold for a wallet on a chain (failed-before-broadcast ones released theirs). */
    async maxNonce(walletId: string, chain: string): Promise<bigint | null> {
      const rows = await db.query<{ n: string | null }>(
        'select max(nonce)::text as n from transactions where wallet_id = $1 and chain = $2 and nonce is not null',
        [walletId, chain],
      );
      return rows[0]?.n == null ? null : BigInt(rows[0].n);
    },
    /**
     * Claims transactions due for a check. FOR UPDATE SKIP LOCKED lets any number of instances run
     * the tracker: each claim pushes next_check_at out by the lease, so others skip them meanwhile.
     */
    async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<TransactionRecord[]> {
      const rows = await db.query<TransactionRow>(
        `update transactions set next_check_at = $3
         where id in (
           select id from transactions
           where status in ('PENDING', 'SUBMITTED') and next_check_at <= $1
           order by next_check_at limit $2
           for update skip locked)
         returning ${COLUMNS}`,
        [now, limit, leaseUntil],
      );
      return rows.map(toTransaction);
    },
    /** The user's latest transactions, newest first. */
    async listRecentByUser(userId: string, limit: number): Promise<TransactionRecord[]> {
      const rows = await db.query<TransactionRow>(
        `select ${COLUMNS} from transactions where user_id = $1 order by created_at desc, id desc limit $2`,
        [userId, limit],
      );
      return rows.map(toTransaction);
    },
  };
}

export type TransactionsRepository = ReturnType<typeof transactionsRepository>;
