import type { Logger } from 'pino';
import type { ChainRegistry } from '../../chains/chain-registry.ts';
import type { ClaimedDelivery } from '../../domain/webhooks.ts';
import type { Database } from '../../store/database.ts';
import { EVENTS_CHANNEL } from '../../store/repositories/events-repository.ts';
import { type AttemptOutcome, webhooksRepository } from '../../store/repositories/webhooks-repository.ts';
import type { Clock } from '../../support/clock.ts';
import { eventView } from '../events/event-views.ts';
import { type WebhookSecretBox, webhookSignature } from './webhook-secrets.ts';
import { type SendResult, sendWebhook } from './webhook-sender.ts';
import { checkTarget, TargetRefused, type TargetRules } from './webhook-targets.ts';

export interface DeliverySettings {
  /** The delay before each attempt, in ms (WEBHOOK_RETRY_SCHEDULE); its length is the attempts. */
  schedule: readonly number[];
  timeoutMs: number;
  /** Deliveries this process sends at once; one at a time per endpoint. */
  concurrency: number;
  /** An endpoint failing this long, with events that used up the schedule, is disabled. */
  disableAfterMs: number;
}

/** Looks for due deliveries this often even without a notification (retries fall due silently). */
const POLL_MS = 1000;
const SWEEP_MS = 60_000;
/** A Retry-After longer than this is taken as this. */
const MAX_RETRY_AFTER_S = 24 * 3600;

const spell = (ms: number) =>
  ms >= 86_400_000
    ? `${Math.round(ms / 86_400_000)} days`
    : ms >= 3_600_000
      ? `${Math.round(ms / 3_600_000)} hours`
      : `${Math.round(ms / 1000)} seconds`;

/** ±10 % around a delay, so endpoints that failed together do not retry together. */
const jitter = (ms: number) => (ms === 0 ? 0 : Math.round(ms * (0.9 + Math.random() * 0.2)));

/** What an attempt's answer means for the delivery. */
export function outcomeOf(
  result: SendResult,
  step: number,
  settings: Pick<DeliverySettings, 'schedule'>,
  at: Date,
): AttemptOutcome & { gone: boolean } {
  const base = {
    attemptedAt: at,
    statusCode: result.statusCode,
    error: result.error,
    durationMs: result.durationMs,
    responseBody: result.responseBody,
  };
  const code = result.statusCode;
  if (code !== null && code >= 200 && code < 300)
    return { ...base, status: 'succeeded', nextAttemptAt: null, gone: false };
  if (code === 410) return { ...base, status: 'failed', nextAttemptAt: null, gone: true };
  const next = settings.schedule[step + 1];
  if (next === undefined) return { ...base, status: 'failed', nextAttemptAt: null, gone: false };
  const asked = Math.min(result.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_S) * 1000;
  const delay = Math.max(jitter(next), asked);
  return { ...base, status: 'pending', nextAttemptAt: new Date(at.getTime() + delay), gone: false };
}

/**
 * Sends due deliveries (issue 28, items 4 to 6), in the server (embedded mode) or the workers: any
 * number of processes may run it on one database. Deliveries are claimed with FOR UPDATE SKIP
 * LOCKED under a lease, so each attempt is made by one process; one that dies mid-attempt leaves the
 * delivery due again when its lease ends (at least once). A process sends to one endpoint at a time
 * and to `concurrency` endpoints at once, so an endpoint that hangs holds one slot for at most the
 * timeout and never delays the others or the API.
 */
export function webhookDelivery(deps: {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  box: WebhookSecretBox;
  rules: TargetRules;
  settings: DeliverySettings;
  logger?: Logger;
}) {
  const { db, clock, chains, box, rules, settings, logger } = deps;
  const repo = webhooksRepository(db);
  const leaseMs = settings.timeoutMs + 15_000;
  const busy = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  const abort = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  let roundRunning = false;
  let again = false;
  let unlisten: (() => Promise<void>) | null = null;
  let poll: NodeJS.Timeout | undefined;
  let sweep: NodeJS.Timeout | undefined;

  const later = (ms: number) => {
    const t = setTimeout(() => {
      timers.delete(t);
      wake();
    }, ms);
    t.unref();
    timers.add(t);
  };

  async function attempt(d: ClaimedDelivery): Promise<void> {
    const { endpoint, event } = d;
    // Disabled between the candidates and the claim: nothing to send.
    if (endpoint.disabledAt) return;
    const now = clock.now();
    const body = JSON.stringify(eventView(chains, event));
    const keys = [box.open(endpoint.secret, endpoint.id)];
    if (endpoint.previousSecret && endpoint.previousUntil && endpoint.previousUntil > now)
      keys.push(box.open(endpoint.previousSecret, endpoint.id));
    const timestamp = Math.floor(now.getTime() / 1000);
    let result: SendResult;
    try {
      const target = await checkTarget(endpoint.url, rules);
      result = await sendWebhook(
        target,
        {
          'webhook-id': event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignature(keys, event.id, timestamp, body),
        },
        body,
        settings.timeoutMs,
        abort.signal,
      );
    } catch (err) {
      if (!(err instanceof TargetRefused)) throw err;
      result = {
        statusCode: null,
        error: `refused: the URL ${err.message}`,
        durationMs: 0,
        responseBody: null,
        retryAfterSeconds: null,
      };
    }
    // Stopping mid-attempt: given back, due now, for another process or the next start (the
    // receiver may have had it: at least once). Were the database gone, the lease would end anyway.
    if (stopped) {
      await repo.release(d, clock.now()).catch(() => {});
      return;
    }
    const outcome = outcomeOf(result, d.step, settings, now);
    await repo.recordAttempt(d, event.type, outcome, outcome.gone ? 'The endpoint answered 410 Gone' : null);
    if (outcome.nextAttemptAt) {
      const wait = outcome.nextAttemptAt.getTime() - clock.nowMs();
      if (wait < POLL_MS) later(Math.max(0, wait));
    }
  }

  async function round(): Promise<void> {
    const free = settings.concurrency - busy.size;
    if (stopped || free <= 0) return;
    const now = clock.now();
    const wanted = await repo.candidates(now, [...busy], free);
    if (wanted.length === 0) return;
    const claimed = await repo.claim(wanted, now, new Date(now.getTime() + leaseMs));
    for (const d of claimed) {
      busy.add(d.endpointId);
      const p: Promise<void> = attempt(d)
        .catch((err) => logger?.warn({ err, endpointId: d.endpointId }, 'webhook attempt failed'))
        .finally(() => {
          busy.delete(d.endpointId);
          inFlight.delete(p);
          wake();
        });
      inFlight.add(p);
    }
    // A full round may have left due deliveries behind.
    if (claimed.length === free) again = true;
  }

  function wake(): void {
    if (stopped) return;
    if (roundRunning) {
      again = true;
      return;
    }
    roundRunning = true;
    round()
      .catch((err) => logger?.warn({ err }, 'webhook delivery round failed'))
      .finally(() => {
        roundRunning = false;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    async start(): Promise<void> {
      // A new event wakes delivery at once (NOTIFY at commit); the poll catches retries and misses.
      unlisten = await db.listen(EVENTS_CHANNEL, wake, wake);
      poll = setInterval(wake, POLL_MS);
      poll.unref();
      sweep = setInterval(
        () => {
          const now = clock.now();
          repo
            .disableExhausted(
              new Date(now.getTime() - settings.disableAfterMs),
              `No delivery succeeded for ${spell(settings.disableAfterMs)} and events used up their retries: fix the receiver, then delete the endpoint and add it again`,
              now,
            )
            .then((ids) => {
              if (ids.length > 0) logger?.warn({ endpoints: ids }, 'disabled failing webhook endpoints');
            })
            .catch((err) => logger?.warn({ err }, 'webhook endpoint sweep failed'));
        },
        Math.min(SWEEP_MS, Math.max(1000, settings.disableAfterMs / 4)),
      );
      sweep.unref();

      wake();
    },
    /** Wakes delivery now (a replay or test written by this process). */
    wake,
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(poll);
      clearInterval(sweep);
      for (const t of timers) clearTimeout(t);
      abort.abort();
      await Promise.allSettled([...inFlight]);
      await unlisten?.().catch(() => {});
    },
  };
}

export type WebhookDelivery = ReturnType<typeof webhookDelivery>;
