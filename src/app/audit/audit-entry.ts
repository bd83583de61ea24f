import { createHash } from 'node:crypto';
import canonicalizeModule from 'canonicalize';
import type { AuditAppend, AuditRecord } from '../../store/repositories/audit-repository.ts';
import { newId } from '../../support/ids.ts';

// RFC 8785 (the package's CommonJS default export, typed as an ES default).
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/**
 * Who did it. `user`: a person proving who they are (a dashboard sign-in; `userId` null when the
 * email named no user); `key`: an API key (its id and name when it acted); `session`: a signed-in
 * dashboard session; `operator`: the `wallet-api` CLI (with shell access to the deployment);
 * `service`: the service itself (retention, and anything not started by a caller).
 */
export type AuditActor =
  | { type: 'user'; userId: string | null }
  | { type: 'key'; userId: string; keyId: string; keyName: string }
  | { type: 'session'; userId: string; sessionId: string }
  | { type: 'operator' }
  | { type: 'service' };

/** The caller of an action: who, and from which request. */
export interface AuditContext {
  actor: AuditActor;
  /** The request's id (x-request-id of the answer), when the action came in a request. */
  requestId: string | null;
  /** The client's address as the server sees it (TRUST_PROXY decides whose), when known. */
  clientAddress: string | null;
}

export const SERVICE_CONTEXT: AuditContext = Object.freeze({
  actor: Object.freeze({ type: 'service' as const }),
  requestId: null,
  clientAddress: null,
});

export const OPERATOR_CONTEXT: AuditContext = Object.freeze({
  actor: Object.freeze({ type: 'operator' as const }),
  requestId: null,
  clientAddress: null,
});

export { AUDIT_ACTIONS, type AuditAction } from '../../domain/audit-actions.ts';

import type { AuditAction } from '../../domain/audit-actions.ts';

export type AuditOutcome = AuditRecord['outcome'];

/** What happened, as the action's code describes it. Details must hold nothing secret. */
export interface AuditEvent {
  action: AuditAction;
  /** Whose trail it is in; defaults to the actor's user. */
  userId?: string | null;
  target?: { type: string; id: string } | null;
  outcome?: AuditOutcome;
  /** Strings, booleans, integers, arrays and objects of them (they round-trip jsonb exactly). */
  details?: Record<string, unknown>;
}

// Control characters (NUL above all) cannot be stored in text or jsonb; replaced before hashing so
// what is stored is what was hashed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;
function clean(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(CONTROL, '?');
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : String(value);
  if (Array.isArray(value)) return value.map(clean);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k.replace(CONTROL, '?'), clean(v)]),
    );
  return value ?? null;
}
const text = (value: string | null | undefined) => (value == null ? null : (clean(value) as string));

/**
 * The content an entry's hash covers, rebuilt from its columns (verification does the same from
 * what is stored, so any changed column changes it). `v` versions the layout.
 */
export function auditContent(f: AuditAppend['fields']): Record<string, unknown> {
  return {
    v: 1,
    id: f.id,
    at: f.at.toISOString(),
    userId: f.userId,
    actor: {
      type: f.actorType,
      userId: f.actorUserId,
      keyId: f.actorKeyId,
      keyName: f.actorKeyName,
      sessionId: f.actorSessionId,
    },
    action: f.action,
    target: f.targetType === null && f.targetId === null ? null : { type: f.targetType, id: f.targetId },
    outcome: f.outcome,
    requestId: f.requestId,
    clientAddress: f.clientAddress,
    details: f.details,
  };
}

export const canonicalBytes = (f: AuditAppend['fields']): Buffer =>
  Buffer.from(canonicalize(auditContent(f)) as string, 'utf8');

/** SHA-256(previous hash bytes || canonical content): what the database computes on append. */
export const entryHash = (prevHash: string, canonical: Buffer): string =>
  createHash('sha256').update(Buffer.from(prevHash, 'hex')).update(canonical).digest('hex');

/** An entry ready to append: no I/O, so the send path can put it in its own statement. */
export function prepareAuditEntry(context: AuditContext, event: AuditEvent, at: Date): AuditAppend {
  const a = context.actor;
  const actorUserId = a.type === 'key' || a.type === 'session' || a.type === 'user' ? a.userId : null;
  const fields: AuditAppend['fields'] = {
    id: newId('aud'),
    at,
    userId: text(event.userId === undefined ? actorUserId : event.userId),
    actorType: a.type,
    actorUserId: text(actorUserId),
    actorKeyId: a.type === 'key' ? text(a.keyId) : null,
    actorKeyName: a.type === 'key' ? text(a.keyName) : null,
    actorSessionId: a.type === 'session' ? text(a.sessionId) : null,
    action: event.action,
    targetType: text(event.target?.type),
    targetId: text(event.target?.id),
    outcome: event.outcome ?? 'succeeded',
    requestId: text(context.requestId),
    clientAddress: text(context.clientAddress),
    details: clean(event.details ?? {}) as Record<string, unknown>,
  };
  return { fields, canonical: canonicalBytes(fields) };
}
