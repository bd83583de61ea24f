import type { EventRecord, EventType } from './events.ts';
import type { UserId } from './ids.ts';

/** At most this many webhook endpoints per user (issue 28). */
export const MAX_WEBHOOK_ENDPOINTS = 10;

/** A signing secret as stored: AES-256-GCM under the master key, every part base64. */
export interface SealedSecret {
  iv: string;
  tag: string;
  data: string;
  keyId: string;
}

/** A webhook endpoint as stored (store/migrations/0010_webhooks.sql). */
export interface WebhookEndpointRecord {
  id: string;
  userId: UserId;
  url: string;
  /** null: every event type. */
  types: EventType[] | null;
  description: string | null;
  secret: SealedSecret;
  previousSecret: SealedSecret | null;
  previousUntil: Date | null;
  createdAt: Date;
  failingSince: Date | null;
  disabledAt: Date | null;
  disabledReason: string | null;
}

/** A delivery claimed for an attempt. */
export interface ClaimedDelivery {
  endpointId: string;
  eventId: string;
  userId: UserId;
  /** Attempts already made under the current schedule (0 for the first). */
  step: number;
  /** Read with the claim, in the same statement. */
  endpoint: WebhookEndpointRecord;
  event: EventRecord;
}

/** One attempt, as GET /webhooks/{id}/deliveries lists it. */
export interface WebhookAttemptRecord {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: EventType;
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string | null;
  nextAttemptAt: Date | null;
}
