import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { WalletId } from '../../domain/ids.ts';
import { AppError } from '../../errors/app-error.ts';
import type { EncryptedKey } from '../../store/repositories/wallets-repository.ts';

/**
 * AES-256-GCM encryption of wallet private keys under the master key. The wallet id and address
 * are bound in as associated data, so a ciphertext copied onto another wallet's row fails to open.
 */
export function keyEncryption(masterKey: Buffer) {
  if (masterKey.length !== 32) throw new Error('master key must be 32 bytes');
  // A fingerprint that identifies the master key without revealing anything about it.
  const keyId = createHmac('sha256', masterKey).update('wallet-api:key-id').digest('hex').slice(0, 16);
  const aad = (walletId: WalletId, address: string) => Buffer.from(`${walletId}:${address}`, 'utf8');

  return {
    keyId,
    encrypt(secret: Uint8Array, walletId: WalletId, address: string): EncryptedKey {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
      cipher.setAAD(aad(walletId, address));
      const ciphertext = Buffer.concat([cipher.update(secret), cipher.final()]);
      return { ciphertext, iv, authTag: cipher.getAuthTag(), keyId };
    },
    decrypt(enc: EncryptedKey, walletId: WalletId, address: string): Buffer {
      if (enc.keyId !== keyId)
        throw new AppError('INTERNAL_ERROR', 'This wallet was encrypted under a different MASTER_KEY');
      const decipher = createDecipheriv('aes-256-gcm', masterKey, enc.iv);
      decipher.setAAD(aad(walletId, address));
      decipher.setAuthTag(enc.authTag);
      return Buffer.concat([decipher.update(enc.ciphertext), decipher.final()]);
    },
  };
}

export type KeyEncryption = ReturnType<typeof keyEncryption>;
