import { type Static, Type } from 'typebox';
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

const baseUnits = (description: string) =>
  Type.String({ pattern: '^[0-9]+$', description: `${description}: a decimal string of base units` });

export const SendIntentSchema = Type.Object(
  {
    kind: StringEnum(['send'] as const),
    asset: StringEnum(['native', 'erc20', 'spl'] as const),
    token: Type.Union([Type.String(), Type.Null()], {
      description: 'The token address (erc20) or mint (spl); null for native',
    }),
    amount: baseUnits('What the recipient (`to`) is sent'),
  },
  { $id: 'SendIntent', title: 'SendIntent', additionalProperties: false },
);

export const ApproveIntentSchema = Type.Object(
  {
    kind: StringEnum(['approve'] as const),
    token: Type.String({ description: 'The ERC20 token (also `to`)' }),
    spender: Type.String({ description: 'Who may spend it' }),
    amount: baseUnits('The allowance granted (2^256-1: unlimited)'),
  },
  { $id: 'ApproveIntent', title: 'ApproveIntent', additionalProperties: false },
);

export const SwapIntentSchema = Type.Object(
  {
    kind: StringEnum(['swap'] as const),
    fromToken: Type.String({
      description:
        'The input token as resolved: 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE for native on EVM, the wrapped SOL mint for SOL',
    }),
    toToken: Type.String({ description: 'The output token, resolved the same way' }),
    amount: baseUnits('What goes in, in the input token'),
    expectedOutput: Type.Union([baseUnits('Expected output'), Type.Null()], {
      description:
        'What the aggregator quoted to come out, in base units of the output token; null when not recorded',
    }),
    minimumOutput: Type.Union([baseUnits('Minimum output'), Type.Null()], {
      description:
        'The least that may come out at the slippage asked, in base units of the output token (Solana swaps); null when not recorded (EVM)',
    }),
  },
  { $id: 'SwapIntent', title: 'SwapIntent', additionalProperties: false },
);

export const ContractIntentSchema = Type.Object(
  {
    kind: StringEnum(['contract'] as const),
    value: baseUnits('The native value paid to the contract'),
    decoded: Type.Boolean({
      description:
        'True when the call data was read: none (a plain payment), an ERC20 transfer, transferFrom, approve, increaseAllowance or decreaseAllowance, or a Uniswap Permit2 call. False otherwise (any other function, or call data over 4 KiB, which is not kept whole): the lists below are then empty and say nothing',
    }),
    tokenTransfers: Type.Array(
      Type.Object(
        { token: Type.String(), to: Type.String(), amount: baseUnits('Token units moved') },
        { additionalProperties: false },
      ),
      { description: 'The token transfers the call data makes' },
    ),
    tokenApprovals: Type.Array(
      Type.Object(
        {
          token: Type.String(),
          spender: Type.String(),
          amount: baseUnits('The allowance granted (added to the current one for increaseAllowance)'),
        },
        { additionalProperties: false },
      ),
      { description: 'The allowances the call data grants' },
    ),
  },
  { $id: 'ContractIntent', title: 'ContractIntent', additionalProperties: false },
);

const IntentUnion = Type.Union([
  SendIntentSchema,
  ApproveIntentSchema,
  SwapIntentSchema,
  ContractIntentSchema,
]);

const INTENTS = {
  send: 'SendIntent',
  approve: 'ApproveIntent',
  swap: 'SwapIntent',
  contract: 'ContractIntent',
};

/**
 * What a transaction moves, by `kind`: one of four named shapes (OpenAPI `oneOf` with a
 * discriminator, whose schemas build-server.ts registers beside Transaction).
 */
export const TransactionIntentSchema = Type.Unsafe<Static<typeof IntentUnion>>({
  oneOf: Object.values(INTENTS).map((name) => Type.Ref(name)),
  discriminator: {
    propertyName: 'kind',
    mapping: Object.fromEntries(
      Object.entries(INTENTS).map(([k, name]) => [k, `#/components/schemas/${name}`]),
    ),
  },
  description:
    'Extension. What the transaction moves, as asked for (amounts in base units of the asset named): ' +
    'a send\'s asset, token and amount, so a token payment never reads as `value: "0"` alone; an ' +
    "approval's token, spender and allowance; a swap's input and output tokens and amounts; a " +
    "contract call's native value and the token transfers and approvals its call data makes. Its " +
    "`kind` is the transaction's `kind`.",
});

/** The intent shapes, registered as shared schemas (Transaction refers to them). */
export const INTENT_SCHEMAS = [SendIntentSchema, ApproveIntentSchema, SwapIntentSchema, ContractIntentSchema];

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
    intent: Type.Union([TransactionIntentSchema, Type.Null()], {
      description:
        'Extension. What the transaction moves, by `kind`: SendIntent, ApproveIntent, SwapIntent or ContractIntent, amounts in base units. Null for a transaction whose write did not record it (made by an older version)',
    }),
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
    approval: Type.Optional(
      Type.Ref('ApprovalRef', {
        description:
          'Extension. Present on a write that waited for a person: its approval (required, approved, denied or expired)',
      }),
    ),
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
