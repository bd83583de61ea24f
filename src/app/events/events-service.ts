import type { ChainRegistry } from '../../chains/chain-registry.ts';
import { EVENT_TYPES, type EventType } from '../../domain/events.ts';
import type { UserId } from '../../domain/ids.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import { eventsRepository } from '../../store/repositories/events-repository.ts';
import { decodeCursor, encodeCursor } from './cursors.ts';
import { type EventView, eventView } from './event-views.ts';
import { eventWaiters } from './event-waiters.ts';

export const MAX_WAIT_SECONDS = 30;
export const DEFAULT_EVENTS_LIMIT = 50;
/** A transaction has a handful of events; a reorg loop or many re-signs stay well under this. */
const TIMELINE_LIMIT = 200;

export interface EventsQuery {
  /** A nextCursor, an event id (evt_…: the events after it), or `now` (the current end). Default: the start. */
  after?: string | undefined;
  types?: readonly string[] | undefined;
  limit?: number | undefined;
  /** Seconds to hold the request while nothing new matches (0-30). */
  waitSeconds?: number | undefined;
  /** Aborted when the client goes away: its waiter is released. */
  signal?: AbortSignal | undefined;
}

export interface EventsPage {
  events: EventView[];
  /** Always present: after the last event returned, or the current end of the caller's log. */
  nextCursor: string;
}

const isEventType = (t: string): t is EventType => (EVENT_TYPES as readonly string[]).includes(t);

/** GET /events: the caller's event log, in order, with a long poll that holds no connection while it waits. */
export function eventsService(deps: { db: Database; chains: ChainRegistry }) {
  const repo = eventsRepository(deps.db);
  const waiters = eventWaiters(deps.db);

  async function start(userId: UserId, after: string | undefined): Promise<bigint> {
    if (after === undefined || after === '') return 0n;
    if (after === 'now') return repo.head(userId);
    if (after.startsWith('evt_')) {
      const event = await repo.findById(userId, after);
      // Another user's event is not found either: nothing says it exists.
      if (!event) throw new AppError('NOT_FOUND', `after: event ${after} not found`);
      return event.sequence;
    }
    return decodeCursor('evt', after, 'after');
  }

  function typesOf(types: readonly string[] | undefined): EventType[] | null {
    if (!types || types.length === 0) return null;
    const unknown = types.find((t) => !isEventType(t));
    if (unknown !== undefined)
      throw new AppError(
        'INVALID_INPUT',
        `types: unknown event type ${JSON.stringify(unknown)}; known: ${EVENT_TYPES.join(', ')}`,
      );
    return [...new Set(types)] as EventType[];
  }

  return {
    waiters,

    async list(userId: UserId, query: EventsQuery): Promise<EventsPage> {
      const types = typesOf(query.types);
      const limit = query.limit ?? DEFAULT_EVENTS_LIMIT;
      const waitMs = Math.min(query.waitSeconds ?? 0, MAX_WAIT_SECONDS) * 1000;
      const after = await start(userId, query.after);
      const read = async () => {
        const page = await repo.page(userId, after, types, limit);
        if (after > page.head)
          throw new AppError(
            'INVALID_INPUT',
            'after: not a position in your event log (pass back a nextCursor as given)',
          );
        const last = page.events.at(-1);
        return {
          events: page.events.map((e) => eventView(deps.chains, e)),
          // A full page continues after its last event; a short one at the end the same snapshot saw.
          nextCursor: encodeCursor('evt', page.events.length === limit && last ? last.sequence : page.head),
        };
      };
      if (waitMs <= 0) return read();
      // Listening before the first read, and registered before each: a commit in between still wakes us.
      await waiters.ready();
      const deadline = performance.now() + waitMs;
      const waiter = waiters.register(userId);
      try {
        for (;;) {
          const page = await read();
          if (page.events.length > 0) return page;
          const reason = await waiter.wait(deadline - performance.now(), query.signal);
          if (reason !== 'event') return page; // the wait ended, the client left or the server is stopping
        }
      } finally {
        waiter.release();
      }
    },

    /** A transaction's events, in order (its timeline); none for another user's transaction. */
    async timeline(userId: UserId, transactionId: string): Promise<EventView[]> {
      return (await repo.listForSubject(userId, transactionId, TIMELINE_LIMIT)).map((e) =>
        eventView(deps.chains, e),
      );
    },

    /** Shutdown: every long poll answers now. */
    close: () => waiters.close(),
  };
}

export type EventsService = ReturnType<typeof eventsService>;
