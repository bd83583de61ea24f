// Published development keypairs of solana-localnet. They are public on purpose: every process (the
// server, the CLI, tests) can sign MintTo with the mint authority, and the mint addresses are the same
// on every start. Never use them anywhere but the local development network.
import { createHash } from 'node:crypto';
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit';

function seed(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`wallet-automation-api devnet: ${label}`).digest());
}

export interface SolanaDevKeys {
  mintAuthority: KeyPairSigner;
  splMint: KeyPairSigner;
  token2022Mint: KeyPairSigner;
}

let keys: Promise<SolanaDevKeys> | null = null;

export function solanaDevKeys(): Promise<SolanaDevKeys> {
  keys ??= (async () => ({
    mintAuthority: await createKeyPairSignerFromPrivateKeyBytes(seed('solana mint authority')),
    splMint: await createKeyPairSignerFromPrivateKeyBytes(seed('solana spl mint')),
    token2022Mint: await createKeyPairSignerFromPrivateKeyBytes(seed('solana token-2022 mint')),
  }))();
  return keys;
}

export const SPL_MINT_SYMBOL = 'TSPL';
export const TOKEN_2022_MINT_SYMBOL = 'T22';
export const DEVNET_MINT_DECIMALS = 6;
