import type { ChainRegistry } from '../../chains/chain-registry.ts';
import type { EventRecord, EventType } from '../../domain/events.ts';
import { transactionFromSnapshot } from '../../store/repositories/transactions-repository.ts';
import { type TransactionView, transactionView } from '../transactions/views.ts';

/** An event as the API shows it and a webhook delivers it (issue 28). */
export interface EventView {
  id: string;
  type: EventType;
  timestamp: string;
  sequence: number;
  data: Record<string, unknown>;
}

/** A transaction event's data: the transaction as GET /tx/{id} showed it then, and what changed. */
export type TransactionEventData = TransactionView & {
  previousStatus: TransactionView['status'] | null;
  replacement?: { oldHash: string; newHash: string; reason: string | null };
};

function transactionEventData(chains: ChainRegistry, data: Record<string, unknown>): TransactionEventData {
  const view = transactionView(chains, transactionFromSnapshot(data.transaction as Record<string, unknown>));
  const out: TransactionEventData = {
    ...view,
    previousStatus: (data.previousStatus as TransactionView['status'] | null) ?? null,
  };
  if (data.replacement)
    out.replacement = data.replacement as NonNullable<TransactionEventData['replacement']>;
  return out;
}

export function eventView(chains: ChainRegistry, e: EventRecord): EventView {
  return {
    id: e.id,
    type: e.type,
    timestamp: e.createdAt.toISOString(),
    sequence: Number(e.sequence),
    data: e.type.startsWith('transaction.') ? transactionEventData(chains, e.data) : e.data,
  };
}
