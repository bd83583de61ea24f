import { type Static, Type } from 'typebox';
import { StringEnum } from './common.ts';

/** The most items one payout may carry. */
export const MAX_PAYOUT_ITEMS = 1000;

const address = (description: string) => Type.String({ minLength: 1, maxLength: 128, description });

export const PayoutItemBody = Type.Object(
  {
    to: address('Recipient wallet address (the owner, for token payouts)'),
    amount: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Base units (wei, lamports or token units), as in POST /send',
    }),
    reference: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'Your reference for the item (an invoice, a withdrawal id): unique within the payout',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PayoutBody = Type.Object(
  {
    chain: Type.String({ minLength: 1, maxLength: 64, description: 'Chain slug, e.g. base, solana' }),
    asset: StringEnum(['native', 'erc20', 'spl'] as const, {
      description: 'native, erc20 (EVM) or spl (Solana)',
    }),
    token: Type.Optional(address('Token address (EVM) or mint (Solana); required for token payouts')),
    from: Type.Optional(address('Sender wallet; default: your default wallet for the chain')),
    items: Type.Array(PayoutItemBody, { minItems: 1, maxItems: MAX_PAYOUT_ITEMS }),
    atomic: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'EVM native payouts only: pack the items into as few transactions as gas allows (up to 200 items each), each a call to Multicall3 aggregate3Value (MULTICALL3_ADDRESS_<SLUG>, default 0xcA11bde05977b3631167028862bE2a173976CA11): all items of one transaction land or none do, and they share its transactionId and status. Refused (400) when the chain has no Multicall3 or a recipient would refuse the payment (its index named), before anything is signed',
      }),
    ),
  },
  { additionalProperties: false },
);
export type PayoutBodyType = Static<typeof PayoutBody>;

const ITEM_STATUS = StringEnum(['PENDING', 'SUBMITTED', 'CONFIRMED', 'FAILED'] as const, {
  description:
    "The status of the item's transaction (as GET /tx/{id} shows it); PENDING before it is signed; FAILED also for an item whose checks failed when its turn came (`error` says why)",
});

export const PayoutItemSchema = Type.Object(
  {
    index: Type.Integer({ minimum: 0, description: 'Position in the request' }),
    to: Type.String(),
    amount: Type.String({ description: 'Base units' }),
    reference: Type.Union([Type.String(), Type.Null()]),
    transactionId: Type.Union([Type.String(), Type.Null()], {
      description:
        'The transaction carrying the item (GET /tx/{id}); null until it is signed. On Solana, and in an atomic EVM payout, several items share one transaction (all of them land or none does): its `intent.amount` is their sum',
    }),
    status: ITEM_STATUS,
    hash: Type.Union([Type.String(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why the item failed, when it did' }),
  },
  { $id: 'PayoutItem', title: 'PayoutItem' },
);

export const PayoutSchema = Type.Object(
  {
    id: Type.String({ description: 'pay_ followed by a ULID' }),
    status: StringEnum(['processing', 'completed', 'completed_with_failures'] as const, {
      description:
        'processing until every item is CONFIRMED or FAILED; then completed, or completed_with_failures when any item FAILED',
    }),
    chain: Type.String(),
    asset: StringEnum(['native', 'erc20', 'spl'] as const),
    token: Type.Union([Type.String(), Type.Null()]),
    from: Type.String({ description: 'Sender wallet' }),
    atomic: Type.Boolean({
      description:
        'Asked with "atomic": true: the items are packed into Multicall3 transactions (EVM native)',
    }),
    totals: Type.Object({
      items: Type.Integer(),
      amount: Type.String({ description: 'Sum of the amounts, base units' }),
      feeEstimate: Type.String({
        description:
          'Native units the fees could reach at most when the payout was checked (on Solana with the rent of token accounts it creates)',
      }),
      pending: Type.Integer(),
      submitted: Type.Integer(),
      confirmed: Type.Integer(),
      failed: Type.Integer(),
      transactions: Type.Integer({ description: 'Chain transactions signed so far' }),
    }),
    items: Type.Array(Type.Ref('PayoutItem')),
    createdAt: Type.String({ format: 'date-time' }),
    completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Payout', title: 'Payout' },
);

export const PayoutSummarySchema = Type.Object(
  {
    id: Type.String(),
    status: StringEnum(['processing', 'completed', 'completed_with_failures'] as const),
    chain: Type.String(),
    asset: StringEnum(['native', 'erc20', 'spl'] as const),
    token: Type.Union([Type.String(), Type.Null()]),
    from: Type.String(),
    atomic: Type.Boolean(),
    items: Type.Integer(),
    amount: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'PayoutSummary' },
);

export const PayoutList = Type.Object({
  payouts: Type.Array(PayoutSummarySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()], {
    description: 'Pass as `cursor` for the next page; null on the last',
  }),
});

export const PayoutParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Payout id' }),
});

export const PayoutListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    cursor: Type.Optional(Type.String({ maxLength: 200, description: 'From the previous page' })),
  },
  { additionalProperties: false },
);

export type PayoutItemView = Static<typeof PayoutItemSchema>;
/** The Payout resource (its items are a reference to PayoutItem in the schema). */
export type PayoutView = Omit<Static<typeof PayoutSchema>, 'items'> & { items: PayoutItemView[] };
export type PayoutSummaryView = Static<typeof PayoutSummarySchema>;
