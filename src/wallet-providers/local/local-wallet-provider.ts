import { randomBytes } from 'node:crypto';
import {
  createKeyPairFromPrivateKeyBytes,
  createKeyPairSignerFromPrivateKeyBytes,
  signBytes,
} from '@solana/kit';
import type { Hex } from 'viem';
import { privateKeyToAddress, signTransaction } from 'viem/accounts';
import type { WalletRecord } from '../../domain/wallets.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import { type EncryptedKey, walletsRepository } from '../../store/repositories/wallets-repository.ts';
import type { ProvisionedWallet, WalletProvider } from '../wallet-provider.ts';
import type { KeyEncryption } from './key-encryption.ts';

/**
 * Our own signer: keys are generated in process and stored only encrypted (AES-256-GCM) in the
 * database, written in the same transaction as the wallet row, and decrypted only to sign.
 * Signing is local and deterministic, so the request key of a signing request is not needed.
 */
export function localWalletProvider(deps: { encryption: KeyEncryption; db?: Database }): WalletProvider {
  // Sealed (still encrypted) keys, kept to spare a query per signature; a wallet's key never changes.
  const sealedKeys = new Map<string, EncryptedKey>();
  const secretOf = async (wallet: WalletRecord): Promise<Buffer> => {
    if (!deps.db) throw new Error('the local signer needs the database to sign');
    let sealed = sealedKeys.get(wallet.id);
    if (!sealed) {
      const found = await walletsRepository(deps.db).findLocalKey(wallet.id);
      if (!found)
        throw new AppError('WALLET_ID_REQUIRED', `Wallet ${wallet.address} has no key at the local signer`);
      if (sealedKeys.size >= 10_000) sealedKeys.clear();
      sealedKeys.set(wallet.id, found);
      sealed = found;
    }
    return deps.encryption.decrypt(sealed, wallet.id, wallet.address);
  };
  return {
    name: 'local',
    walletSource: 'database',
    async createWallet({ walletId, chainType }): Promise<ProvisionedWallet> {
      const secret = randomBytes(32);
      const address =
        chainType === 'ethereum'
          ? privateKeyToAddress(`0x${secret.toString('hex')}`)
          : // An Ed25519 seed: the 32 private-key bytes a Solana keypair derives from.
            (await createKeyPairSignerFromPrivateKeyBytes(secret)).address;
      const encrypted = deps.encryption.encrypt(secret, walletId, address);
      secret.fill(0);
      return {
        address,
        providerWalletId: walletId,
        providerType: 'server',
        clientType: 'local',
        persist: (tx) => walletsRepository(tx).insertLocalKey(walletId, encrypted),
      };
    },
    async signEvmTransaction(wallet, transaction) {
      const secret = await secretOf(wallet);
      const privateKey: Hex = `0x${secret.toString('hex')}`;
      secret.fill(0);
      return signTransaction({ transaction, privateKey });
    },
    async signSolanaTransaction(wallet, transaction) {
      const secret = await secretOf(wallet);
      try {
        const { privateKey } = await createKeyPairFromPrivateKeyBytes(new Uint8Array(secret));
        return await signBytes(privateKey, transaction.messageBytes);
      } finally {
        secret.fill(0);
      }
    },
  };
}
