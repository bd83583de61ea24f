import type { TransactionPartialSigner } from '@solana/kit';
import type { LocalAccount } from 'viem';
import type { Queryable } from '../store/database.ts';
import type { ChainType, WalletRecord } from '../store/repositories/wallets-repository.ts';

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
 * wallets. Signing is exposed as the chain libraries' own signer types (a viem account, a
 * @solana/kit signer), so the transaction code is the same whoever holds the key.
 */
export interface WalletProvider {
  readonly name: 'local' | 'privy';
  createWallet(input: { walletId: string; userId: string; chainType: ChainType }): Promise<ProvisionedWallet>;
  evmAccount(wallet: WalletRecord): Promise<LocalAccount>;
  solanaSigner(wallet: WalletRecord): Promise<TransactionPartialSigner>;
}
