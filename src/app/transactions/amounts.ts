import { type Hex, isHex } from 'viem';
import { quoted, untrimmed } from '../../domain/input-values.ts';
import type { ChainType } from '../../domain/wallets.ts';
import { invalidInput } from '../../errors/app-error.ts';

export const UINT256_MAX = 2n ** 256n - 1n;
export const U64_MAX = 2n ** 64n - 1n;

/**
 * Parses an amount per the specification's value formats: EVM takes a non-negative decimal or
 * 0x-hex integer up to 2^256-1; Solana a decimal integer up to 2^64-1.
 */
export function parseAmount(field: string, raw: string, chainType: ChainType): bigint {
  const value = untrimmed(field, raw);
  let parsed: bigint;
  if (/^[0-9]+$/.test(value)) parsed = BigInt(value);
  else if (chainType === 'ethereum' && /^0x[0-9a-fA-F]+$/.test(value)) parsed = BigInt(value);
  else
    throw invalidInput(
      field,
      chainType === 'ethereum'
        ? `must be a non-negative integer in base units, decimal or 0x-hex, got ${quoted(raw)}`
        : `must be a non-negative decimal integer in base units, got ${quoted(raw)}`,
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

/** Call data: 0x followed by an even number of hex digits. */
export function parseCallData(field: string, raw: string): Hex {
  if (!isHex(raw, { strict: true, even: true }))
    throw invalidInput(field, 'must be 0x followed by an even number of hex digits');
  return raw;
}
