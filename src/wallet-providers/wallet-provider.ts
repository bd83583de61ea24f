import type { SignatureBytes, Transaction } from '@solana/kit';
import type { Hex, TransactionSerializable } from 'viem';
import type { UserId, WalletId } from '../domain/ids.ts';
import type { ChainType, LinkedWallet, WalletProviderName, WalletRecord } from '../domain/wallets.ts';
import type { Queryable } from '../store/database.ts';

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
 * One signing request. `requestKey` is stable for one signing attempt of one transaction (our
 * transaction id and attempt number): a provider that signs remotely sends it as its idempotency
 * key, so a retry of the same request never produces a second, different signature.
 */
export interface SignRequest {
  requestKey: string;
}

/**
 * The signer behind a user's wallets (DESIGN B1): our own encrypted local signer, or Privy server
 * wallets. Providers only sign: the service builds the transaction (nonce, fees, blockhash),
 * broadcasts it and tracks it, the same way whoever holds the key.
 */
export interface WalletProvider {
  readonly name: WalletProviderName;
  /**
   * Where a user's wallet list comes from: `database` (we create wallets; the local signer) or
   * `provider` (the provider owns the list; Privy's linked accounts, see `linkedWallets`).
   */
  readonly walletSource: 'database' | 'provider';
  /**
   * The wallets of the provider's user `providerUserId` (walletSource `provider` only). Throws
   * USER_NOT_LINKED when the provider does not know the user.
   */
  linkedWallets?(providerUserId: string): Promise<LinkedWallet[]>;
  /** The provider's user id for an email (walletSource `provider` only); null when it has none. */
  findUserByEmail?(email: string): Promise<string | null>;
  createWallet(input: {
    walletId: WalletId;
    userId: UserId;
    chainType: ChainType;
  }): Promise<ProvisionedWallet>;
  /** Signs an EVM transaction exactly as given (type, nonce, fees, gas); returns the serialized signed transaction. */
  signEvmTransaction(
    wallet: WalletRecord,
    transaction: TransactionSerializable,
    request: SignRequest,
  ): Promise<Hex>;
  /**
   * Signs a Solana transaction whose fee payer or signer is the wallet; returns the wallet's
   * signature of the message. Signatures of other parties already on the transaction are the
   * caller's to keep.
   */
  signSolanaTransaction(
    wallet: WalletRecord,
    transaction: Transaction,
    request: SignRequest,
  ): Promise<SignatureBytes>;
}
