import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit';
import { privateKeyToAddress } from 'viem/accounts';
import { asUserId, asWalletId } from '../../src/domain/ids.ts';
import { keyEncryption } from '../../src/wallet-providers/local/key-encryption.ts';
import { localWalletProvider } from '../../src/wallet-providers/local/local-wallet-provider.ts';

describe('local signer key storage', () => {
  const master = Buffer.alloc(32, 3);

  test('an EVM wallet’s stored key decrypts to the key of its address', async () => {
    const stored: unknown[] = [];
    const provider = localWalletProvider({ encryption: keyEncryption(master) });
    const w = await provider.createWallet({
      walletId: asWalletId('wal_1'),
      userId: asUserId('usr_1'),
      chainType: 'ethereum',
    });
    await w.persist({
      query: async (_sql: string, params?: readonly unknown[]) => {
        stored.push(params);
        return [];
      },
      exec: async () => {},
    });
    const [, ciphertext, iv, authTag, keyId] = stored[0] as [string, Buffer, Buffer, Buffer, string];
    const secret = keyEncryption(master).decrypt(
      { ciphertext, iv, authTag, keyId },
      asWalletId('wal_1'),
      w.address,
    );
    assert.equal(privateKeyToAddress(`0x${secret.toString('hex')}`), w.address);
  });

  test('a Solana wallet’s stored seed decrypts to the keypair of its address', async () => {
    const enc = keyEncryption(master);
    const provider = localWalletProvider({ encryption: enc });
    let params: readonly unknown[] = [];
    const w = await provider.createWallet({
      walletId: asWalletId('wal_2'),
      userId: asUserId('usr_1'),
      chainType: 'solana',
    });
    await w.persist({
      query: async (_sql: string, p?: readonly unknown[]) => {
        params = p ?? [];
        return [];
      },
      exec: async () => {},
    });
    const [, ciphertext, iv, authTag, keyId] = params as [string, Buffer, Buffer, Buffer, string];
    const seed = enc.decrypt({ ciphertext, iv, authTag, keyId }, asWalletId('wal_2'), w.address);
    assert.equal((await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed))).address, w.address);
  });

  test('a ciphertext moved to another wallet, or opened under another master key, fails', () => {
    const enc = keyEncryption(master);
    const sealed = enc.encrypt(Buffer.alloc(32, 1), asWalletId('wal_a'), '0xabc');
    assert.throws(() => enc.decrypt(sealed, asWalletId('wal_b'), '0xabc'));
    assert.throws(
      () => keyEncryption(Buffer.alloc(32, 4)).decrypt(sealed, asWalletId('wal_a'), '0xabc'),
      /different MASTER_KEY/,
    );
    assert.equal(enc.decrypt(sealed, asWalletId('wal_a'), '0xabc').toString('hex'), '01'.repeat(32));
  });
});
