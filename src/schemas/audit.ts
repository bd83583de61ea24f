import { Type } from 'typebox';
import { AUDIT_ACTIONS } from '../domain/audit-actions.ts';
import { StringEnum } from './common.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const AuditEntrySchema = Type.Object(
  {
    id: Type.String({ description: 'Audit entry id (aud_…)' }),
    at: Type.String({ format: 'date-time' }),
    action: StringEnum(AUDIT_ACTIONS, {
      description:
        'What happened. `write.approval_requested`, `write.approved`, `write.denied`, `write.approval_expired`, `webhook.created`, `webhook.deleted` and `webhook.secret_rotated` are reserved for approvals and webhooks',
    }),
    outcome: StringEnum(['succeeded', 'failed', 'refused'] as const, {
      description:
        'succeeded; failed (a sign-in with a wrong password); refused (a write a key rule refused)',
    }),
    actor: Type.Object(
      {
        type: StringEnum(['user', 'key', 'session', 'operator', 'service'] as const, {
          description:
            'user: a person signing in; key: an API key; session: a signed-in dashboard session; operator: the wallet-api CLI; service: the service itself',
        }),
        userId: Nullable(Type.String()),
        keyId: Nullable(Type.String({ description: 'The API key that acted (actor type key)' })),
        keyName: Nullable(Type.String({ description: 'Its name when it acted' })),
        sessionId: Nullable(Type.String({ description: 'The dashboard session (never its token)' })),
      },
      { additionalProperties: false },
    ),
    target: Nullable(
      Type.Object(
        { type: Nullable(Type.String()), id: Nullable(Type.String()) },
        {
          additionalProperties: false,
          description: 'What it acted on: api_key, user, wallet, transaction, session, endpoint',
        },
      ),
    ),
    requestId: Nullable(Type.String({ description: 'The x-request-id of the request that did it' })),
    clientAddress: Nullable(Type.String({ description: 'The client address the server saw' })),
    details: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'What the action was about: a created key’s name, expiry and policy; a write’s chain, kind, addresses and value; the rule that refused a write. Never a key, a password or a session token',
    }),
  },
  { $id: 'AuditEntry', title: 'AuditEntry', additionalProperties: false },
);

export const ListAuditQuery = Type.Object(
  {
    action: Type.Optional(StringEnum(AUDIT_ACTIONS, { description: 'Only entries of this action' })),
    keyId: Type.Optional(Type.String({ maxLength: 100, description: 'Only what this API key did' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    cursor: Type.Optional(
      Type.String({ maxLength: 100, description: 'The nextCursor of the previous page' }),
    ),
  },
  { additionalProperties: false },
);

export const ListAuditResponse = Type.Object({
  entries: Type.Array(Type.Ref('AuditEntry')),
  nextCursor: Nullable(Type.String({ description: 'The next (older) page; null on the last page' })),
});
