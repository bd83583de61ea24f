import type { UserId, WalletId } from './ids.ts';
/**
 * The domain's own types of wallets and chains, at the bottom of the import graph: every layer
 * (HTTP, use cases, chain adapters, wallet providers, the store) reads them, none of them is read
 * from a layer above.
 */

/** The two chain families the service speaks to. */
export type ChainType = 'ethereum' | 'solana';

/** The signers a deployment can use (WALLET_PROVIDER); one at a time. */
export type WalletProviderName = 'local' | 'privy';

/** A wallet of a user, as the service records it. */
export interface WalletRecord {
  id: WalletId;
  userId: UserId;
  chainType: ChainType;
  /**
   * The provider that holds the wallet's key. A deployment lists and uses only its own provider's
   * wallets; the others stay recorded (with their transactions) for when it runs with that provider.
   */
  provider: WalletProviderName;
  address: string;
  providerType: string;
  clientType: string;
  providerWalletId: string | null;
  isDefault: boolean;
  automationEnabled: boolean;
  createdAt: Date;
}

/** A wallet as a provider that owns the list derives it (Privy: from the user's linked accounts). */
export interface LinkedWallet {
  address: string;
  chainType: ChainType;
  /** The provider's id of the wallet, needed to sign; null when it has none (not usable server-side). */
  providerWalletId: string | null;
  providerType: string;
  clientType: string;
  isDefault: boolean;
  automationEnabled: boolean;
  /** A wallet the provider holds a key for (Privy embedded); external wallets are never signable. */
  embedded: boolean;
}

/** EVM addresses compare case-insensitively; Solana's base58 is case-sensitive. */
export function addressKey(chainType: ChainType, address: string): string {
  return chainType === 'ethereum' ? address.toLowerCase() : address;
}
