import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiKeyView, KEY_EXPIRIES, type KeyExpiry } from '../../app/api-keys.ts';
import { type KeyPolicyInput, loadKeyPolicy, SCOPES } from '../../app/key-policies.ts';
import type { LimitStanding } from '../../app/key-spend.ts';
import type { ApiKeyId, UserId } from '../../domain/ids.ts';
import { asApiKeyId } from '../../domain/ids.ts';
import { parseUnits, UnitsError } from '../../domain/units.ts';
import { AppError } from '../../errors/app-error.ts';
import { type AssetUnit, unitKey } from '../asset-units.ts';
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
import { EXPIRY_CHOICES, isActive, type KeysModel, keysPage, revokeConfirmPage } from '../views/keys-view.ts';
import type { Flash } from '../views/layout.ts';
import { keyRulesFromForm } from './key-rules-form.ts';

const isExpiry = (value: string): value is KeyExpiry => Object.hasOwn(KEY_EXPIRIES, value);

const lines = (value: string | undefined) =>
  (value ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));

/** A limit asset's unit: null when its decimals cannot be read (the line must be in base units). */
export type LimitUnitOf = (chain: string, asset: string) => Promise<AssetUnit | null>;

/**
 * The create form's choices as a policy. The form always sends `policy_form`; without it (an older
 * page, a script) the key gets everything, as keys always had. Lines of the limits box read
 * `chain asset max-per-transaction max-per-24h`, `-` for no maximum, in whole units of the asset
 * ("1.5" ETH, "250" TUSD: `limit_units=whole`, what the page sends by default) or in base units
 * (`limit_units=base`, and without the field, as forms did before). Whole units need the asset's
 * decimals: the chain's for native, read from the chain for a token. Form text is trimmed per
 * line: it is typed by a person, unlike API values.
 */
export async function policyFromForm(
  field: (name: string) => string | undefined,
  chainSlugs: readonly string[],
  unitOf: LimitUnitOf,
): Promise<KeyPolicyInput> {
  if (field('policy_form') === undefined) return {};
  const whole = field('limit_units') === 'whole';
  const limits = await Promise.all(
    lines(field('limits')).map(async (line, i) => {
      const parts = line.split(/\s+/);
      if (parts.length !== 4)
        throw new AppError(
          'INVALID_INPUT',
          `Limits, line ${i + 1}: write “chain asset max-per-transaction max-per-24h”, for example “base native 0.5 2” (- for no maximum)`,
        );
      const [chain, asset, perTransaction, perDay] = parts as [string, string, string, string];
      if (!whole) {
        const amount = (v: string) => (v === '-' ? null : v);
        return { chain, asset, perTransaction: amount(perTransaction), perDay: amount(perDay) };
      }
      if (!chainSlugs.includes(chain))
        throw new AppError('INVALID_INPUT', `Limits, line ${i + 1}: unknown chain “${chain}”`);
      const unit = await unitOf(chain, asset);
      if (!unit)
        throw new AppError(
          'INVALID_INPUT',
          `Limits, line ${i + 1}: the decimals of token ${asset} on ${chain} could not be read, so its amounts cannot be taken in whole units. Check the address, or choose base units and give them in the token’s smallest unit.`,
        );
      const amount = (v: string) => {
        if (v === '-') return null;
        try {
          return parseUnits(v, unit.decimals, unit.symbol ?? asset).toString();
        } catch (err) {
          if (err instanceof UnitsError)
            throw new AppError('INVALID_INPUT', `Limits, line ${i + 1}: ${err.message}`);
          throw err;
        }
      };
      return { chain, asset, perTransaction: amount(perTransaction), perDay: amount(perDay) };
    }),
  );
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
    ...keyRulesFromForm(field),
  };
}

export async function keysRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { apiKeys } = deps.services;

  /** The session cookie's token: the key the one-time flash is sealed under. */
  const cookieToken = (request: FastifyRequest) =>
    request.cookies[cookieNames(isSecure(request, deps.publicUrl)).session] ?? '';

  const chains = deps.services.chains.list().map((c) => ({ slug: c.slug, name: c.name }));
  const chainBySlug = (slug: string) => deps.services.chains.list().find((c) => c.slug === slug) ?? null;

  /** The unit of a limit's asset (native: the chain's; a token: read from the chain), or null. */
  const unitOf: LimitUnitOf = async (slug, asset) => {
    const chain = chainBySlug(slug);
    if (!chain) return null;
    const token = asset === 'native' ? null : asset;
    return (await deps.units.resolve([{ chain, token }])).get(unitKey(chain, token)) ?? null;
  };

  /** Units of every limit's asset, for showing limits in whole units. */
  async function limitUnits(keys: ApiKeyView[]): Promise<ReadonlyMap<string, AssetUnit>> {
    const wanted = keys.flatMap((k) =>
      k.policy.limits.flatMap((l) => {
        const chain = chainBySlug(l.chain);
        return chain ? [{ chain, token: l.asset === 'native' ? null : l.asset }] : [];
      }),
    );
    return deps.units.resolve(wanted);
  }

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
    return { user, keys, chains, standing: await standings(keys), units: await limitUnits(keys), ...extra };
  }

  app.get('/keys', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const keys = await apiKeys.list(auth.session.userId);
    const [standing, units] = await Promise.all([standings(keys), limitUnits(keys)]);
    // Right after creating a key (POST, then redirect here): the key, shown this once.
    const createdId = queryField(request, 'created');
    if (createdId) {
      const flash = await deps.sessions.takeFlash(auth.session, cookieToken(request));
      const parsed = flash ? (JSON.parse(flash) as { keyId: ApiKeyId; key: string }) : null;
      const apiKey = parsed?.keyId === createdId ? keys.find((k) => k.id === createdId) : undefined;
      if (parsed && apiKey)
        return sendPage(
          reply,
          keysPage({ user: auth.user, keys, chains, standing, units, created: { key: parsed.key, apiKey } }),
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
    return sendPage(reply, keysPage({ user: auth.user, keys, chains, standing, units, flash }));
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
      const policy = await policyFromForm(
        field,
        chains.map((c) => c.slug),
        unitOf,
      );
      const created = await apiKeys.create(
        auth.session.userId,
        { name, expires, policy },
        sessionContext(request, auth.session),
      );
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
    const key = await apiKeys.revoke(
      asApiKeyId(request.params.id),
      auth.session.userId,
      sessionContext(request, auth.session),
    );
    request.log.info(
      { event: 'dashboard.api_key_revoked', userId: auth.session.userId, keyId: key.id },
      'API key revoked in the dashboard',
    );
    return reply.redirect(`${PAGES.keys}?${new URLSearchParams({ revoked: key.id })}`, 303);
  });
}
