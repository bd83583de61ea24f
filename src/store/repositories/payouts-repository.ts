import type { TransactionId, UserId, WalletId } from '../../domain/ids.ts';
import type { IdempotencyLink, TransactionStatus } from '../../domain/transactions.ts';
import type { ChainType } from '../../domain/wallets.ts';
import type { Queryable } from '../database.ts';

export type PayoutStatus = 'processing' | 'completed' | 'completed_with_failures';
export type PayoutAsset = 'native' | 'erc20' | 'spl';

export interface PayoutRecord {
  id: string;
  userId: UserId;
  walletId: WalletId;
  chain: string;
  chainType: ChainType;
  asset: PayoutAsset;
  token: string | null;
  fromAddress: string;
  status: PayoutStatus;
  itemCount: number;
  total: bigint;
  feeEstimate: bigint;
  apiKeyId: string | null;
  /** EVM native: the items packed into Multicall3 calls, each transaction atomic for its items. */
  atomic: boolean;
  runAfter: Date | null;
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
}

export interface PayoutItemRecord {
  index: number;
  to: string;
  amount: bigint;
  reference: string | null;
  plannedId: TransactionId;
  transactionId: TransactionId | null;
  error: string | null;
  /** The linked transaction's status and hash (null: not signed yet, or refused before signing). */
  txStatus: TransactionStatus | null;
  txHash: string | null;
  txError: string | null;
  txDetails: Record<string, unknown> | null;
}

interface PayoutRow {
  id: string;
  user_id: UserId;
  wallet_id: WalletId;
  chain: string;
  chain_type: ChainType;
  asset: PayoutAsset;
  token: string | null;
  from_address: string;
  status: PayoutStatus;
  item_count: number;
  total: string;
  fee_estimate: string;
  api_key_id: string | null;
  atomic: boolean;
  run_after: Date | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

interface ItemRow {
  item_index: number;
  to_address: string;
  amount: string;
  reference: string | null;
  planned_id: TransactionId;
  transaction_id: TransactionId | null;
  error: string | null;
  tx_status: TransactionStatus | null;
  tx_hash: string | null;
  tx_error: string | null;
  tx_details: Record<string, unknown> | string | null;
}

const PAYOUT_COLUMNS = `id, user_id, wallet_id, chain, chain_type, asset, token, from_address, status, item_count,
  total::text as total, fee_estimate::text as fee_estimate, api_key_id, atomic, run_after, created_at, updated_at, completed_at`;

const toPayout = (r: PayoutRow): PayoutRecord => ({
  id: r.id,
  userId: r.user_id,
  walletId: r.wallet_id,
  chain: r.chain,
  chainType: r.chain_type,
  asset: r.asset,
  token: r.token,
  fromAddress: r.from_address,
  status: r.status,
  itemCount: r.item_count,
  total: BigInt(r.total),
  feeEstimate: BigInt(r.fee_estimate),
  apiKeyId: r.api_key_id,
  atomic: r.atomic,
  runAfter: r.run_after,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  completedAt: r.completed_at,
});

const toItem = (r: ItemRow): PayoutItemRecord => ({
  index: r.item_index,
  to: r.to_address,
  amount: BigInt(r.amount),
  reference: r.reference,
  plannedId: r.planned_id,
  transactionId: r.transaction_id,
  error: r.error,
  txStatus: r.tx_status,
  txHash: r.tx_hash,
  txError: r.tx_error,
  txDetails: typeof r.tx_details === 'string' ? JSON.parse(r.tx_details) : r.tx_details,
});

export function payoutsRepository(db: Queryable) {
  return {
    /**
     * Records a payout and its items and, in the same statement, settles the request's
     * Idempotency-Key with the response a retry replays. Only while the request still holds its
     * key: returns false (nothing recorded) when it lost it.
     */
    async insert(
      p: PayoutRecord,
      items: {
        index: number;
        to: string;
        amount: bigint;
        reference: string | null;
        plannedId: TransactionId;
      }[],
      link: IdempotencyLink,
      response: { status: number; body: string },
    ): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `with k as (
           update idempotency_keys set state = 'succeeded', response_status = $18, response_body = $19,
             updated_at = $14, lease_until = null
           where user_id = $15 and key = $16 and claim_token = $17 and state = 'in_progress'
           returning 1),
         p as (
           insert into payouts (id, user_id, wallet_id, chain, chain_type, asset, token, from_address, status,
             item_count, total, fee_estimate, api_key_id, run_after, created_at, updated_at, atomic)
           select $1, $2, $3, $4, $5, $6, $7, $8, 'processing', $9::integer, $10::numeric, $11::numeric, $12, $13,
             $14, $14, $25::boolean
           where exists (select 1 from k)
           returning id),
         i as (
           insert into payout_items (payout_id, item_index, to_address, amount, reference, planned_id)
           select p.id, x.i, x.t, x.a::numeric, x.r, x.pl
           from p, unnest($20::integer[], $21::text[], $22::text[], $23::text[], $24::text[]) as x(i, t, a, r, pl))
         select id from p`,
        [
          p.id,
          p.userId,
          p.walletId,
          p.chain,
          p.chainType,
          p.asset,
          p.token,
          p.fromAddress,
          p.itemCount,
          p.total.toString(),
          p.feeEstimate.toString(),
          p.apiKeyId,
          p.runAfter,
          p.createdAt,
          link.userId,
          link.key,
          link.claimToken,
          response.status,
          response.body,
          items.map((i) => i.index),
          items.map((i) => i.to),
          items.map((i) => i.amount.toString()),
          items.map((i) => i.reference),
          items.map((i) => i.plannedId),
          p.atomic,
        ],
      );
      return rows.length > 0;
    },

    async findForUser(id: string, userId: UserId): Promise<PayoutRecord | null> {
      const rows = await db.query<PayoutRow>(
        `select ${PAYOUT_COLUMNS} from payouts where id = $1 and user_id = $2`,
        [id, userId],
      );
      return rows[0] ? toPayout(rows[0]) : null;
    },

    async findById(id: string): Promise<PayoutRecord | null> {
      const rows = await db.query<PayoutRow>(`select ${PAYOUT_COLUMNS} from payouts where id = $1`, [id]);
      return rows[0] ? toPayout(rows[0]) : null;
    },

    /** Items of a payout in index order, each with its transaction's status and hash. */
    async items(payoutId: string): Promise<PayoutItemRecord[]> {
      const rows = await db.query<ItemRow>(
        `select i.item_index, i.to_address, i.amount::text as amount, i.reference, i.planned_id, i.transaction_id,
           i.error, t.status as tx_status, t.hash as tx_hash, t.error as tx_error, t.details as tx_details
         from payout_items i left join transactions t on t.id = i.transaction_id
         where i.payout_id = $1 order by i.item_index`,
        [payoutId],
      );
      return rows.map(toItem);
    },

    /** The user's payouts, newest first, after the cursor (created_at, id) when given. */
    async listForUser(
      userId: UserId,
      limit: number,
      after: { createdAt: Date; id: string } | null,
    ): Promise<PayoutRecord[]> {
      const rows = await db.query<PayoutRow>(
        `select ${PAYOUT_COLUMNS} from payouts
         where user_id = $1 and ($2::timestamptz is null or (created_at, id) < ($2::timestamptz, $3::text))
         order by created_at desc, id desc limit $4`,
        [userId, after?.createdAt ?? null, after?.id ?? null, limit],
      );
      return rows.map(toPayout);
    },

    /**
     * Claims payouts with items to sign whose lease ran out (or that were never claimed). FOR
     * UPDATE SKIP LOCKED lets any number of instances run payouts: each claim pushes run_after out
     * by the lease, so others skip them meanwhile.
     */
    async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<PayoutRecord[]> {
      const rows = await db.query<PayoutRow>(
        `with u as (
           update payouts set run_after = $3
           where id in (
             select id from payouts where run_after is not null and run_after <= $1
             order by run_after limit $2 for update skip locked)
           returning *)
         select ${PAYOUT_COLUMNS} from u`,
        [now, limit, leaseUntil],
      );
      return rows.map(toPayout);
    },

    /** Makes every payout with items to sign due now (the embedded database's one process starting). */
    async takeOverLeases(now: Date): Promise<void> {
      await db.query('update payouts set run_after = $1 where run_after is not null', [now]);
    },

    /**
     * Makes payouts whose run failed due at `at` rather than when their lease ends (a database or
     * node that failed for a moment should not hold them for the whole lease). A payout whose
     * signing ended meanwhile (run_after null) stays as it is.
     */
    async dueAgain(ids: string[], at: Date): Promise<void> {
      await db.query(
        'update payouts set run_after = $2 where id = any($1::text[]) and run_after is not null',
        [ids, at],
      );
    },

    /** Extends the runner's lease while it works. */
    async renew(id: string, leaseUntil: Date): Promise<void> {
      await db.query('update payouts set run_after = $2 where id = $1 and run_after is not null', [
        id,
        leaseUntil,
      ]);
    },

    /** Items not signed yet (no transaction, no refusal), in order. */
    async unsigned(
      payoutId: string,
    ): Promise<{ index: number; to: string; amount: bigint; plannedId: TransactionId }[]> {
      const rows = await db.query<{
        item_index: number;
        to_address: string;
        amount: string;
        planned_id: TransactionId;
      }>(
        `select item_index, to_address, amount::text as amount, planned_id from payout_items
         where payout_id = $1 and transaction_id is null and error is null order by item_index`,
        [payoutId],
      );
      return rows.map((r) => ({
        index: r.item_index,
        to: r.to_address,
        amount: BigInt(r.amount),
        plannedId: r.planned_id,
      }));
    },

    /**
     * Items whose checks failed when their turn came: FAILED, with why, never signed. What the key
     * reserved for them is given back in the same statement (nothing of theirs is ever sent).
     */
    async refuseItems(payoutId: string, refused: { index: number; error: string }[]): Promise<void> {
      if (refused.length === 0) return;
      await db.query(
        `with r as (
           update payout_items p set error = x.e from unnest($2::integer[], $3::text[]) as x(i, e)
           where p.payout_id = $1 and p.item_index = x.i and p.transaction_id is null and p.error is null
           returning p.planned_id)
         delete from api_key_spend where transaction_id in (select planned_id from r)`,
        [payoutId, refused.map((r) => r.index), refused.map((r) => r.error)],
      );
    },

    /** Ends the runner's work on a payout once no item is left to sign. */
    async finishSigning(payoutId: string, now: Date): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `update payouts set run_after = null, updated_at = $2
         where id = $1 and not exists (
           select 1 from payout_items where payout_id = $1 and transaction_id is null and error is null)
         returning id`,
        [payoutId, now],
      );
      return rows.length > 0;
    },

    /**
     * Marks completed the payouts whose every item is final (its transaction CONFIRMED or FAILED,
     * or refused before signing); returns them, for the event written in the same transaction.
     */
    async completeFinished(now: Date, limit: number): Promise<PayoutRecord[]> {
      const rows = await db.query<PayoutRow>(
        `with done as (
           select p.id,
             exists (select 1 from payout_items i left join transactions t on t.id = i.transaction_id
                     where i.payout_id = p.id and (i.error is not null or t.status = 'FAILED')) as failures
           from payouts p
           where p.status = 'processing' and p.run_after is null
             and not exists (
               select 1 from payout_items i left join transactions t on t.id = i.transaction_id
               where i.payout_id = p.id and i.error is null
                 and (t.id is null or t.status not in ('CONFIRMED', 'FAILED')))
           order by p.created_at limit $2
           for update of p skip locked),
         u as (
           update payouts p set status = case when done.failures then 'completed_with_failures' else 'completed' end,
             completed_at = $1, updated_at = $1
           from done where p.id = done.id and p.status = 'processing'
           returning p.*)
         select ${PAYOUT_COLUMNS} from u`,
        [now, limit],
      );
      return rows.map(toPayout);
    },
  };
}

export type PayoutsRepository = ReturnType<typeof payoutsRepository>;
