import type { TransactionId } from '../../domain/ids.ts';
import type { AttemptRecord, TransactionRecord } from '../../domain/transactions.ts';
import type { Queryable } from '../database.ts';
import { TRANSACTION_COLUMNS, type TransactionRow, toTransaction } from './transactions-repository.ts';

/** A transaction of a payout, signed, with the items it carries: recorded and linked in one statement. */
export interface PayoutTransactionRecord {
  tx: TransactionRecord;
  indexes: number[];
}

/**
 * The transactions of payouts (0014_payouts.sql): recorded with their items linked in one statement,
 * marked sent, handed to the tracker, read back to be sent again.
 */
export function payoutTransactionsRepository(db: Queryable) {
  return {
    /**
     * Records signed transactions of a payout with their first attempts, each linked to its items
     * in the same statement, and only if every one of those items still has no transaction: a
     * part signed twice (two runners) records nothing the second time. Returns how many it recorded.
     * What the key reserved for each item (key-spend.ts, against the item's planned id) moves to the
     * transaction carrying it in the same statement, so a packed transaction that ends FAILED
     * without landing gives every one of its items back, not only the first.
     */
    async recordSigned(payoutId: string, list: PayoutTransactionRecord[]): Promise<number> {
      if (list.length === 0) return 0;
      const links = list.flatMap((e) => e.indexes.map((i) => ({ i, id: e.tx.id })));
      const a = (e: PayoutTransactionRecord) => e.tx.attempts[0];
      const rows = await db.query<{ n: number }>(
        `with l as (
           select * from unnest($2::integer[], $3::text[]) as l(i, id)),
         i as (
           update payout_items p set transaction_id = l.id from l
           where p.payout_id = $1 and p.item_index = l.i and p.transaction_id is null and p.error is null
           returning 1),
         s as (
           update api_key_spend s set transaction_id = l.id
           from l join payout_items p on p.payout_id = $1 and p.item_index = l.i
           where s.transaction_id = p.planned_id and p.planned_id <> l.id
             and (select count(*) from i) = $23),
         x as (
           select * from unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::integer[],
             $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::jsonb[],
             $17::jsonb[], $18::timestamptz[], $19::timestamptz[], $20::text[], $21::jsonb[], $22::text[])
           as x(id, user_id, wallet_id, chain, chain_type, chain_id, kind, from_address, to_address, value, hash,
             nonce, details, payload, created_at, next_check_at, signed_tx, fees, lvbh)),
         t as (
           insert into transactions (id, user_id, wallet_id, chain, chain_type, chain_id, kind, from_address,
             to_address, value, status, hash, nonce, details, payload, created_at, updated_at, next_check_at)
           select id, user_id, wallet_id, chain, chain_type, chain_id, kind, from_address, to_address, value,
             'PENDING', hash, nonce::bigint, details, payload, created_at, created_at, next_check_at
           from x where (select count(*) from i) = $23
           returning id),
         at as (
           insert into transaction_attempts (transaction_id, attempt, hash, signed_tx, fees, last_valid_block_height,
             created_at)
           select x.id, 1, x.hash, x.signed_tx, x.fees, x.lvbh::bigint, x.created_at from x join t on t.id = x.id)
         select count(*)::int as n from t`,
        [
          payoutId,
          links.map((l) => l.i),
          links.map((l) => l.id),
          list.map((e) => e.tx.id),
          list.map((e) => e.tx.userId),
          list.map((e) => e.tx.walletId),
          list.map((e) => e.tx.chain),
          list.map((e) => e.tx.chainType),
          list.map((e) => e.tx.chainId),
          list.map((e) => e.tx.kind),
          list.map((e) => e.tx.fromAddress),
          list.map((e) => e.tx.toAddress),
          list.map((e) => e.tx.value),
          list.map((e) => e.tx.hash),
          list.map((e) => e.tx.nonce?.toString() ?? null),
          list.map((e) => JSON.stringify(e.tx.details)),
          list.map((e) => JSON.stringify(e.tx.payload)),
          list.map((e) => e.tx.createdAt.toISOString()),
          list.map((e) => e.tx.nextCheckAt?.toISOString() ?? null),
          list.map((e) => a(e)?.signedTx ?? ''),
          list.map((e) => JSON.stringify(a(e)?.fees ?? {})),
          list.map((e) => a(e)?.lastValidBlockHeight?.toString() ?? null),
          links.length,
        ],
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * Claims for a tracker run the due transactions of these payouts that no tracker holds (the
     * tracker looks at a payout's transactions together, transactions-repository claimDue's rule).
     */
    async claimDue(
      payoutIds: string[],
      now: Date,
      limit: number,
      leaseUntil: Date,
    ): Promise<TransactionRecord[]> {
      if (payoutIds.length === 0) return [];
      const rows = await db.query<TransactionRow>(
        `with u as (
           update transactions set next_check_at = $3
           where id in (
             select id from transactions
             where next_check_at is not null and next_check_at <= $2
               and id in (select transaction_id from payout_items
                          where payout_id = any($1::text[]) and transaction_id is not null)
             order by next_check_at limit $4
             for update skip locked)
           returning *)
         select ${TRANSACTION_COLUMNS} from u t`,
        [payoutIds, now, leaseUntil, limit],
      );
      return rows.map(toTransaction);
    },

    /** PENDING to SUBMITTED once broadcast was tried, for many transactions in one statement. */
    async markSubmitted(ids: TransactionId[], now: Date, nextCheckAt: Date): Promise<void> {
      if (ids.length === 0) return;
      await db.query(
        `update transactions set status = 'SUBMITTED', next_check_at = $2, updated_at = $3
         where id = any($1::text[]) and status = 'PENDING'`,
        [ids, nextCheckAt, now],
      );
    },

    /**
     * Transactions of a payout recorded but perhaps never broadcast (the runner stopped): handed to
     * the tracker now, which sends them again if the node does not know them.
     */
    async handOverPending(payoutId: string, now: Date): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `with u as (
           update transactions set next_check_at = $2
           where status = 'PENDING' and next_check_at > $2
             and id in (select transaction_id from payout_items where payout_id = $1 and transaction_id is not null)
           returning 1)
         select count(*)::int as n from u`,
        [payoutId, now],
      );
      return rows[0]?.n ?? 0;
    },

    /**
     * The latest attempt of each transaction of a payout not known to have landed (PENDING or
     * SUBMITTED), in nonce order (Solana: in order of recording).
     */
    async unfinishedAttempts(payoutId: string): Promise<{ id: TransactionId; attempt: AttemptRecord }[]> {
      const rows = await db.query<{
        id: TransactionId;
        attempt: number;
        hash: string;
        signed_tx: string;
        fees: Record<string, string> | string;
        lvbh: string | null;
        created_at: Date;
      }>(
        `select t.id, a.attempt, a.hash, a.signed_tx, a.fees, a.last_valid_block_height::text as lvbh, a.created_at
         from transactions t
         join lateral (select * from transaction_attempts x where x.transaction_id = t.id
                       order by x.attempt desc limit 1) a on true
         where t.status in ('PENDING', 'SUBMITTED')
           and t.id in (select transaction_id from payout_items where payout_id = $1 and transaction_id is not null)
         order by t.nonce nulls last, t.created_at, t.id`,
        [payoutId],
      );
      return rows.map((r) => ({
        id: r.id,
        attempt: {
          attempt: r.attempt,
          hash: r.hash,
          signedTx: r.signed_tx,
          fees: typeof r.fees === 'string' ? JSON.parse(r.fees) : r.fees,
          lastValidBlockHeight: r.lvbh === null ? null : BigInt(r.lvbh),
          createdAt: new Date(r.created_at),
        },
      }));
    },
  };
}
