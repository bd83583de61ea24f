import type { EventType } from '../../domain/events.ts';
import type { WebhookAttemptRecord, WebhookEndpointRecord } from '../../domain/webhooks.ts';

/** An endpoint as the API, the dashboard and the CLI show it (never its secret). */
export interface WebhookEndpointView {
  id: string;
  url: string;
  types: EventType[] | null;
  description: string | null;
  createdAt: string;
  disabled: boolean;
  disabledAt: string | null;
  disabledReason: string | null;
  /** Until when the secret replaced by the last rotation still signs (null: no rotation running). */
  previousSecretExpiresAt: string | null;
}

export function webhookEndpointView(e: WebhookEndpointRecord, now: Date): WebhookEndpointView {
  return {
    id: e.id,
    url: e.url,
    types: e.types,
    description: e.description,
    createdAt: e.createdAt.toISOString(),
    disabled: e.disabledAt !== null,
    disabledAt: e.disabledAt?.toISOString() ?? null,
    disabledReason: e.disabledReason,
    previousSecretExpiresAt: e.previousUntil && e.previousUntil > now ? e.previousUntil.toISOString() : null,
  };
}

/** One attempt of a delivery. */
export interface WebhookAttemptView {
  eventId: string;
  eventType: EventType;
  attemptedAt: string;
  /** The receiver's HTTP status (null: no answer, see `error`). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The first bytes of the receiver's answer, trimmed. */
  responseBody: string | null;
  /** When the next attempt of this delivery is due (null: it succeeded, or no attempt is left). */
  nextAttemptAt: string | null;
  succeeded: boolean;
}

export function webhookAttemptView(a: WebhookAttemptRecord): WebhookAttemptView {
  return {
    eventId: a.eventId,
    eventType: a.eventType,
    attemptedAt: a.attemptedAt.toISOString(),
    statusCode: a.statusCode,
    error: a.error,
    durationMs: a.durationMs,
    responseBody: a.responseBody,
    nextAttemptAt: a.nextAttemptAt?.toISOString() ?? null,
    succeeded: a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300,
  };
}
