import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiKeyView, KEY_EXPIRIES, type KeyExpiry } from '../../app/api-keys.ts';
import { type KeyPolicyInput, loadKeyPolicy, SCOPES } from '../../app/key-policies.ts';
import type { LimitStanding } from '../../app/key-spend.ts';
import type { ApiKeyId, UserId } from '../../domain/ids.ts';
import { asApiKeyId } from '../../domain/ids.ts';
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
import { EXPIRY_CHOICES, isActive, type KeysModel, keysPage, revokeConfirmPage } from '../views/keys-view.ts';
import type { Flash } from '../views/layout.ts';

const isExpiry = (value: string): value is KeyExpiry => Object.hasOwn(KEY_EXPIRIES, value);

const lines = (value: string | undefined) =>
  (value ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

/**
 * The create form's choices as a policy. The form always sends `policy_form`; without it (an older
 * page, a script) the key gets everything, as keys always had. Lines of the limits box read
 * `chain asset max-per-transaction max-per-24h`, `-` for no maximum. Form text is trimmed per
 * line: it is typed by a person, unlike API values.
 */
export function policyFromForm(
  field: (name: string) => string | undefined,
  chainSlugs: readonly string[],
): KeyPolicyInput {
  if (field('policy_form') === undefined) return {};
  const limits = lines(field('limits')).map((line, i) => {
    const parts = line.split(/\s+/);
    if (parts.length !== 4)
      throw new AppError(
        'INVALID_INPUT',
        `Limits, line ${i + 1}: write “chain asset max-per-transaction max-per-24h”, for example “base native 1000000 5000000” (- for no maximum)`,
      );
    const [chain, asset, perTransaction, perDay] = parts as [string, string, string, string];
    const amount = (v: string) => (v === '-' ? null : v);
    return { chain, asset, perTransaction: amount(perTransaction), perDay: amount(perDay) };
  });
  const recipients = lines(field('recipients'));
  const contracts = lines(field('contracts'));
  return {
    scopes: SCOPES.filter((s) => field(`scope_${s}`) !== undefined),
    chains:
      field('chains_mode') === 'some' ? chainSlugs.filter((c) => field(`chain_${c}`) !== undefined) : null,
    limits,
    recipients: recipients.length > 0 ? recipients : null,
    contracts: contracts.length > 0 ? contracts : null,
    allowUnlimitedApprovals: field('allow_unlimited_approvals') !== undefined,
  };
}

export async function keysRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { apiKeys } = deps.services;

  /** The session cookie's token: the key the one-time flash is sealed under. */
  const cookieToken = (request: FastifyRequest) =>
    request.cookies[cookieNames(isSecure(request, deps.publicUrl)).session] ?? '';

  const chains = deps.services.chains.list().map((c) => ({ slug: c.slug, name: c.name }));

  /** What each active key with limits may still move today (the page's "Can do" column). */
  async function standings(keys: ApiKeyView[]): Promise<Map<string, LimitStanding[]>> {
    const withLimits = keys.filter((k) => isActive(k) && k.policy.limits.length > 0);
    const all = await Promise.all(
      withLimits.map((k) => deps.services.keySpend.standing({ id: k.id, policy: loadKeyPolicy(k.policy) })),
    );
    return new Map(withLimits.map((k, i) => [k.id, all[i] ?? []]));
  }

  async function pageModel(
    user: KeysModel['user'],
    userId: UserId,
    extra: Partial<KeysModel> = {},
  ): Promise<KeysModel> {
    const keys = await apiKeys.list(userId);
    return { user, keys, chains, standing: await standings(keys), ...extra };
  }

  app.get('/keys', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const keys = await apiKeys.list(auth.session.userId);
    const standing = await standings(keys);
    // Right after creating a key (POST, then redirect here): the key, shown this once.
    const createdId = queryField(request, 'created');
    if (createdId) {
      const flash = await deps.sessions.takeFlash(auth.session, cookieToken(request));
      const parsed = flash ? (JSON.parse(flash) as { keyId: ApiKeyId; key: string }) : null;
      const apiKey = parsed?.keyId === createdId ? keys.find((k) => k.id === createdId) : undefined;
      if (parsed && apiKey)
        return sendPage(
          reply,
          keysPage({ user: auth.user, keys, chains, standing, created: { key: parsed.key, apiKey } }),
        );
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
    return sendPage(reply, keysPage({ user: auth.user, keys, chains, standing, flash }));
  });

  app.post('/keys', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const name = formField(request, 'name') ?? '';
    const expires = formField(request, 'expires') || 'never';
    const field = (n: string) => formField(request, n);
    const refuse = async (status: number, error: string) =>
      sendPage(
        reply,
        keysPage(await pageModel(auth.user, auth.session.userId, { form: { name, expires, error, field } })),
        status,
      );
    if (!isExpiry(expires))
      return refuse(400, `Expires must be one of: ${EXPIRY_CHOICES.map((c) => c.label).join(', ')}.`);
    try {
      const policy = policyFromForm(
        field,
        chains.map((c) => c.slug),
      );
      const created = await apiKeys.create(auth.session.userId, { name, expires, policy });
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
    const key = await apiKeys.revoke(asApiKeyId(request.params.id), auth.session.userId);
    request.log.info(
      { event: 'dashboard.api_key_revoked', userId: auth.session.userId, keyId: key.id },
      'API key revoked in the dashboard',
    );
    return reply.redirect(`${PAGES.keys}?${new URLSearchParams({ revoked: key.id })}`, 303);
  });
}
