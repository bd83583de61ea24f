import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EVENT_TYPES } from '../../domain/events.ts';
import { AppError } from '../../errors/app-error.ts';
import { html } from '../html.ts';
import { PAGES } from '../paths.ts';
import {
  cookieNames,
  type DashboardDeps,
  formField,
  isSecure,
  queryField,
  requireSession,
  sendPage,
  sessionContext,
} from '../request-context.ts';
import type { Flash } from '../views/layout.ts';
import { webhookPage, webhooksPage } from '../views/webhooks-view.ts';

type IdParams = { Params: { id: string } };

/**
 * The webhooks page (issue 28): add an endpoint (its secret shown once), and per endpoint its
 * deliveries with replay, a test event, secret rotation and deletion. Secrets travel to the next
 * page sealed in the session's flash, as new API keys do: never in a URL, never logged.
 */
export async function webhooksRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { webhooks } = deps.services;
  const cookieToken = (request: FastifyRequest) =>
    request.cookies[cookieNames(isSecure(request, deps.publicUrl)).session] ?? '';
  const pathOf = (id: string) => `${PAGES.webhooks}/${encodeURIComponent(id)}`;

  app.get('/webhooks', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const endpoints = (await webhooks.list(auth.session.userId, null, 100)).items;
    const flash: Flash | null =
      queryField(request, 'deleted') !== undefined
        ? { kind: 'success', message: 'The endpoint is deleted.' }
        : null;
    return sendPage(reply, webhooksPage({ user: auth.user, endpoints, flash }));
  });

  app.post('/webhooks', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const url = formField(request, 'url') ?? '';
    const description = formField(request, 'description') ?? '';
    const types = EVENT_TYPES.filter((t) => formField(request, `type_${t}`) !== undefined);
    try {
      const created = await webhooks.create(
        auth.session.userId,
        {
          url,
          ...(types.length > 0 ? { types } : {}),
          ...(description !== '' ? { description } : {}),
        },
        sessionContext(request, auth.session),
      );
      request.log.info(
        { event: 'dashboard.webhook_added', userId: auth.session.userId, webhookId: created.id },
        'webhook endpoint added in the dashboard',
      );
      await deps.sessions.putFlash(
        auth.session,
        cookieToken(request),
        JSON.stringify({ webhookId: created.id, secret: created.secret, rotated: false }),
      );
      return reply.redirect(`${pathOf(created.id)}?secret=1`, 303);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'INVALID_INPUT')) throw err;
      const endpoints = (await webhooks.list(auth.session.userId, null, 100)).items;
      return sendPage(
        reply,
        webhooksPage({ user: auth.user, endpoints, form: { url, description, types, error: err.message } }),
        400,
      );
    }
  });

  async function endpointPage(request: FastifyRequest<IdParams>, reply: FastifyReply, flash: Flash | null) {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const userId = auth.session.userId;
    // Another user's endpoint is NOT_FOUND: the error page says so.
    const endpoint = await webhooks.get(userId, request.params.id);
    const deliveries = (await webhooks.deliveries(userId, endpoint.id, null, 50)).items;
    let secret: string | undefined;
    let rotated = false;
    if (queryField(request, 'secret') !== undefined) {
      const sealed = await deps.sessions.takeFlash(auth.session, cookieToken(request));
      const parsed = sealed
        ? (JSON.parse(sealed) as { webhookId: string; secret: string; rotated: boolean })
        : null;
      if (parsed?.webhookId === endpoint.id) {
        secret = parsed.secret;
        rotated = parsed.rotated;
      }
    }
    return sendPage(
      reply,
      webhookPage({ user: auth.user, endpoint, deliveries, flash, ...(secret ? { secret } : {}) }, rotated),
    );
  }

  app.get<IdParams>('/webhooks/:id', async (request, reply) => {
    const tested = queryField(request, 'tested');
    const replayed = queryField(request, 'replayed');
    const flash: Flash | null = tested
      ? {
          kind: 'success',
          message: html`Test event <code>${tested}</code> queued. Reload to see its delivery.`,
        }
      : replayed
        ? { kind: 'success', message: html`Event <code>${replayed}</code> queued for delivery again.` }
        : null;
    return endpointPage(request, reply, flash);
  });

  app.post<IdParams>('/webhooks/:id/test', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const { eventId } = await webhooks.test(auth.session.userId, request.params.id);
    return reply.redirect(`${pathOf(request.params.id)}?${new URLSearchParams({ tested: eventId })}`, 303);
  });

  app.post<IdParams>('/webhooks/:id/replay', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const { eventId } = await webhooks.replay(
      auth.session.userId,
      request.params.id,
      formField(request, 'event_id') ?? '',
    );
    return reply.redirect(`${pathOf(request.params.id)}?${new URLSearchParams({ replayed: eventId })}`, 303);
  });

  app.post<IdParams>('/webhooks/:id/rotate', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const rotated = await webhooks.rotateSecret(
      auth.session.userId,
      request.params.id,
      sessionContext(request, auth.session),
    );
    request.log.info(
      { event: 'dashboard.webhook_rotated', userId: auth.session.userId, webhookId: rotated.id },
      'webhook secret rotated in the dashboard',
    );
    await deps.sessions.putFlash(
      auth.session,
      cookieToken(request),
      JSON.stringify({ webhookId: rotated.id, secret: rotated.secret, rotated: true }),
    );
    return reply.redirect(`${pathOf(rotated.id)}?secret=1`, 303);
  });

  app.post<IdParams>('/webhooks/:id/delete', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    await webhooks.remove(auth.session.userId, request.params.id, sessionContext(request, auth.session));
    request.log.info(
      { event: 'dashboard.webhook_deleted', userId: auth.session.userId, webhookId: request.params.id },
      'webhook endpoint deleted in the dashboard',
    );
    return reply.redirect(`${PAGES.webhooks}?deleted=1`, 303);
  });
}
