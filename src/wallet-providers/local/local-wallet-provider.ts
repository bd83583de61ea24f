import { randomBytes } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { privateKeyToAddress } from 'viem/accounts';
import { walletsRepository } from '../../store/repositories/wallets-repository.ts';
import type { ProvisionedWallet, WalletProvider } from '../wallet-provider.ts';
import type { KeyEncryption } from './key-encryption.ts';

/**
 * Our own signer: keys are generated in process and stored only encrypted (AES-256-GCM) in the
 * database, written in the same transaction as the wallet row.
 */
export function localWalletProvider(deps: { encryption: KeyEncryption }): WalletProvider {
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
  };
}
