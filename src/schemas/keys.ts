import { Type } from 'typebox';
import { StringEnum } from './common.ts';

const Amount = (description: string) =>
  Type.Union([Type.String({ pattern: '^[0-9]+$', description }), Type.Null()]);
const AddressList = (description: string) =>
  Type.Union([Type.Array(Type.String()), Type.Null()], { description });

export const KeyLimitSchema = Type.Object(
  {
    chain: Type.String({ description: 'Chain slug' }),
    asset: Type.String({
      description:
        '`native`, or a token address (EVM, lower case) or mint (Solana). Wrapped SOL is `native`: one limit covers SOL and wrapped SOL',
    }),
    perTransaction: Amount('Maximum per transaction, base units (null: none)'),
    perDay: Amount('Maximum per rolling 24 hours, base units (null: none)'),
    spentLast24h: Amount('Moved in the last 24 hours and still counting (null without a daily maximum)'),
    remainingLast24h: Amount('What may still be moved now (null without a daily maximum)'),
  },
  { $id: 'KeyLimit', title: 'KeyLimit' },
);

export const KeySelfResponse = Type.Object(
  {
    id: Type.String({ description: 'API key id' }),
    name: Type.String(),
    maskedKey: Type.String({ description: 'wak_<prefix>_…' }),
    status: StringEnum(['Active', 'Expiring soon'] as const, {
      description: 'A key that answers is active; Expiring soon when 7 days or fewer remain',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    scopes: Type.Array(StringEnum(['read', 'write', 'trade', 'webhooks', 'approve'] as const), {
      description:
        'read: every GET; write: send, approve, contract calls; trade: quote and swap; webhooks: manage webhook endpoints; approve: list and decide on writes waiting for approval (never a default)',
    }),
    chains: AddressList('The chain slugs the key may name (null: every chain)'),
    recipients: AddressList(
      'Where value may go (sends; the `to` of a token transfer decoded from a contract call; a contract a call sends native value to) and which spenders approvals may name (null: anywhere)',
    ),
    contracts: AddressList('The contracts POST /contracts/send may call (null: any)'),
    allowUnlimitedApprovals: Type.Boolean({
      description:
        'Whether an approval (POST /token/approve, or approve, increaseAllowance or a Permit2 approval decoded from POST /contracts/send) may grant more of a limited token than the key may move of it per transaction and per 24 hours, unlimited amounts included. False: such approvals, and increaseAllowance on a limited token, are refused',
    }),
    approvalAbove: Type.Array(
      Type.Object({
        chain: Type.String(),
        asset: Type.String({ description: '`native`, or a token address or mint' }),
        amount: Type.String({ pattern: '^[0-9]+$', description: 'Base units' }),
      }),
      {
        description:
          'A write that moves more than `amount` of the asset in one transaction (or grants an allowance of more) waits for a person: 202 with an `approval`',
      },
    ),
    approvalFor: Type.Array(StringEnum(['send', 'approve', 'contract', 'swap'] as const), {
      description: 'Kinds of writes that always wait for a person',
    }),
    contractMethods: Type.Array(
      Type.Object({
        contract: Type.String(),
        selectors: Type.Array(Type.String({ description: '0x and 8 hex digits' })),
      }),
      {
        description:
          "A contract named here is called only with these methods (the call data's first four bytes); other contracts are left to the other rules",
      },
    ),
    maxApprovals: Type.Array(
      Type.Object({
        chain: Type.String(),
        token: Type.String(),
        amount: Type.String({ pattern: '^[0-9]+$', description: 'Base units' }),
      }),
      {
        description:
          'The most an approval may grant of a token; with any on a chain, unlimited approvals there are refused unless allowUnlimitedApprovals',
      },
    ),
    activeHours: Type.Union([Type.String({ description: 'HH:MM-HH:MM' }), Type.Null()], {
      description: 'The UTC hours the key may write in (null: always)',
    }),
    limits: Type.Array(Type.Ref('KeyLimit'), {
      description:
        'Spend limits per chain and asset. Amounts leaving the wallet count (fees do not), token transfers decoded from a contract call included; a transaction that ends FAILED without landing gives its amount back.',
    }),
  },
  { additionalProperties: false },
);
