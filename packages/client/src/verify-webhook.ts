import { WebhookVerificationError as UpstreamVerificationError, Webhook } from 'standardwebhooks';

/**
 * A delivery that does not verify (a bad or missing signature, a timestamp too old or too new).
 * Our own class, not the package's: its declarations need Node's types (Buffer), which a project
 * using only this client's declarations need not have.
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/** An event as a webhook delivers it (and GET /events lists it). */
export interface WebhookEvent {
  /** evt_…: the webhook-id header, the same on every retry and replay: deduplicate on it. */
  id: string;
  /** transaction.created, transaction.confirmed, …, webhook.test. */
  type: string;
  /** When the event happened (ISO 8601); the webhook-timestamp header is when it was sent. */
  timestamp: string;
  /** Increases per user in the order events happened. */
  sequence: number;
  data: Record<string, unknown>;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? '';
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/**
 * Verifies a delivery as Standard Webhooks 1.0 says, through the official `standardwebhooks`
 * package: the signature (any of the space-separated `v1` entries, so both secrets verify during a
 * rotation) over "{webhook-id}.{webhook-timestamp}.{body}", and a timestamp within 5 minutes. Pass
 * the body exactly as received (re-serialised JSON does not verify). Returns the event; throws
 * WebhookVerificationError otherwise.
 *
 *   const event = verifyWebhook(process.env.WEBHOOK_SECRET, request.headers, rawBody);
 */
export function verifyWebhook(secret: string, headers: HeaderBag, body: string | Uint8Array): WebhookEvent {
  const payload = typeof body === 'string' ? body : new TextDecoder().decode(body);
  try {
    return new Webhook(secret).verify(payload, {
      'webhook-id': header(headers, 'webhook-id'),
      'webhook-timestamp': header(headers, 'webhook-timestamp'),
      'webhook-signature': header(headers, 'webhook-signature'),
    }) as WebhookEvent;
  } catch (err) {
    if (err instanceof UpstreamVerificationError)
      throw new WebhookVerificationError(err.message, { cause: err });
    throw err;
  }
}
