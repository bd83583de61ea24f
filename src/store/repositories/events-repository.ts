import type { EventRecord, EventType } from '../../domain/events.ts';
import type { UserId } from '../../domain/ids.ts';
import type { Queryable } from '../database.ts';

interface EventRow {
  id: string;
  user_id: UserId;
  sequence: string;
  type: EventType;
  subject: string | null;
  data: Record<string, unknown> | string;
  created_at: Date;
}

const COLUMNS = 'id, user_id, sequence::text as sequence, type, subject, data, created_at';

const toEvent = (r: EventRow): EventRecord => ({
  id: r.id,
  userId: r.user_id,
  sequence: BigInt(r.sequence),
  type: r.type,
  subject: r.subject,
  data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
  createdAt: r.created_at,
});

/** The channel append_event notifies (payload: the user id), at commit. */
export const EVENTS_CHANNEL = 'wallet_api_events';

/**
 * The event log. Transaction events are written by the database itself (0009_events.sql), in the
 * statement that changes the transaction; `append` is for the others, and must run on the
 * `Queryable` of the transaction that makes the change it reports.
 */
export function eventsRepository(db: Queryable) {
  return {
    async append(
      userId: UserId,
      type: EventType,
      subject: string | null,
      data: Record<string, unknown>,
      at: Date,
    ): Promise<string> {
      const rows = await db.query<{ id: string }>('select append_event($1, $2, $3, $4::jsonb, $5) as id', [
        userId,
        type,
        subject,
        JSON.stringify(data),
        at,
      ]);
      return rows[0]?.id as string;
    },

    /** The user's events after `after` (a sequence; 0 for the start), in order, of `types` if given. */
    async listAfter(
      userId: UserId,
      after: bigint,
      types: readonly EventType[] | null,
      limit: number,
    ): Promise<EventRecord[]> {
      const rows = await db.query<EventRow>(
        `select ${COLUMNS} from events
         where user_id = $1 and sequence > $2::bigint and ($3::text[] is null or type = any($3::text[]))
         order by sequence limit $4`,
        [userId, after.toString(), types ? [...types] : null, limit],
      );
      return rows.map(toEvent);
    },

    /**
     * A page of the user's events after `after`, with the user's head read in the same statement
     * (one snapshot): a follower continuing from `head` when fewer than `limit` came back skips
     * nothing, since sequences become visible in order (0009_events.sql).
     */
    async page(
      userId: UserId,
      after: bigint,
      types: readonly EventType[] | null,
      limit: number,
    ): Promise<{ events: EventRecord[]; head: bigint }> {
      const rows = await db.query<EventRow & { head: string; id: string | null }>(
        `with h as (select coalesce((select sequence from event_heads where user_id = $1), 0) as head)
         select h.head::text as head, e.* from h left join lateral (
           select ${COLUMNS} from events
           where user_id = $1 and sequence > $2::bigint and ($3::text[] is null or type = any($3::text[]))
           order by sequence limit $4) e on true
         order by e.sequence::bigint`,
        [userId, after.toString(), types ? [...types] : null, limit],
      );
      return {
        events: rows.filter((r) => r.id !== null).map(toEvent),
        head: BigInt(rows[0]?.head ?? '0'),
      };
    },

    /** The user's events about one subject (a transaction, a key), in order: its timeline. */
    async listForSubject(userId: UserId, subject: string, limit: number): Promise<EventRecord[]> {
      const rows = await db.query<EventRow>(
        `select ${COLUMNS} from events where user_id = $1 and subject = $2 order by sequence limit $3`,
        [userId, subject, limit],
      );
      return rows.map(toEvent);
    },

    async findById(userId: UserId, id: string): Promise<EventRecord | null> {
      const rows = await db.query<EventRow>(`select ${COLUMNS} from events where user_id = $1 and id = $2`, [
        userId,
        id,
      ]);
      return rows[0] ? toEvent(rows[0]) : null;
    },

    /** The sequence of the user's latest event (0: none yet): where a follower starting now begins. */
    async head(userId: UserId): Promise<bigint> {
      const rows = await db.query<{ n: string }>(
        'select coalesce(max(sequence), 0)::text as n from event_heads where user_id = $1',
        [userId],
      );
      return BigInt(rows[0]?.n ?? '0');
    },
  };
}

export type EventsRepository = ReturnType<typeof eventsRepository>;
