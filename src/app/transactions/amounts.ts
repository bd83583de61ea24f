import { isAddress as isSolanaAddress } from '@solana/kit';
import { isAddress as isEvmAddress } from 'viem';
import { invalidInput } from '../../errors/app-error.ts';
import type { ChainType } from '../../store/repositories/wallets-repository.ts';

export const UINT256_MAX = 2n ** 256n - 1n;
export const U64_MAX = 2n ** 64n - 1n;

/**
 * Parses an amount per the specification's value formats: EVM takes a non-negative decimal or
 * 0x-hex integer up to 2^256-1; Solana a decimal integer up to 2^64-1.
 */
export function parseAmount(field: string, raw: string, chainType: ChainType): bigint {
  const value = raw.trim();
  let parsed: bigint;
  if (/^[0-9]+$/.test(value)) parsed = BigInt(value);
  else if (chainType === 'ethereum' && /^0x[0-9a-fA-F]+$/.test(value)) parsed = BigInt(value);
  else
    throw invalidInput(
      field,
      chainType === 'ethereum'
        ? `must be a non-negative integer in base units, decimal or 0x-hex, got "${raw}"`
        : `must be a non-negative decimal integer in base units, got "${raw}"`,
    );
  const max = chainType === 'ethereum' ? UINT256_MAX : U64_MAX;
  if (parsed > max)
    throw invalidInput(
      field,
      chainType === 'ethereum'
        ? 'must fit in uint256 (at most 2^256-1)'
        : 'must fit in an unsigned 64-bit integer',
    );
  return parsed;
}

/** Checks an address for a chain type: EIP-55 or lower/upper-case hex on EVM, base58 public key on Solana. */
export function parseAddress(field: string, raw: string, chainType: ChainType): string {
  const value = raw.trim();
  if (chainType === 'ethereum') {
    if (!/^0x[a-fA-F0-9]{40}$/.test(value) || !isEvmAddress(value, { strict: false }))
      throw invalidInput(field, `must be an EVM address (0x followed by 40 hex digits), got "${raw}"`);
    return value;
  }
  if (!isSolanaAddress(value))
    throw invalidInput(field, `must be a Solana address (base58 public key), got "${raw}"`);
  return value;
}

/** Call data: 0x followed by an even number of hex digits. */
export function parseCallData(field: string, raw: string): `0x${string}` {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(raw))
    throw invalidInput(field, 'must be 0x followed by an even number of hex digits');
  return raw as `0x${string}`;
}
