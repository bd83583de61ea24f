import { Type } from 'typebox';
import { EVENT_TYPES } from '../domain/events.ts';
import { StringEnum } from './common.ts';

const EventTypeEnum = StringEnum(EVENT_TYPES, { description: 'An event type' });

export const WebhookParams = Type.Object({
  id: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Webhook endpoint id (whk_ followed by a ULID)',
  }),
});

export const WebhookEventParams = Type.Object({
  id: WebhookParams.properties.id,
  eventId: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Event id (evt_…), the webhook-id of its deliveries',
  }),
});

export const WebhookCreateBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description:
        'Where events are POSTed. In production mode https, to a public address only (checked at creation and before every attempt); redirects are not followed',
    }),
    types: Type.Optional(
      Type.Array(EventTypeEnum, {
        minItems: 1,
        maxItems: EVENT_TYPES.length,
        description:
          'The event types to deliver (left out: every type); webhook.test always reaches its endpoint',
      }),
    ),
    description: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const endpointFields = {
  id: Type.String({ description: 'Webhook endpoint id' }),
  url: Type.String(),
  types: Type.Union([Type.Array(EventTypeEnum), Type.Null()], {
    description: 'The event types delivered (null: every type)',
  }),
  description: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  disabled: Type.Boolean({
    description:
      'A disabled endpoint receives nothing: it answered 410 Gone, or failed for days until events used up their retries',
  }),
  disabledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  disabledReason: Type.Union([Type.String(), Type.Null()], { description: 'Why it was disabled' }),
  previousSecretExpiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'After a rotation: until when deliveries also carry a signature under the previous secret',
  }),
};

export const WebhookEndpointSchema = Type.Object(endpointFields, {
  $id: 'WebhookEndpoint',
  title: 'WebhookEndpoint',
  additionalProperties: false,
});

export const WebhookWithSecret = Type.Object(
  {
    ...endpointFields,
    secret: Type.String({
      description:
        'The signing secret, `whsec_` + base64 of 32 random bytes: shown only in this answer. Deliveries are signed to Standard Webhooks 1.0 (webhook-id, webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` under the base64-decoded part after whsec_)',
    }),
  },
  { additionalProperties: false },
);

export const WebhookList = Type.Object(
  {
    webhooks: Type.Array(Type.Ref('WebhookEndpoint')),
    nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'The next page (null: none)' }),
  },
  { additionalProperties: false },
);

export const WebhookListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    cursor: Type.Optional(
      Type.String({ minLength: 1, maxLength: 512, description: 'nextCursor of the previous page' }),
    ),
  },
  { additionalProperties: false },
);

export const WebhookAttemptSchema = Type.Object(
  {
    eventId: Type.String({ description: 'The event (the webhook-id header of the attempt)' }),
    eventType: EventTypeEnum,
    attemptedAt: Type.String({ format: 'date-time' }),
    statusCode: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The HTTP status (null: no answer)',
    }),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'Why there was no answer (timeout, connection refused, URL refused)',
    }),
    durationMs: Type.Integer({ minimum: 0 }),
    responseBody: Type.Union([Type.String(), Type.Null()], {
      description: 'The start of the answer, trimmed',
    }),
    nextAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'When this delivery is tried again (null: it succeeded, or its retries are used up)',
    }),
    succeeded: Type.Boolean({ description: 'A 2xx within the timeout' }),
  },
  { $id: 'WebhookAttempt', title: 'WebhookAttempt', additionalProperties: false },
);

export const WebhookAttemptList = Type.Object(
  {
    deliveries: Type.Array(Type.Ref('WebhookAttempt'), { description: 'Attempts, newest first' }),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);

export const WebhookEventQueued = Type.Object(
  {
    eventId: Type.String({ description: 'The event queued for delivery (the webhook-id it arrives with)' }),
  },
  { additionalProperties: false },
);

export const WebhookDeleted = Type.Object(
  {
    id: Type.String({ description: 'The endpoint deleted' }),
    deleted: Type.Literal(true),
  },
  { additionalProperties: false },
);
