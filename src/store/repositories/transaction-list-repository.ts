import type { UserId } from '../../domain/ids.ts';
import type { TransactionRecord, TransactionStatus } from '../../domain/transactions.ts';
import type { Queryable } from '../database.ts';
import { TRANSACTION_COLUMNS, type TransactionRow, toTransaction } from './transactions-repository.ts';

export interface TransactionListFilter {
  chain?: string;
  status?: TransactionStatus;
  /** The sender as the chain families compare it: EVM in lower case, Solana as it is. */
  from?: { evm: string; solana: string };
  since?: Date;
  until?: Date;
}

/**
 * GET /tx's reads: a user's transactions newest first by their list position (0009_events.sql: given
 * in commit order, so a page boundary never moves under concurrent inserts).
 */
export function transactionListRepository(db: Queryable) {
  return {
    /**
     * Up to `limit` transactions below `before` (null: from the newest), newest first, each with its
     * position for the next page's cursor.
     */
    async page(
      userId: UserId,
      filter: TransactionListFilter,
      before: bigint | null,
      limit: number,
    ): Promise<{ tx: TransactionRecord; position: bigint }[]> {
      const rows = await db.query<TransactionRow & { list_position: string }>(
        `select ${TRANSACTION_COLUMNS}, t.list_position::text as list_position
         from transactions t
         where t.user_id = $1
           and ($2::bigint is null or t.list_position < $2::bigint)
           and ($3::text is null or t.chain = $3)
           and ($4::text is null or t.status = $4)
           and ($5::text is null or (lower(t.from_address) = $5
                and (t.chain_type = 'ethereum' or t.from_address = $6)))
           and ($7::timestamptz is null or t.created_at >= $7)
           and ($8::timestamptz is null or t.created_at < $8)
         order by t.list_position desc
         limit $9`,
        [
          userId,
          before?.toString() ?? null,
          filter.chain ?? null,
          filter.status ?? null,
          // lower() serves the index for both families; Solana then compares exactly
          filter.from ? filter.from.evm.toLowerCase() : null,
          filter.from?.solana ?? null,
          filter.since ?? null,
          filter.until ?? null,
          limit,
        ],
      );
      return rows.map((r) => ({ tx: toTransaction(r), position: BigInt(r.list_position) }));
    },
  };
}
