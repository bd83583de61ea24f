import { Type } from 'typebox';

const chain = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'Chain slug with trading (see GET /chains, tradingAvailable): EVM mainnets and Solana mainnet',
});
const token = (side: string) =>
  Type.String({
    minLength: 1,
    maxLength: 128,
    description: `${side} token address (EVM) or mint (Solana), or NATIVE (any case) for ETH/SOL`,
  });
const tradeFields = {
  chain,
  fromToken: token('Input'),
  toToken: token('Output'),
  amount: Type.String({
    minLength: 1,
    maxLength: 100,
    description:
      'Input amount in base units; EVM decimal or 0x-hex up to 2^256-1, Solana decimal up to 2^64-1',
  }),
  includeGas: Type.Optional(
    Type.Boolean({ description: 'Ask 1inch for a gas estimate (ignored on Solana)' }),
  ),
  protocols: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'Comma-separated allowlist of liquidity sources: 1inch protocol ids or Jupiter DEX labels',
    }),
  ),
  excludeProtocols: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2000,
      description: 'Comma-separated blocklist of liquidity sources (on Solana not combined with protocols)',
    }),
  ),
};

export const TradeQuoteBody = Type.Object(
  {
    ...tradeFields,
    from: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'Wallet whose on-chain allowance is checked for an ERC20 input (any address)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const TradeSwapBody = Type.Object(
  {
    ...tradeFields,
    from: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'Sender wallet; default: your default wallet for the chain type',
      }),
    ),
    slippage: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 50,
        default: 1,
        description:
          'Slippage tolerance in percent (1 means 1%); Jupiter gets it as slippageBps = slippage x 100',
      }),
    ),
  },
  { additionalProperties: false },
);

export const TradeQuoteResponse = Type.Object(
  {
    quote: Type.Object(
      {
        srcAmount: Type.String({ description: 'Input amount in base units' }),
        dstAmount: Type.String({ description: 'Expected output amount in base units (before slippage)' }),
        fromToken: Type.String({ description: 'Resolved input token or mint (never NATIVE)' }),
        toToken: Type.String({ description: 'Resolved output token or mint (never NATIVE)' }),
        approvalNeeded: Type.Optional(
          Type.Boolean({
            description:
              'Whether the allowance of `from` to the spender is below the amount (ERC20 input with `from`); false for native input and on Solana',
          }),
        ),
        spender: Type.Optional(
          Type.String({ description: 'Spender to approve with POST /token/approve (EVM ERC20 input)' }),
        ),
        allowanceTarget: Type.Optional(
          Type.String({ description: 'Address the allowance must be granted to (the spender)' }),
        ),
        raw: Type.Object(
          {},
          { additionalProperties: true, description: 'The upstream aggregator’s quote, as received' },
        ),
      },
      { title: 'TradeQuote' },
    ),
  },
  { title: 'TradeQuoteResponse' },
);
