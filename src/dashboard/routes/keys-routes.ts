import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KEY_EXPIRIES, type KeyExpiry } from '../../app/api-keys.ts';
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
} from '../request-context.ts';
import { EXPIRY_CHOICES, keysPage, revokeConfirmPage } from '../views/keys-view.ts';
import type { Flash } from '../views/layout.ts';

const isExpiry = (value: string): value is KeyExpiry => Object.hasOwn(KEY_EXPIRIES, value);

export async function keysRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { apiKeys } = deps.services;

  /** The session cookie's token: the key the one-time flash is sealed under. */
  const cookieToken = (request: FastifyRequest) =>
    request.cookies[cookieNames(isSecure(request, deps.publicUrl)).session] ?? '';

  app.get('/keys', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const keys = await apiKeys.list(auth.session.userId);
    // Right after creating a key (POST, then redirect here): the key, shown this once.
    const createdId = queryField(request, 'created');
    if (createdId) {
      const flash = await deps.sessions.takeFlash(auth.session, cookieToken(request));
      const parsed = flash ? (JSON.parse(flash) as { keyId: string; key: string }) : null;
      const apiKey = parsed?.keyId === createdId ? keys.find((k) => k.id === createdId) : undefined;
      if (parsed && apiKey)
        return sendPage(reply, keysPage({ user: auth.user, keys, created: { key: parsed.key, apiKey } }));
    }
    // After a revocation the page says so, naming the key from the user's own list.
    const revokedId = queryField(request, 'revoked');
    const revoked = revokedId ? keys.find((k) => k.id === revokedId && k.status === 'Revoked') : undefined;
    const flash: Flash | null = revoked
      ? {
          kind: 'success',
          message: html`API key “${revoked.name}” (<code>${revoked.maskedKey}</code>) is revoked. Requests with it now get 401 Unauthorized.`,
        }
      : null;
    return sendPage(reply, keysPage({ user: auth.user, keys, flash }));
  });

  app.post('/keys', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const name = formField(request, 'name') ?? '';
    const expires = formField(request, 'expires') || 'never';
    const refuse = async (status: number, error: string) =>
      sendPage(
        reply,
        keysPage({
          user: auth.user,
          keys: await apiKeys.list(auth.session.userId),
          form: { name, expires, error },
        }),
        status,
      );
    if (!isExpiry(expires))
      return refuse(400, `Expires must be one of: ${EXPIRY_CHOICES.map((c) => c.label).join(', ')}.`);
    try {
      const created = await apiKeys.create(auth.session.userId, { name, expires });
      request.log.info(
        { event: 'dashboard.api_key_created', userId: auth.session.userId, keyId: created.apiKey.id },
        'API key created in the dashboard',
      );
      // Post, redirect, get: the key goes to the next page sealed for this browser's session (never
      // in a URL, never logged, never readable from the database), so a reload creates nothing.
      await deps.sessions.putFlash(
        auth.session,
        cookieToken(request),
        JSON.stringify({ keyId: created.apiKey.id, key: created.key }),
      );
      return reply.redirect(`${PAGES.keys}?${new URLSearchParams({ created: created.apiKey.id })}`, 303);
    } catch (err) {
      // The 10-active limit (FORBIDDEN) and a bad name (INVALID_INPUT) carry messages meant for people.
      if (err instanceof AppError && (err.code === 'FORBIDDEN' || err.code === 'INVALID_INPUT'))
        return refuse(err.status, err.message.replace(/^name: /, 'Name: '));
      throw err;
    }
  });

  app.get<{ Params: { id: string } }>('/keys/:id/revoke', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const key = (await apiKeys.list(auth.session.userId)).find((k) => k.id === request.params.id);
    if (!key) throw new AppError('NOT_FOUND', 'This API key does not exist or is not yours.');
    if (key.status === 'Revoked') return reply.redirect(PAGES.keys, 303);
    return sendPage(reply, revokeConfirmPage(auth.user, key));
  });

  app.post<{ Params: { id: string } }>('/keys/:id/revoke', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    // revoke() answers NOT_FOUND for another user's key; the error page says so.
    const key = await apiKeys.revoke(request.params.id, auth.session.userId);
    request.log.info(
      { event: 'dashboard.api_key_revoked', userId: auth.session.userId, keyId: key.id },
      'API key revoked in the dashboard',
    );
    return reply.redirect(`${PAGES.keys}?${new URLSearchParams({ revoked: key.id })}`, 303);
  });
}
