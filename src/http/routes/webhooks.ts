import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../app/services.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import {
  WebhookAttemptList,
  WebhookCreateBody,
  WebhookDeleted,
  WebhookEventParams,
  WebhookEventQueued,
  WebhookList,
  WebhookListQuery,
  WebhookParams,
  WebhookWithSecret,
} from '../../schemas/webhooks.ts';
import { keyContext } from '../plugins/audit-context.ts';
import { principalOf } from '../plugins/auth.ts';

const TAG = ['Webhooks'];
// Every webhook route needs the webhooks scope, reads included: the deliveries list shows what
// receivers answered, and an endpoint's URL may itself be sensitive.
const config = { scope: 'webhooks' as const };

export const webhooksRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const webhooks = services.webhooks;

  app.post(
    '/webhooks',
    {
      config,
      schema: {
        operationId: 'createWebhook',
        tags: TAG,
        summary: 'Add a webhook endpoint',
        description:
          'Events are POSTed to `url`, signed to Standard Webhooks 1.0, at least once, retried with backoff for about three days (WEBHOOK_RETRY_SCHEDULE). The secret is shown only in this answer. At most 10 endpoints per user (the 11th is 400 INVALID_INPUT). Needs the `webhooks` scope.',
        body: WebhookCreateBody,
        response: {
          201: ok(WebhookWithSecret, 'The endpoint, with its secret (shown once)'),
          ...errorResponses(400, 403, 413),
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return webhooks.create(principalOf(request).userId, request.body, keyContext(request));
    },
  );

  app.get(
    '/webhooks',
    {
      config,
      schema: {
        operationId: 'listWebhooks',
        tags: TAG,
        summary: 'Your webhook endpoints',
        description: 'Newest first. Needs the `webhooks` scope.',
        querystring: WebhookListQuery,
        response: { 200: ok(WebhookList, 'The endpoints'), ...errorResponses(400, 403) },
      },
    },
    async (request) => {
      const page = await webhooks.list(
        principalOf(request).userId,
        request.query.cursor ?? null,
        request.query.limit ?? 50,
      );
      return { webhooks: page.items, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/webhooks/:id',
    {
      config,
      schema: {
        operationId: 'getWebhook',
        tags: TAG,
        summary: 'One webhook endpoint',
        description: 'With whether it is disabled and why. Another user’s endpoint is 404.',
        params: WebhookParams,
        response: { 200: ok(Type.Ref('WebhookEndpoint'), 'The endpoint'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => webhooks.get(principalOf(request).userId, request.params.id),
  );

  app.delete(
    '/webhooks/:id',
    {
      config,
      schema: {
        operationId: 'deleteWebhook',
        tags: TAG,
        summary: 'Delete a webhook endpoint',
        description: 'Nothing more is delivered to it, pending retries included.',
        params: WebhookParams,
        response: { 200: ok(WebhookDeleted, 'Deleted'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await webhooks.remove(principalOf(request).userId, request.params.id, keyContext(request));
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.post(
    '/webhooks/:id/test',
    {
      config,
      schema: {
        operationId: 'testWebhook',
        tags: TAG,
        summary: 'Send a test event to an endpoint',
        description: 'A `webhook.test` event, delivered to this endpoint only, like any other event.',
        params: WebhookParams,
        response: {
          202: ok(WebhookEventQueued, 'Queued for delivery'),
          ...errorResponses(400, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return webhooks.test(principalOf(request).userId, request.params.id);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config,
      schema: {
        operationId: 'rotateWebhookSecret',
        tags: TAG,
        summary: 'Replace an endpoint’s signing secret',
        description:
          'Answers the new secret (shown once). For 24 hours deliveries carry two signatures, under the new and the previous secret, so receivers can switch without losing a delivery.',
        params: WebhookParams,
        response: {
          200: ok(WebhookWithSecret, 'The endpoint with its new secret'),
          ...errorResponses(400, 403, 404, 413),
        },
      },
    },
    async (request) =>
      webhooks.rotateSecret(principalOf(request).userId, request.params.id, keyContext(request)),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config,
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: TAG,
        summary: 'Delivery attempts to an endpoint',
        description:
          'Each attempt, newest first: the event, when, the HTTP status or the error, how long it took and when the next attempt is due.',
        params: WebhookParams,
        querystring: WebhookListQuery,
        response: { 200: ok(WebhookAttemptList, 'The attempts'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const page = await webhooks.deliveries(
        principalOf(request).userId,
        request.params.id,
        request.query.cursor ?? null,
        request.query.limit ?? 50,
      );
      return { deliveries: page.items, nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:eventId/replay',
    {
      config,
      schema: {
        operationId: 'replayWebhookDelivery',
        tags: TAG,
        summary: 'Deliver an event to an endpoint again',
        description:
          'Any of your events, with the same webhook-id (receivers deduplicate on it), from the start of the retry schedule.',
        params: WebhookEventParams,
        response: {
          202: ok(WebhookEventQueued, 'Queued for delivery'),
          ...errorResponses(400, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return webhooks.replay(principalOf(request).userId, request.params.id, request.params.eventId);
    },
  );
};
