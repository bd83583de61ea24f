import { Type } from 'typebox';
import { StringEnum } from './common.ts';

export const ChainTypeSchema = StringEnum(['ethereum', 'solana'] as const, { description: 'Chain type' });

export const WalletSchema = Type.Object(
  {
    address: Type.String({ description: 'Wallet address' }),
    chainType: ChainTypeSchema,
    isDefault: Type.Boolean({ description: 'The default wallet of its chain type' }),
    automationEnabled: Type.Boolean({ description: 'Delegated to the server signer: writes are allowed' }),
    providerType: Type.String({ description: 'Kind of wallet: server (local signer) or embedded (Privy)' }),
    clientType: Type.String({ description: 'Wallet provider: local or privy' }),
  },
  { $id: 'Wallet', title: 'Wallet' },
);

export const ListWalletsQuery = Type.Object(
  {
    chain: Type.Optional(ChainTypeSchema),
    defaultOnly: Type.Optional(Type.Boolean({ description: 'Only default wallets' })),
    automationOnly: Type.Optional(Type.Boolean({ description: 'Only wallets with automation enabled' })),
  },
  { additionalProperties: false },
);

export const ListWalletsResponse = Type.Object({ wallets: Type.Array(Type.Ref('Wallet')) });

export const ChainSchema = Type.Object(
  {
    slug: Type.String(),
    chainType: ChainTypeSchema,
    chainId: Type.Integer({
      description: 'EVM chain id; Solana sentinel 0 mainnet, -1 localnet, -2 testnet, -3 devnet',
    }),
    name: Type.String(),
    nativeSymbol: Type.String(),
    nativeDecimals: Type.Integer(),
    tradingAvailable: Type.Boolean(),
  },
  { $id: 'Chain', title: 'Chain' },
);

export const ListChainsResponse = Type.Object({ chains: Type.Array(Type.Ref('Chain')) });
