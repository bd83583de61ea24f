import { Type } from 'typebox';
import { BooleanQuery, StringEnum } from './common.ts';
import { ChainTypeSchema } from './wallets.ts';

export const WalletBalanceSchema = Type.Object(
  {
    chainType: ChainTypeSchema,
    chainId: Type.Integer({
      description: 'EVM chain id; Solana sentinel 0 mainnet, -1 localnet, -2 testnet, -3 devnet',
    }),
    address: Type.String({ description: 'The wallet the balance belongs to' }),
    asset: StringEnum(['native', 'erc20', 'spl'] as const, { description: 'What is counted' }),
    token: Type.Union([Type.String(), Type.Null()], {
      description: 'Token address (EVM, checksummed) or mint (Solana); null for native',
    }),
    raw: Type.String({
      pattern: '^[0-9]+$',
      description: 'Balance in base units (wei, lamports, token units)',
    }),
    decimals: Type.Union([Type.Integer({ minimum: 0, maximum: 255 }), Type.Null()], {
      description: 'Decimals of the asset; null when the token does not tell',
    }),
    symbol: Type.Union([Type.String(), Type.Null()], {
      description:
        'Symbol of the asset; null when the token does not tell (EVM: no string symbol(), for example a ' +
        'bytes32 one; Solana: no Token-2022 metadata extension and no Metaplex metadata)',
    }),
    updatedAt: Type.String({
      format: 'date-time',
      description: 'Time of the reading (of the cached reading when served from the cache)',
    }),
  },
  { $id: 'WalletBalance', title: 'WalletBalance' },
);

const common = {
  chain: Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'Chain slug, for example base, base-sepolia, solana, solana-devnet',
  }),
  tokens: Type.Optional(
    Type.String({
      maxLength: 8192,
      description:
        'Comma-separated token addresses (EVM) or mints (Solana), at most 50 after removing duplicates ' +
        '(EVM case-insensitively). A listed address that cannot be read as a token (no contract, not an ' +
        'ERC20, not a mint) is left out of the answer; a token without readable decimals or symbol is ' +
        'shown with null there. On Solana only associated token accounts are read for listed mints. ' +
        'Without tokens: EVM gives the native balance only, Solana the native balance and every ' +
        'Token and Token-2022 account the wallet owns (summed per mint).',
    }),
  ),
  includeZero: Type.Optional(BooleanQuery('Include zero balances, native included')),
  fresh: Type.Optional(
    BooleanQuery('Read from the chain now instead of the cache (native 15 s, tokens 45 s), refreshing it'),
  ),
};

export const BalancesQuery = Type.Object(
  {
    ...common,
    address: Type.Optional(
      Type.String({
        maxLength: 128,
        description:
          'One of your wallets, of the chain type; default: your default wallet for the chain type',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AddressBalancesQuery = Type.Object(common, { additionalProperties: false });

export const AddressParams = Type.Object({
  address: Type.String({ maxLength: 100, description: 'One of your wallets, of the chain type of `chain`' }),
});

export const BalancesResponse = Type.Object({
  balances: Type.Array(Type.Ref('WalletBalance'), {
    description: 'Native first, then tokens in the order asked (Solana without tokens: by mint)',
  }),
});
