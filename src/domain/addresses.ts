/**
 * Addresses from outside (a request, an upstream answer) are checked once, where they arrive, and
 * become the address types of the chain libraries: viem's `Address` for EVM, @solana/kit's branded
 * `Address` for Solana. Everything below takes those types, so nothing re-checks or casts them.
 *
 * The typed EVM value is the EIP-55 checksummed form: viem refuses an address whose hex digits are
 * all upper case, which the API takes. Where a response or a message shows an address as the caller
 * sent it (DESIGN A2), the use case shows the string it checked.
 */
import { isAddress as isSolanaAddress, type Address as SolanaAddress } from '@solana/kit';
import { type Address as EvmAddress, getAddress, isAddress as isViemAddress } from 'viem';
import { invalidInput } from '../errors/app-error.ts';
import { quoted, untrimmed } from './input-values.ts';
import type { ChainType } from './wallets.ts';

export type { EvmAddress, SolanaAddress };

const EVM_FORM = /^0x[a-fA-F0-9]{40}$/;

/** 40 hex digits in one case carry no checksum; mixed case must match its EIP-55 checksum. */
function hasValidChecksum(value: string): boolean {
  const digits = value.slice(2);
  return (
    digits === digits.toLowerCase() ||
    digits === digits.toUpperCase() ||
    isViemAddress(value, { strict: true })
  );
}

/** Whether a value is an EVM address by the rule of `parseEvmAddress` (in any of the cases it takes). */
export const isEvmAddress = (value: string): boolean => EVM_FORM.test(value) && hasValidChecksum(value);

/**
 * An EVM address: 0x and 40 hex digits, all lower-case, all upper-case, or mixed case with a valid
 * EIP-55 checksum (a mixed case that fails it is a typo, refused: the one rule for every EVM address
 * field). Refused with 400 INVALID_INPUT naming `field`; taken in its checksummed form.
 */
export function parseEvmAddress(field: string, raw: string): EvmAddress {
  const value = untrimmed(field, raw);
  if (!EVM_FORM.test(value))
    throw invalidInput(field, `must be an EVM address (0x followed by 40 hex digits), got ${quoted(raw)}`);
  if (!hasValidChecksum(value))
    throw invalidInput(
      field,
      `has an invalid EIP-55 checksum (mixed case that does not match), got ${quoted(raw)}`,
    );
  return getAddress(value);
}

/** A Solana address: a base58 public key of 32 bytes, taken as sent (base58 is case-sensitive). */
export function parseSolanaAddress(field: string, raw: string): SolanaAddress {
  const value = untrimmed(field, raw);
  if (!isSolanaAddress(value))
    throw invalidInput(field, `must be a Solana address (base58 public key), got ${quoted(raw)}`);
  return value;
}

/** An address of a chain type: `parseEvmAddress` or `parseSolanaAddress`. */
export function parseAddress(field: string, raw: string, chainType: 'ethereum'): EvmAddress;
export function parseAddress(field: string, raw: string, chainType: 'solana'): SolanaAddress;
export function parseAddress(field: string, raw: string, chainType: ChainType): EvmAddress | SolanaAddress;
export function parseAddress(field: string, raw: string, chainType: ChainType): EvmAddress | SolanaAddress {
  return chainType === 'ethereum' ? parseEvmAddress(field, raw) : parseSolanaAddress(field, raw);
}
