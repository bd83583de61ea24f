import { Type } from 'typebox';
import { StringEnum } from './common.ts';
import { TransactionIntentSchema } from './transactions.ts';

const APPROVAL_STATUS = ['required', 'approved', 'denied', 'expired'] as const;

/** The `approval` of a write waiting for a person (the 202 answer, GET /tx/{id}). */
export const ApprovalRefSchema = Type.Object(
  {
    id: Type.String({ description: 'Approval id (apr_ followed by a ULID)' }),
    status: StringEnum(APPROVAL_STATUS, {
      description:
        'required: waiting for a person; approved: let go (the transaction goes on as any write); denied or expired: the transaction ended FAILED, nothing signed',
    }),
    expiresAt: Type.String({ format: 'date-time', description: 'Past it, a required approval expires' }),
    url: Type.String({ description: "The dashboard's page of this approval" }),
  },
  { $id: 'ApprovalRef', title: 'ApprovalRef' },
);

/** The 202 answer of a write that waits for approval: the Submission's fields, PENDING, and its approval. */
export const ApprovalSubmissionSchema = Type.Object(
  {
    id: Type.String({ description: 'Service transaction id' }),
    status: StringEnum(['PENDING'] as const, { description: 'Recorded, not signed: waiting for approval' }),
    hash: Type.Union([Type.String(), Type.Null()], { description: 'null: nothing is signed yet' }),
    explorerUrl: Type.Union([Type.String(), Type.Null()], { description: 'null until a hash exists' }),
    chainName: Type.String(),
    approval: Type.Ref('ApprovalRef'),
  },
  { $id: 'ApprovalSubmission', title: 'ApprovalSubmission' },
);

export const ApprovalSchema = Type.Object(
  {
    id: Type.String(),
    status: StringEnum(APPROVAL_STATUS),
    transactionId: Type.String({ description: 'The write waiting (GET /tx/{id})' }),
    keyId: Type.Union([Type.String(), Type.Null()], { description: 'The API key that asked for the write' }),
    keyName: Type.Union([Type.String(), Type.Null()]),
    reasons: Type.Array(Type.String(), { description: "Which of the key's rules sent it for approval" }),
    chain: Type.String({ description: 'Chain slug' }),
    kind: StringEnum(['send', 'approve', 'contract', 'swap'] as const),
    from: Type.String({ description: 'Sender wallet' }),
    to: Type.String({ description: 'Recipient, token (approve), contract, or router (swap)' }),
    value: Type.String({ description: 'Native value in base units' }),
    intent: Type.Union([TransactionIntentSchema, Type.Null()], {
      description: 'What the write moves, amounts in base units (as on the Transaction)',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({ format: 'date-time' }),
    decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    decidedBy: Type.Union([Type.String(), Type.Null()], {
      description:
        'Who decided: an API key (id and name) or the dashboard owner; null while required or once expired',
    }),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'The reason given with a denial' }),
    url: Type.String({ description: "The dashboard's page of this approval" }),
  },
  { $id: 'Approval', title: 'Approval' },
);

export const ApprovalsQuery = Type.Object(
  {
    status: Type.Optional(
      StringEnum(['pending', ...APPROVAL_STATUS] as const, {
        description: 'Only approvals in this status; `pending` is `required` (waiting for a decision)',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 200, description: 'At most this many (default 50)' }),
    ),
  },
  { additionalProperties: false },
);

export const ApprovalParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Approval id' }),
});

export const DenyBody = Type.Object(
  {
    reason: Type.Optional(
      Type.String({ maxLength: 500, description: 'Why, shown in the transaction’s error' }),
    ),
  },
  { additionalProperties: false },
);
