// Schemas of control and foresight (issue 29): speeding up and cancelling a transaction not yet final,
// and simulating a write before sending it. Extensions under /api/v1.
import { type Static, Type } from 'typebox';
import { StringEnum } from './common.ts';
import { TradeSwapBody } from './trading.ts';
import { ApproveBody, ContractBody, SendBody, TransactionSchema } from './transactions.ts';

const wei = (description: string) =>
  Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,78}$',
      description: `${description}, in wei (a decimal string)`,
    }),
  );

const evmFees = {
  maxFeePerGas: wei(
    'EVM: the fee cap to offer, when higher than 12.5 % over the latest attempt; above the chain’s MAX_FEE_PER_GAS_<SLUG> up to the operator’s SPEED_UP_MAX_FEE_PER_GAS_<SLUG> (default 10 times the cap). On a legacy (gasPrice) chain: the gas price',
  ),
  maxPriorityFeePerGas: wei('EVM: the tip to offer, when higher than 12.5 % over the latest attempt'),
};

export const SpeedUpBody = Type.Object(
  {
    ...evmFees,
    computeUnitPrice: Type.Optional(
      Type.String({
        pattern: '^[0-9]{1,19}$',
        description:
          'Solana only (400 on EVM): the compute-unit price, in micro-lamports per compute unit (a decimal string), the re-sign after the current blockhash is proven expired pays at least; up to the operator’s SPEED_UP_MAX_COMPUTE_UNIT_PRICE_<SLUG> (default 10 times SOLANA_PRIORITY_FEE_CAP_MICROLAMPORTS). It is recorded on the transaction, and the speed-up still answers 400, as a Solana transaction cannot be replaced while its blockhash is valid',
      }),
    ),
  },
  { additionalProperties: false },
);

/** A cancel takes the EVM fees of a speed-up (its self-transfer is priced the same way). */
export const CancelBody = Type.Object(evmFees, { additionalProperties: false });

export const ControlledTransactionSchema = Type.Object(
  {
    ...TransactionSchema.properties,
    notice: Type.String({
      description:
        'What the speed-up or cancel did and what may still happen: a cancel is a race the original may win; the final status tells',
    }),
  },
  { $id: 'ControlledTransaction', title: 'ControlledTransaction' },
);

const kind = <K extends string>(k: K) => StringEnum([k] as const, { description: 'The write previewed' });

const SimulateSend = Type.Object(
  { kind: kind('send'), ...SendBody.properties },
  { additionalProperties: false, title: 'SimulateSend' },
);
const SimulateApprove = Type.Object(
  { kind: kind('approve'), ...ApproveBody.properties },
  { additionalProperties: false, title: 'SimulateApprove' },
);
const SimulateContract = Type.Object(
  { kind: kind('contract'), ...ContractBody.properties },
  { additionalProperties: false, title: 'SimulateContract' },
);
// Slippage without its default: a default inside a union (anyOf) is ignored, and Ajv's strict mode
// refuses it (the swap's builder applies the same default).
const { slippage: _slippage, ...swapFields } = TradeSwapBody.properties;
const SimulateSwap = Type.Object(
  {
    kind: kind('swap'),
    ...swapFields,
    slippage: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 50,
        description: 'Slippage tolerance in percent; default 1',
      }),
    ),
  },
  { additionalProperties: false, title: 'SimulateSwap' },
);

export const SimulateBody = Type.Union([SimulateSend, SimulateApprove, SimulateContract, SimulateSwap], {
  description:
    '`kind` and the body of the write it previews: POST /send, /token/approve, /contracts/send or /trade/swap',
});
export type SimulateBodyType = Static<typeof SimulateBody>;

const signedUnits = (description: string) =>
  Type.String({
    pattern: '^-?[0-9]+$',
    description: `${description}: a signed decimal string of base units`,
  });
const units = (description: string) =>
  Type.String({ pattern: '^[0-9]+$', description: `${description}: a decimal string` });

const RevertSchema = Type.Object(
  {
    reason: Type.String({ description: 'Why it reverts, in words (decoded where possible)' }),
    data: Type.Union([Type.String(), Type.Null()], {
      description: 'The revert data (0x-hex); null when none',
    }),
    decoded: Type.Union(
      [
        Type.Object(
          {
            name: Type.String({
              description: 'Error, Panic, or a standard token error such as ERC20InsufficientBalance',
            }),
            signature: Type.String(),
            args: Type.Record(Type.String(), Type.String(), {
              description: 'Its arguments by name, as strings',
            }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      {
        description:
          'The error decoded: Error(string), Panic(uint256), or a standard token error; null otherwise',
      },
    ),
  },
  { additionalProperties: false },
);

export const SimulationSchema = Type.Object(
  {
    ok: Type.Boolean({ description: 'Whether the write would succeed if sent now' }),
    failure: Type.Union([Type.String(), Type.Null()], {
      description:
        'Why not, when it is not a revert (the wallet cannot pay the fee, a check of the write refuses it)',
    }),
    fee: Type.Union(
      [
        Type.Object(
          {
            asset: StringEnum(['native'] as const),
            amount: units('The expected fee in base units of the native asset'),
            maxAmount: units(
              'The most it may cost: the gas or compute-unit limit at the highest price offered',
            ),
            units: units('Gas (EVM) or compute units (Solana) the simulation used'),
            unitsLimit: units('The gas or compute-unit limit the write would be signed with'),
            prices: Type.Record(Type.String(), Type.String(), {
              description:
                'The prices used, in base units: maxFeePerGas, maxPriorityFeePerGas and baseFeePerGas, or gasPrice (EVM); computeUnitPriceMicroLamports and lamportsPerSignature (Solana)',
            }),
          },
          { additionalProperties: false },
        ),
        Type.Null(),
      ],
      { description: 'The fee estimate; null when a check refused the write before it could be simulated' },
    ),
    revert: Type.Union([RevertSchema, Type.Null()], { description: 'Why it would revert, or null' }),
    balanceChanges: Type.Array(
      Type.Object(
        {
          address: Type.String({ description: 'The owner (token changes by owner, not token account)' }),
          asset: Type.String({ description: '`native`, or the token address (EVM) or mint (Solana)' }),
          delta: signedUnits('The change'),
        },
        { additionalProperties: false },
      ),
      {
        description:
          'Every balance the write changes, the wallet’s first; fees are not included (see `fee`). Native value and ERC20 Transfer effects on EVM, lamports and token amounts on Solana',
      },
    ),
    policy: Type.Object(
      {
        allowed: Type.Boolean({
          description: 'Whether the calling API key’s rules would let it through now',
        }),
        refusal: Type.Union([Type.String(), Type.Null()], {
          description: 'The rule that refuses it, as the write’s 403 would say; null when allowed',
        }),
        limits: Type.Array(Type.Ref('KeyLimit'), {
          description: 'The key’s limits on this chain, with what is left of them today',
        }),
      },
      { additionalProperties: false },
    ),
    method: Type.String({
      description: 'How it was simulated: eth_simulateV1, debug_traceCall, simulateTransaction',
    }),
  },
  { $id: 'Simulation', title: 'Simulation' },
);
