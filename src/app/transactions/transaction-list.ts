import type { ChainRegistry } from '../../chains/chain-registry.ts';
import { familyRules } from '../../chains/families.ts';
import type { UserId } from '../../domain/ids.ts';
import type { TransactionStatus } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../store/database.ts';
import {
  type TransactionListFilter,
  transactionListRepository,
} from '../../store/repositories/transaction-list-repository.ts';
import { decodeCursor, encodeCursor } from '../events/cursors.ts';
import { type TransactionView, transactionView } from './views.ts';

export const DEFAULT_TX_LIMIT = 50;

export interface TransactionListQuery {
  chain?: string | undefined;
  status?: TransactionStatus | undefined;
  /** A wallet address (EVM compared case-insensitively). */
  from?: string | undefined;
  /** ISO 8601 times: created at or after `since`, before `until`. */
  since?: string | undefined;
  until?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

export interface TransactionListPage {
  transactions: TransactionView[];
  nextCursor: string | null;
}

function time(raw: string | undefined, name: string): Date | undefined {
  if (raw === undefined) return undefined;
  const at = new Date(raw);
  // Date parses loose forms too; the API takes ISO 8601 with a date and, if any, a time and zone.
  if (
    !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(raw) ||
    Number.isNaN(at.getTime())
  )
    throw new AppError('INVALID_INPUT', `${name}: not an ISO 8601 time (for example 2030-01-31T12:00:00Z)`);
  return at;
}

/**
 * GET /tx: the caller's transactions newest first, each as GET /tx/{id} shows it (as recorded: the
 * list does not ask the chain about stale SUBMITTED ones, as a lookup by id does). Paged by list
 * position (commit order): a cursor never skips or repeats a transaction, whatever commits meanwhile;
 * transactions recorded after the first page come before it, for the next listing from the start.
 */
export async function listTransactions(
  deps: { db: Queryable; chains: ChainRegistry },
  userId: UserId,
  query: TransactionListQuery,
): Promise<TransactionListPage> {
  const limit = query.limit ?? DEFAULT_TX_LIMIT;
  const before = query.cursor === undefined ? null : decodeCursor('tx', query.cursor, 'cursor');
  const since = time(query.since, 'since');
  const until = time(query.until, 'until');
  if (since && until && since >= until) throw new AppError('INVALID_INPUT', 'since: must be before until');
  const filter: TransactionListFilter = {
    ...(query.chain !== undefined ? { chain: query.chain } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(query.from !== undefined
      ? {
          from: {
            evm: familyRules.ethereum.addressKey(query.from),
            solana: familyRules.solana.addressKey(query.from),
          },
        }
      : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
  };
  // One more than asked: whether a next page exists, without a cursor that leads to an empty page.
  const rows = await transactionListRepository(deps.db).page(userId, filter, before, limit + 1);
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    transactions: shown.map((r) => transactionView(deps.chains, r.tx)),
    nextCursor: rows.length > limit && last ? encodeCursor('tx', last.position) : null,
  };
}
