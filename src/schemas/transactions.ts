import { Type } from 'typebox';
import { StringEnum } from './common.ts';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const IdempotencyHeaders = Type.Object(
  {
    'Idempotency-Key': Type.String({
      pattern: UUID,
      maxLength: 36,
      description: 'A UUID unique per request: a retry with the same key and body replays the first response',
    }),
  },
  { additionalProperties: true },
);

const chain = Type.String({ minLength: 1, maxLength: 64, description: 'Chain slug, e.g. base, solana' });
const address = (description: string) => Type.String({ minLength: 1, maxLength: 128, description });
const from = Type.Optional(address('Sender wallet; default: your default wallet for the chain'));
const amount = (description: string) => Type.String({ minLength: 1, maxLength: 100, description });

export const SendBody = Type.Object(
  {
    chain,
    to: address('Recipient wallet address (the owner, for token sends)'),
    asset: StringEnum(['native', 'erc20', 'spl'] as const, {
      description: 'native, erc20 (EVM) or spl (Solana)',
    }),
    amount: amount('Base units (wei, lamports or token units); EVM also 0x-hex'),
    from,
    token: Type.Optional(address('Token address (EVM) or mint (Solana); required for token sends')),
  },
  { additionalProperties: false },
);

export const ApproveBody = Type.Object(
  {
    chain,
    token: address('ERC20 token address'),
    spender: address('Spender (router) address'),
    amount: amount('Allowance in token units, up to 2^256-1, decimal or 0x-hex'),
    from,
  },
  { additionalProperties: false },
);

export const ContractBody = Type.Object(
  {
    chain,
    to: address('Contract address'),
    data: Type.String({
      maxLength: 2 * 128 * 1024 + 2,
      description: 'Call data: 0x and an even number of hex digits',
    }),
    value: Type.Optional(amount('Native value in wei, up to 2^256-1; default 0')),
    from,
  },
  { additionalProperties: false },
);

export const SubmissionSchema = Type.Object(
  {
    id: Type.String({ description: 'Service transaction id' }),
    status: StringEnum(['SUBMITTED'] as const),
    hash: Type.Union([Type.String(), Type.Null()], {
      description: 'Hash or signature; may be null at submission',
    }),
    explorerUrl: Type.Union([Type.String(), Type.Null()]),
    chainName: Type.String(),
  },
  { $id: 'Submission', title: 'Submission' },
);

export const TransactionSchema = Type.Object(
  {
    id: Type.String(),
    status: StringEnum(['PENDING', 'SUBMITTED', 'CONFIRMED', 'FAILED'] as const, {
      description:
        'PENDING: signed and recorded, broadcast not yet confirmed; SUBMITTED: accepted for broadcast; CONFIRMED: included and successful at the chain’s confirmation depth (goes back to SUBMITTED if its block is reorganised away); FAILED: reverted, refused, or provably unable to land (`error` says why)',
    }),
    hash: Type.Union([Type.String(), Type.Null()], {
      description: 'The hash or signature that landed, or else the latest signed one',
    }),
    explorerUrl: Type.Union([Type.String(), Type.Null()], { description: 'Null until a hash exists' }),
    chainName: Type.String(),
    chainType: StringEnum(['ethereum', 'solana'] as const),
    chainId: Type.Integer(),
    chain: Type.String({ description: 'Chain slug' }),
    kind: StringEnum(['send', 'approve', 'contract', 'swap'] as const),
    from: Type.String({ description: 'Sender wallet' }),
    to: Type.String({ description: 'Recipient, token (approve), contract, or router/program (swap)' }),
    value: Type.String({ description: 'Native value in base units; "0" when none' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'Set when FAILED' }),
    nonce: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        'Extension. EVM: the nonce the transaction uses (kept by every fee replacement); null on Solana',
    }),
    attempts: Type.Array(Type.String(), {
      description:
        'Extension. Every signed version’s hash or signature, in signing order: fee replacements (EVM, same nonce) and re-signs after a proven blockhash expiry (Solana). `hash` is the one that landed, or the latest.',
    }),
    stuckReason: Type.Union([Type.String(), Type.Null()], {
      description:
        'Extension. Why a PENDING or SUBMITTED transaction is not moving, e.g. waiting for the base fee to fall below the chain’s fee cap, or for funds to pay the fee; null otherwise',
    }),
    devnetReset: Type.Boolean({
      description:
        'Extension. True for a transaction made on a development network (evm-localnet, solana-localnet) that has restarted since: that chain and its hashes are gone; a transaction still pending then was FAILED',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Transaction', title: 'Transaction' },
);

export const TxParams = Type.Object({
  id: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'Service transaction id (tx_ followed by a ULID)',
  }),
});
