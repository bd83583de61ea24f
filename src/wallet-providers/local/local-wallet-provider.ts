import { randomBytes } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { AppError } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import { type WalletRecord, walletsRepository } from '../../store/repositories/wallets-repository.ts';
import type { ProvisionedWallet, WalletProvider } from '../wallet-provider.ts';
import type { KeyEncryption } from './key-encryption.ts';

/**
 * Our own signer: keys are generated in process and stored only encrypted (AES-256-GCM) in the
 * database, written in the same transaction as the wallet row, and decrypted only to sign.
 */
export function localWalletProvider(deps: { encryption: KeyEncryption; db?: Database }): WalletProvider {
  const secretOf = async (wallet: WalletRecord): Promise<Buffer> => {
    if (!deps.db) throw new Error('the local signer needs the database to sign');
    const sealed = await walletsRepository(deps.db).findLocalKey(wallet.id);
    if (!sealed)
      throw new AppError('WALLET_ID_REQUIRED', `Wallet ${wallet.address} has no key at the local signer`);
    return deps.encryption.decrypt(sealed, wallet.id, wallet.address);
  };
  return {
    name: 'local',
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
    async evmAccount(wallet) {
      const secret = await secretOf(wallet);
      try {
        return privateKeyToAccount(`0x${secret.toString('hex')}`);
      } finally {
        secret.fill(0);
      }
    },
    async solanaSigner(wallet) {
      const secret = await secretOf(wallet);
      try {
        return await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(secret));
      } finally {
        secret.fill(0);
      }
    },
  };
}
