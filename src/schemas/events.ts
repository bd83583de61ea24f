import { Type } from 'typebox';
import { EVENT_TYPES } from '../domain/events.ts';
import { StringEnum } from './common.ts';

export const EventTypeSchema = StringEnum(EVENT_TYPES, {
  description:
    'transaction.created (recorded), transaction.submitted (first broadcast accepted or uncertain), ' +
    'transaction.replaced (a new signed attempt: an EVM fee replacement or a Solana re-sign; `data.replacement` ' +
    'names the old and new hash and why), transaction.stuck (a stuckReason appeared or changed), ' +
    'transaction.confirmed, transaction.failed (`data.error` says why), transaction.reorged (its block was ' +
    'reorganised away: back to SUBMITTED); api_key.created, api_key.revoked; webhook.test',
});

export const EventSchema = Type.Object(
  {
    id: Type.String({ description: 'evt_…: the same wherever the event is seen (API, webhook deliveries)' }),
    type: EventTypeSchema,
    timestamp: Type.String({ format: 'date-time', description: 'When the change happened' }),
    sequence: Type.Integer({
      minimum: 1,
      description: 'Counts your events from 1, in the order their changes committed',
    }),
    data: Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'transaction.*: the Transaction as GET /tx/{id} showed it at that moment, plus `previousStatus` ' +
          '(null for transaction.created) and, for transaction.replaced, `replacement` ({ oldHash, newHash, ' +
          'reason }). api_key.*: the key’s id, name, maskedKey, scopes, expiresAt, revokedAt and a policy ' +
          'summary (never the key or its hash).',
      },
    ),
  },
  { $id: 'Event', title: 'Event' },
);

export const EventsQuery = Type.Object(
  {
    after: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          'Where to continue: a nextCursor as given, or an event id (evt_…: the events after it; an id that is ' +
          'not one of your events is 404), or `now` (the current end: only what happens from now on). ' +
          'Default: your first event.',
      }),
    ),
    types: Type.Optional(
      Type.String({
        maxLength: 1000,
        description: `Comma-separated event types to return (default: all): ${EVENT_TYPES.join(', ')}`,
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'At most this many events' }),
    ),
    wait: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 30,
        default: 0,
        description:
          'Long poll: when nothing matches yet, hold the request up to this many seconds until a matching ' +
          'event commits (in any instance), then answer at once; at the end of the wait, an empty list ' +
          'and nextCursor unchanged',
      }),
    ),
  },
  { additionalProperties: false },
);

export const EventsResponse = Type.Object({
  events: Type.Array(Type.Ref('Event'), { description: 'Oldest first' }),
  nextCursor: Type.String({
    description:
      'Always present: pass it as `after` to continue. After the last event returned, or the current end of ' +
      'your event log (so a follower never sees an event twice and never misses one)',
  }),
});
