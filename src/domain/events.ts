import type { UserId } from './ids.ts';

/** Every type of event a user can follow or have delivered to a webhook (issue 28). */
export const EVENT_TYPES = [
  'transaction.created',
  'transaction.submitted',
  'transaction.replaced',
  'transaction.stuck',
  'transaction.confirmed',
  'transaction.failed',
  'transaction.reorged',
  'api_key.created',
  'api_key.revoked',
  'webhook.test',
  'payout.completed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * An event as stored (store/migrations/0009_events.sql). `sequence` counts the user's events from 1
 * in commit order. For transaction events `data` holds the transaction's row as it was then
 * (`transaction`), `previousStatus` and, for a replacement, `replacement`; app/events renders it.
 */
export interface EventRecord {
  id: string;
  userId: UserId;
  sequence: bigint;
  type: EventType;
  subject: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}
