import { Type } from 'typebox';
import { StringEnum } from './common.ts';

export const TransactionListQuery = Type.Object(
  {
    chain: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only this chain (slug)' })),
    status: Type.Optional(
      StringEnum(['PENDING', 'SUBMITTED', 'CONFIRMED', 'FAILED'] as const, {
        description: 'Only transactions in this status now',
      }),
    ),
    from: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'Only those sent from this wallet (EVM: any case)',
      }),
    ),
    since: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'Created at or after this ISO 8601 time (e.g. 2030-01-31T00:00:00Z)',
      }),
    ),
    until: Type.Optional(Type.String({ maxLength: 40, description: 'Created before this ISO 8601 time' })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'At most this many' }),
    ),
    cursor: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'A nextCursor of an earlier page, as given' }),
    ),
  },
  { additionalProperties: false },
);

export const TransactionListResponse = Type.Object({
  transactions: Type.Array(Type.Ref('Transaction'), {
    description: 'Newest first, each as GET /tx/{id} shows it',
  }),
  nextCursor: Type.Union([Type.String(), Type.Null()], {
    description:
      'The next (older) page, or null at the last one. Stable under concurrent writes: paging never skips or ' +
      'repeats a transaction; ones recorded after the first page are not in later pages (list again from the start)',
  }),
});
