import type { Queryable } from '../store/database.ts';
import type { ChainType } from '../store/repositories/wallets-repository.ts';

/** A newly created wallet at a provider. */
export interface ProvisionedWallet {
  address: string;
  providerWalletId: string;
  providerType: string;
  clientType: string;
  /** Writes what the provider keeps in our database, in the same transaction as the wallet row. */
  persist(tx: Queryable): Promise<void>;
}

/**
 * The signer behind a user's wallets (DESIGN B1): our own encrypted local signer, or Privy server
 * wallets. Signing and sending are added by the write path.
 */
export interface WalletProvider {
  readonly name: 'local' | 'privy';
  createWallet(input: { walletId: string; userId: string; chainType: ChainType }): Promise<ProvisionedWallet>;
}
