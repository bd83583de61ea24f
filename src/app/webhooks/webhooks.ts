import type { ChainRegistry } from '../../chains/chain-registry.ts';
import { EVENT_TYPES, type EventType } from '../../domain/events.ts';
import type { UserId } from '../../domain/ids.ts';
import { quoted } from '../../domain/input-values.ts';
import { MAX_WEBHOOK_ENDPOINTS, type WebhookEndpointRecord } from '../../domain/webhooks.ts';
import { AppError, invalidInput } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import { eventsRepository } from '../../store/repositories/events-repository.ts';
import { usersRepository } from '../../store/repositories/users-repository.ts';
import { webhooksRepository } from '../../store/repositories/webhooks-repository.ts';
import type { Clock } from '../../support/clock.ts';
import { newId } from '../../support/ids.ts';
import { type AuditContext, SERVICE_CONTEXT } from '../audit/audit-entry.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { newWebhookSecret, secretText, type WebhookSecretBox } from './webhook-secrets.ts';
import { checkTarget, TargetRefused, type TargetRules } from './webhook-targets.ts';
import {
  type WebhookAttemptView,
  type WebhookEndpointView,
  webhookAttemptView,
  webhookEndpointView,
} from './webhook-views.ts';

/** The old secret keeps signing this long after a rotation, beside the new one. */
const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;
const MAX_URL = 2048;
const MAX_DESCRIPTION = 200;

export interface WebhookInput {
  url: string;
  types?: readonly string[] | undefined;
  description?: string | undefined;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const encodeCursor = (o: Record<string, string>) => Buffer.from(JSON.stringify(o)).toString('base64url');
function decodeCursor(raw: string): Record<string, string> {
  try {
    const o = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (o && typeof o === 'object' && Object.values(o).every((v) => typeof v === 'string'))
      return o as Record<string, string>;
  } catch {}
  throw invalidInput('cursor', 'is not a cursor this list gave');
}

const notFound = () => new AppError('NOT_FOUND', 'Webhook endpoint not found');

function parseTypes(types: readonly string[] | undefined): EventType[] | null {
  if (types === undefined) return null;
  if (types.length === 0)
    throw invalidInput('types', 'choose at least one event type, or leave types out for all');
  for (const [i, t] of types.entries())
    if (!(EVENT_TYPES as readonly string[]).includes(t))
      throw invalidInput(`types[${i}]`, `unknown event type ${quoted(t)}: use ${EVENT_TYPES.join(', ')}`);
  return EVENT_TYPES.filter((t) => types.includes(t));
}

/**
 * Webhook endpoints (issue 28, item 3): created with a URL checked against the target rules and
 * a new secret shown once; at most 10 per user (the user row lock makes that hold under concurrent
 * creations). Every call is scoped to the caller's user: another user's endpoint is not found.
 */
export function webhooksService(deps: {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  box: WebhookSecretBox;
  rules: TargetRules;
  /** Wakes this process's delivery after a test or a replay (null where none runs: the CLI). */
  wake?: () => void;
}) {
  const { db, clock, box, rules } = deps;
  const repo = webhooksRepository(db);

  async function find(userId: UserId, id: string): Promise<WebhookEndpointRecord> {
    const endpoint = await repo.findById(userId, id);
    if (!endpoint) throw notFound();
    return endpoint;
  }

  async function checkUrl(url: string): Promise<void> {
    if (url.length > MAX_URL) throw invalidInput('url', `must be at most ${MAX_URL} characters`);
    try {
      await checkTarget(url, rules);
    } catch (err) {
      if (err instanceof TargetRefused) throw invalidInput('url', err.message);
      throw err;
    }
  }

  return {
    async create(
      userId: UserId,
      input: WebhookInput,
      context: AuditContext = SERVICE_CONTEXT,
    ): Promise<WebhookEndpointView & { secret: string }> {
      const types = parseTypes(input.types);
      const description = input.description ?? null;
      if (description !== null && (description.length > MAX_DESCRIPTION || /\p{Cc}/u.test(description)))
        throw invalidInput(
          'description',
          `must be at most ${MAX_DESCRIPTION} characters, without control characters`,
        );
      await checkUrl(input.url);
      const id = newId('whk');
      const secret = newWebhookSecret();
      const now = clock.now();
      const record: WebhookEndpointRecord = {
        id,
        userId,
        url: input.url,
        types,
        description,
        secret: box.seal(secret, id),
        previousSecret: null,
        previousUntil: null,
        createdAt: now,
        failingSince: null,
        disabledAt: null,
        disabledReason: null,
      };
      await db.transaction(async (tx) => {
        if (!(await usersRepository(tx).lock(userId))) throw new AppError('NOT_FOUND', 'user not found');
        const r = webhooksRepository(tx);
        if ((await r.countByUser(userId)) >= MAX_WEBHOOK_ENDPOINTS)
          // 400, not 409: in DESIGN A3 409 means an idempotency conflict, and this is a limit of the input.
          throw new AppError(
            'INVALID_INPUT',
            `This user already has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the maximum. Delete one before adding another.`,
          );
        await r.insert(record);
        // Last: the entry holds the audit chain's head until the commit. Never the secret.
        await recordAudit(
          tx,
          context,
          {
            action: 'webhook.created',
            userId,
            target: { type: 'webhook', id },
            details: { url: input.url, types: types ?? null, description },
          },
          now,
        );
      });
      return { ...webhookEndpointView(record, now), secret: secretText(secret) };
    },

    async list(userId: UserId, cursor: string | null, limit: number): Promise<Page<WebhookEndpointView>> {
      const after = cursor === null ? null : decodeCursor(cursor);
      if (after && (!after.c || !after.i || Number.isNaN(Date.parse(after.c))))
        throw invalidInput('cursor', 'is not a cursor this list gave');
      const rows = await repo.listByUser(
        userId,
        after ? { createdAt: new Date(after.c as string), id: after.i as string } : null,
        limit + 1,
      );
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const now = clock.now();
      return {
        items: page.map((e) => webhookEndpointView(e, now)),
        nextCursor:
          rows.length > limit && last ? encodeCursor({ c: last.createdAt.toISOString(), i: last.id }) : null,
      };
    },

    async get(userId: UserId, id: string): Promise<WebhookEndpointView> {
      return webhookEndpointView(await find(userId, id), clock.now());
    },

    async remove(userId: UserId, id: string, context: AuditContext = SERVICE_CONTEXT): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await webhooksRepository(tx).delete(userId, id))) throw notFound();
        await recordAudit(
          tx,
          context,
          { action: 'webhook.deleted', userId, target: { type: 'webhook', id } },
          clock.now(),
        );
      });
    },

    /** A webhook.test event for this endpoint only, delivered like any other. */
    async test(userId: UserId, id: string): Promise<{ eventId: string }> {
      const endpoint = await find(userId, id);
      if (endpoint.disabledAt)
        throw invalidInput(
          'id',
          `the endpoint is disabled (${endpoint.disabledReason ?? 'no reason given'}): delete it and add it again`,
        );
      const eventId = await db.transaction((tx) =>
        eventsRepository(tx).append(
          userId,
          'webhook.test',
          endpoint.id,
          { webhookId: endpoint.id, message: 'A test event, sent from the API' },
          clock.now(),
        ),
      );
      deps.wake?.();
      return { eventId };
    },

    /** A new secret; the old one keeps signing beside it for 24 hours. */
    async rotateSecret(
      userId: UserId,
      id: string,
      context: AuditContext = SERVICE_CONTEXT,
    ): Promise<WebhookEndpointView & { secret: string }> {
      const endpoint = await find(userId, id);
      const secret = newWebhookSecret();
      const now = clock.now();
      const previousUntil = new Date(now.getTime() + ROTATION_OVERLAP_MS);
      // The old secret signs beside the new one until previousUntil.
      const rotated = await db.transaction(async (tx) => {
        const row = await webhooksRepository(tx).rotate(
          userId,
          id,
          box.seal(secret, endpoint.id),
          endpoint.secret,
          previousUntil,
        );
        if (!row) throw notFound();
        await recordAudit(
          tx,
          context,
          {
            action: 'webhook.secret_rotated',
            userId,
            target: { type: 'webhook', id },
            details: { previousSecretExpiresAt: previousUntil.toISOString() },
          },
          now,
        );
        return row;
      });
      return { ...webhookEndpointView(rotated, now), secret: secretText(secret) };
    },

    async deliveries(
      userId: UserId,
      id: string,
      cursor: string | null,
      limit: number,
    ): Promise<Page<WebhookAttemptView>> {
      await find(userId, id);
      const before = cursor === null ? null : decodeCursor(cursor).a;
      if (cursor !== null && !/^\d{1,18}$/.test(before ?? ''))
        throw invalidInput('cursor', 'is not a cursor this list gave');
      const rows = await repo.listAttempts(userId, id, before ?? null, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(webhookAttemptView),
        nextCursor: rows.length > limit && last ? encodeCursor({ a: last.id }) : null,
      };
    },

    /** Sends one of the user's events to the endpoint again, from the start of the schedule. */
    async replay(userId: UserId, id: string, eventId: string): Promise<{ eventId: string }> {
      const endpoint = await find(userId, id);
      if (endpoint.disabledAt)
        throw invalidInput(
          'id',
          `the endpoint is disabled (${endpoint.disabledReason ?? 'no reason given'}): delete it and add it again`,
        );
      const event = await eventsRepository(db).findById(userId, eventId);
      if (!event) throw new AppError('NOT_FOUND', 'Event not found');
      await repo.replay(endpoint, event, clock.now());
      deps.wake?.();
      return { eventId: event.id };
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
