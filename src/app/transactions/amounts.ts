import { isAddress as isSolanaAddress } from '@solana/kit';
import { getAddress } from 'viem';
import type { ChainType } from '../../domain/wallets.ts';
import { invalidInput } from '../../errors/app-error.ts';

/** A bad value as quoted back in an error message: at most 64 characters of it. */
export const quoted = (raw: string) => JSON.stringify(raw.length > 64 ? `${raw.slice(0, 64)}…` : raw);

/** Values are taken exactly as sent (DESIGN A2): surrounding spaces are refused, not trimmed. */
function untrimmed(field: string, raw: string): string {
  if (raw !== raw.trim())
    throw invalidInput(field, `must not have leading or trailing spaces, got ${quoted(raw)}`);
  return raw;
}

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

/** 0x and 40 hex digits in one case, or in mixed case matching its EIP-55 checksum. */
function hasValidChecksum(value: string): boolean {
  const digits = value.slice(2);
  return digits === digits.toLowerCase() || digits === digits.toUpperCase() || getAddress(value) === value;
}

/** Whether a value is an EVM address by the rule of `parseAddress`. */
export const isEvmAddress = (value: string): boolean =>
  /^0x[a-fA-F0-9]{40}$/.test(value) && hasValidChecksum(value);

/**
 * Checks an address for a chain type. EVM: 0x and 40 hex digits, all lower-case, all upper-case, or
 * mixed case with a valid EIP-55 checksum (a mixed case that fails it is a typo, refused: the one rule
 * for every EVM address field). Solana: a base58 public key.
 */
export function parseAddress(field: string, raw: string, chainType: ChainType): string {
  const value = untrimmed(field, raw);
  if (chainType === 'ethereum') {
    if (!/^0x[a-fA-F0-9]{40}$/.test(value))
      throw invalidInput(field, `must be an EVM address (0x followed by 40 hex digits), got ${quoted(raw)}`);
    const digits = value.slice(2);
    const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
    if (!oneCase && getAddress(value) !== value)
      throw invalidInput(
        field,
        `has an invalid EIP-55 checksum (mixed case that does not match), got ${quoted(raw)}`,
      );
    return value;
  }
  if (!isSolanaAddress(value))
    throw invalidInput(field, `must be a Solana address (base58 public key), got ${quoted(raw)}`);
  return value;
}

/** Call data: 0x followed by an even number of hex digits. */
export function parseCallData(field: string, raw: string): `0x${string}` {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(raw))
    throw invalidInput(field, 'must be 0x followed by an even number of hex digits');
  return raw as `0x${string}`;
}
