import type { ApiKeyId, TransactionId } from '../../domain/ids.ts';
import type { Queryable } from '../database.ts';

/**
 * What API keys have moved, for their rolling 24-hour limits (src/app/key-spend.ts). A row counts
 * unless its transaction ended FAILED without landing: a transaction that never left gives its
 * amount back, and so does one cancelled whose cancel landed in its place (details.cancelLanded:
 * the nonce was used, by a zero-value transfer to the wallet itself, and nothing it moved left). A row whose transaction was never recorded (the request died between reserving
 * and signing) keeps counting for its 24 hours: the safe side of a limit.
 */
export function keySpendRepository(db: Queryable) {
  return {
    /** Serializes spend decisions of one key, across instances, until the transaction ends. */
    async lockKey(keyId: ApiKeyId): Promise<void> {
      await db.query("select pg_advisory_xact_lock(hashtext('wallet-api:key-spend:' || $1))", [keyId]);
    },

    /** The amounts per asset a key moved on a chain since `since`, as decimal strings. */
    async spentSince(
      keyId: ApiKeyId,
      since: Date,
      filter?: { chain: string; assets: string[] },
    ): Promise<{ chain: string; asset: string; spent: string }[]> {
      return db.query<{ chain: string; asset: string; spent: string }>(
        `select s.chain, s.asset, sum(s.amount)::text as spent
         from api_key_spend s
         left join transactions t on t.id = s.transaction_id
         where s.key_id = $1 and s.created_at > $2
           and ($3::text is null or (s.chain = $3 and s.asset = any($4::text[])))
           and not coalesce(t.status = 'FAILED' and (t.landed_block is null or t.details->>'cancelLanded' = 'true'), false)
         group by s.chain, s.asset`,
        [keyId, since, filter?.chain ?? null, filter?.assets ?? []],
      );
    },

    async insert(
      rows: {
        id: string;
        keyId: ApiKeyId;
        chain: string;
        asset: string;
        amount: bigint;
        transactionId: TransactionId;
        createdAt: Date;
      }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await db.query(
        `insert into api_key_spend (id, key_id, chain, asset, amount, transaction_id, created_at)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::text[], $7::timestamptz[])`,
        [
          rows.map((r) => r.id),
          rows.map((r) => r.keyId),
          rows.map((r) => r.chain),
          rows.map((r) => r.asset),
          rows.map((r) => r.amount.toString()),
          rows.map((r) => r.transactionId),
          rows.map((r) => r.createdAt.toISOString()),
        ],
      );
    },

    /** Gives back what a write reserved when it ended with nothing signed or sent. */
    async deleteForTransaction(transactionId: TransactionId): Promise<void> {
      await db.query('delete from api_key_spend where transaction_id = $1', [transactionId]);
    },

    async prune(before: Date): Promise<number> {
      const rows = await db.query<{ n: number }>(
        'with d as (delete from api_key_spend where created_at < $1 returning 1) select count(*)::int as n from d',
        [before],
      );
      return rows[0]?.n ?? 0;
    },
  };
}
