import type { EventType } from '../../domain/events.ts';
import type { UserId } from '../../domain/ids.ts';
import type {
  ClaimedDelivery,
  SealedSecret,
  WebhookAttemptRecord,
  WebhookEndpointRecord,
} from '../../domain/webhooks.ts';
import type { Queryable } from '../database.ts';
import { toDateOrNull } from './rows.ts';

interface EndpointRow {
  id: string;
  user_id: UserId;
  url: string;
  types: EventType[] | null;
  description: string | null;
  secret: SealedSecret | string;
  previous_secret: SealedSecret | string | null;
  previous_until: Date | null;
  created_at: Date;
  failing_since: Date | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const toEndpoint = (r: EndpointRow): WebhookEndpointRecord => ({
  id: r.id,
  userId: r.user_id,
  url: r.url,
  types: r.types,
  description: r.description,
  secret: json(r.secret),
  previousSecret: r.previous_secret === null ? null : json(r.previous_secret),
  previousUntil: toDateOrNull(r.previous_until),
  createdAt: r.created_at,
  failingSince: toDateOrNull(r.failing_since),
  disabledAt: toDateOrNull(r.disabled_at),
  disabledReason: r.disabled_reason,
});

interface AttemptRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: EventType;
  attempted_at: Date;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  response_body: string | null;
  next_attempt_at: Date | null;
}

const toAttempt = (r: AttemptRow): WebhookAttemptRecord => ({
  id: String(r.id),
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type,
  attemptedAt: r.attempted_at,
  statusCode: r.status_code,
  error: r.error,
  durationMs: r.duration_ms,
  responseBody: r.response_body,
  nextAttemptAt: toDateOrNull(r.next_attempt_at),
});

interface ClaimRow {
  step: number;
  ev_id: string;
  ev_sequence: string;
  ev_type: EventType;
  ev_subject: string | null;
  ev_data: Record<string, unknown> | string;
  ev_created_at: Date;
}

/** What an attempt came to, written with the attempt's row in one transaction. */
export interface AttemptOutcome {
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string | null;
  /** succeeded (2xx), pending (a retry at nextAttemptAt) or failed (the schedule is used up). */
  status: 'succeeded' | 'pending' | 'failed';
  nextAttemptAt: Date | null;
}

/** Webhook endpoints, their deliveries and attempts (0010_webhooks.sql). */
export function webhooksRepository(db: Queryable) {
  return {
    async insert(e: WebhookEndpointRecord): Promise<void> {
      await db.query(
        `insert into webhook_endpoints (id, user_id, url, types, description, secret, created_at)
         values ($1, $2, $3, $4::text[], $5, $6::jsonb, $7)`,
        [e.id, e.userId, e.url, e.types, e.description, JSON.stringify(e.secret), e.createdAt],
      );
    },

    async countByUser(userId: UserId): Promise<number> {
      const rows = await db.query<{ n: number }>(
        'select count(*)::int as n from webhook_endpoints where user_id = $1',
        [userId],
      );
      return rows[0]?.n ?? 0;
    },

    /** The user's endpoints, newest first, after the cursor's (created_at, id) when given. */
    async listByUser(
      userId: UserId,
      after: { createdAt: Date; id: string } | null,
      limit: number,
    ): Promise<WebhookEndpointRecord[]> {
      const rows = await db.query<EndpointRow>(
        `select * from webhook_endpoints where user_id = $1
           and ($2::timestamptz is null or (created_at, id) < ($2::timestamptz, $3::text))
         order by created_at desc, id desc limit $4`,
        [userId, after?.createdAt ?? null, after?.id ?? null, limit],
      );
      return rows.map(toEndpoint);
    },

    async findById(userId: UserId, id: string): Promise<WebhookEndpointRecord | null> {
      const rows = await db.query<EndpointRow>(
        'select * from webhook_endpoints where user_id = $1 and id = $2',
        [userId, id],
      );
      return rows[0] ? toEndpoint(rows[0]) : null;
    },

    async delete(userId: UserId, id: string): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        'delete from webhook_endpoints where user_id = $1 and id = $2 returning id',
        [userId, id],
      );
      return rows.length > 0;
    },

    async rotate(
      userId: UserId,
      id: string,
      secret: SealedSecret,
      previous: SealedSecret,
      previousUntil: Date,
    ): Promise<WebhookEndpointRecord | null> {
      const rows = await db.query<EndpointRow>(
        `update webhook_endpoints set secret = $3::jsonb, previous_secret = $4::jsonb, previous_until = $5
         where user_id = $1 and id = $2 returning *`,
        [userId, id, JSON.stringify(secret), JSON.stringify(previous), previousUntil],
      );
      return rows[0] ? toEndpoint(rows[0]) : null;
    },

    /**
     * Endpoints failing since before `failingBefore` whose events used up their whole schedule in
     * that time (no success since): disabled with `reason`. Returns their ids.
     */
    async disableExhausted(failingBefore: Date, reason: string, at: Date): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `update webhook_endpoints e set disabled_at = $2, disabled_reason = $3
         where e.disabled_at is null and e.failing_since <= $1
           and exists (select 1 from webhook_deliveries d
                       where d.endpoint_id = e.id and d.status = 'failed' and d.completed_at >= e.failing_since)
         returning e.id`,
        [failingBefore, at, reason],
      );
      return rows.map((r) => r.id);
    },

    /**
     * Due deliveries to try next: at most one per endpoint (the earliest due, then the oldest
     * event, so an endpoint receives its events in order while none fails), skipping endpoints
     * this process is already sending to, and disabled ones.
     */
    async candidates(
      now: Date,
      busyEndpoints: readonly string[],
      limit: number,
    ): Promise<{ endpointId: string; eventId: string }[]> {
      const rows = await db.query<{ endpoint_id: string; event_id: string }>(
        `select endpoint_id, event_id from (
           select distinct on (d.endpoint_id) d.endpoint_id, d.event_id, d.next_attempt_at
           from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
           where d.status = 'pending' and d.next_attempt_at <= $1 and e.disabled_at is null
             and not (d.endpoint_id = any ($2::text[]))
           order by d.endpoint_id, d.event_sequence) c
         order by next_attempt_at limit $3`,
        [now, [...busyEndpoints], limit],
      );
      return rows.map((r) => ({ endpointId: r.endpoint_id, eventId: r.event_id }));
    },

    /**
     * Claims the given deliveries that are still due: FOR UPDATE SKIP LOCKED, so of several
     * instances claiming at once each delivery goes to one; the lease (next_attempt_at moved to
     * `leaseUntil`) keeps it from the others until the attempt is written, or the lease ends.
     */
    async claim(
      wanted: readonly { endpointId: string; eventId: string }[],
      now: Date,
      leaseUntil: Date,
    ): Promise<ClaimedDelivery[]> {
      if (wanted.length === 0) return [];
      // The endpoint and the event come back in the same statement: one round trip per claim.
      const rows = await db.query<EndpointRow & ClaimRow>(
        `with c as (
           update webhook_deliveries d set next_attempt_at = $4
           where (d.endpoint_id, d.event_id) in (
             select w.endpoint_id, w.event_id from webhook_deliveries w
             where (w.endpoint_id, w.event_id) in (select * from unnest($1::text[], $2::text[]))
               and w.status = 'pending' and w.next_attempt_at <= $3
             for update skip locked)
           returning d.endpoint_id, d.event_id, d.step)
         select e.*, c.step, v.id as ev_id, v.sequence::text as ev_sequence, v.type as ev_type,
                v.subject as ev_subject, v.data as ev_data, v.created_at as ev_created_at
         from c join webhook_endpoints e on e.id = c.endpoint_id join events v on v.id = c.event_id`,
        [wanted.map((w) => w.endpointId), wanted.map((w) => w.eventId), now, leaseUntil],
      );
      return rows.map((r) => ({
        endpointId: r.id,
        eventId: r.ev_id,
        userId: r.user_id,
        step: r.step,
        endpoint: toEndpoint(r),
        event: {
          id: r.ev_id,
          userId: r.user_id,
          sequence: BigInt(r.ev_sequence),
          type: r.ev_type,
          subject: r.ev_subject,
          data: json(r.ev_data),
          createdAt: r.ev_created_at,
        },
      }));
    },

    /**
     * Writes an attempt and what it came to, in one statement: the attempt's row, the delivery's
     * state, the endpoint's failure streak, and with `disableReason` the endpoint disabled (410).
     */
    async recordAttempt(
      d: Pick<ClaimedDelivery, 'endpointId' | 'eventId'>,
      eventType: EventType,
      o: AttemptOutcome,
      disableReason: string | null = null,
    ): Promise<void> {
      await db.query(
        `with a as (
           insert into webhook_attempts (endpoint_id, event_id, event_type, attempted_at, status_code, error,
                                         duration_ms, response_body, next_attempt_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)),
         d as (
           update webhook_deliveries set status = $10, step = step + 1, next_attempt_at = $9,
             completed_at = case when $10 = 'pending' then null else $4::timestamptz end
           where endpoint_id = $1 and event_id = $2)
         update webhook_endpoints set
           failing_since = case when $10 = 'succeeded' then null else coalesce(failing_since, $4::timestamptz) end,
           disabled_reason = case when $11::text is not null and disabled_at is null then $11::text else disabled_reason end,
           disabled_at = case when $11::text is not null and disabled_at is null then $4::timestamptz else disabled_at end
         where id = $1`,
        [
          d.endpointId,
          d.eventId,
          eventType,
          o.attemptedAt,
          o.statusCode,
          o.error,
          o.durationMs,
          o.responseBody,
          o.nextAttemptAt,
          o.status,
          disableReason,
        ],
      );
    },

    /** Gives a claimed delivery back, due at `at` (an attempt cut short by a shutdown). */
    async release(d: Pick<ClaimedDelivery, 'endpointId' | 'eventId'>, at: Date): Promise<void> {
      await db.query(
        `update webhook_deliveries set next_attempt_at = $3
         where endpoint_id = $1 and event_id = $2 and status = 'pending'`,
        [d.endpointId, d.eventId, at],
      );
    },

    /** Sends an event to an endpoint again from the start of the schedule (a new delivery if none). */
    async replay(
      endpoint: WebhookEndpointRecord,
      event: { id: string; type: EventType; sequence: bigint },
      now: Date,
    ): Promise<void> {
      await db.query(
        `insert into webhook_deliveries (endpoint_id, event_id, user_id, event_type, event_sequence,
                                         next_attempt_at, created_at)
         values ($1, $2, $3, $4, $5::bigint, $6, $6)
         on conflict (endpoint_id, event_id) do update
           set status = 'pending', step = 0, next_attempt_at = $6, completed_at = null`,
        [endpoint.id, event.id, endpoint.userId, event.type, event.sequence.toString(), now],
      );
    },

    /** The endpoint's attempts, newest first, before the cursor's attempt id when given. */
    async listAttempts(
      userId: UserId,
      endpointId: string,
      before: string | null,
      limit: number,
    ): Promise<WebhookAttemptRecord[]> {
      const rows = await db.query<AttemptRow>(
        `select a.* from webhook_attempts a join webhook_endpoints e on e.id = a.endpoint_id
         where e.user_id = $1 and a.endpoint_id = $2 and ($3::bigint is null or a.id < $3::bigint)
         order by a.id desc limit $4`,
        [userId, endpointId, before, limit],
      );
      return rows.map(toAttempt);
    },
  };
}

export type WebhooksRepository = ReturnType<typeof webhooksRepository>;
