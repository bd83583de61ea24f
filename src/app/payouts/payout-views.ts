import { AppError } from '../../errors/app-error.ts';
import type { PayoutItemView, PayoutSummaryView, PayoutView } from '../../schemas/payouts.ts';
import type { PayoutItemRecord, PayoutRecord } from '../../store/repositories/payouts-repository.ts';

/** An item's status: its transaction's; FAILED when refused before signing; PENDING until signed. */
export function itemView(i: PayoutItemRecord): PayoutItemView {
  const status = i.txStatus ?? (i.error !== null ? 'FAILED' : 'PENDING');
  // As GET /tx/{id}: the hash of a transaction refused at its only broadcast exists nowhere but here.
  const neverSent = i.txStatus === 'FAILED' && i.txDetails?.broadcast === 'no';
  return {
    index: i.index,
    to: i.to,
    amount: i.amount.toString(),
    reference: i.reference,
    transactionId: i.transactionId,
    status,
    hash: neverSent ? null : i.txHash,
    error: i.error ?? (i.txStatus === 'FAILED' ? i.txError : null),
  };
}

export function payoutView(p: PayoutRecord, items: PayoutItemRecord[]): PayoutView {
  const views = items.map(itemView);
  const count = (s: PayoutItemView['status']) => views.filter((v) => v.status === s).length;
  return {
    id: p.id,
    status: p.status,
    chain: p.chain,
    asset: p.asset,
    token: p.token,
    from: p.fromAddress,
    atomic: p.atomic,
    totals: {
      items: p.itemCount,
      amount: p.total.toString(),
      feeEstimate: p.feeEstimate.toString(),
      pending: count('PENDING'),
      submitted: count('SUBMITTED'),
      confirmed: count('CONFIRMED'),
      failed: count('FAILED'),
      transactions: new Set(items.flatMap((i) => (i.transactionId ? [i.transactionId] : []))).size,
    },
    items: views,
    createdAt: p.createdAt.toISOString(),
    completedAt: p.completedAt?.toISOString() ?? null,
  };
}

export function payoutSummary(p: PayoutRecord): PayoutSummaryView {
  return {
    id: p.id,
    status: p.status,
    chain: p.chain,
    asset: p.asset,
    token: p.token,
    from: p.fromAddress,
    atomic: p.atomic,
    items: p.itemCount,
    amount: p.total.toString(),
    createdAt: p.createdAt.toISOString(),
    completedAt: p.completedAt?.toISOString() ?? null,
  };
}

/** The cursor of a page: where the previous one ended (created_at, id), opaque to callers. */
export const encodeCursor = (p: PayoutRecord): string =>
  Buffer.from(`${p.createdAt.toISOString()}|${p.id}`).toString('base64url');

export function decodeCursor(raw: string | undefined): { createdAt: Date; id: string } | null {
  if (raw === undefined) return null;
  const [at, id] = Buffer.from(raw, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()))
    throw new AppError('INVALID_INPUT', 'cursor: not a cursor this API returned', {
      details: [{ path: 'cursor', message: 'not a cursor this API returned' }],
    });
  return { createdAt, id };
}
