// Reading JSON-RPC positional params the way Agave validates them.
import { getBase58Encoder, isAddress, isSignature } from '@solana/kit';
import { invalidParams, RPC_MIN_CONTEXT_SLOT_NOT_REACHED, RpcError } from './rpc-errors.ts';

export type Params = readonly unknown[];
export type Config = Record<string, unknown>;

export function readAddress(params: Params, index: number): string {
  const value = params[index];
  if (typeof value !== 'string')
    throw invalidParams(`Invalid params: expected a base-58 address at position ${index}`);
  if (!isAddress(value)) throw invalidParams('Invalid param: Invalid');
  return value;
}

export function readSignature(value: unknown): string {
  if (typeof value !== 'string' || !isSignature(value)) throw invalidParams('Invalid param: Invalid');
  return value;
}

export function readString(params: Params, index: number, what: string): string {
  const value = params[index];
  if (typeof value !== 'string') throw invalidParams(`Invalid params: expected ${what} at position ${index}`);
  return value;
}

/** u64 params arrive as JSON numbers, or as strings when they were too large for a double. */
export function readU64(params: Params, index: number, what: string): bigint {
  const value = params[index];
  if ((typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) || typeof value === 'string') {
    try {
      const n = BigInt(value);
      if (n >= 0n && n < 2n ** 64n) return n;
    } catch {
      // fall through to the error below
    }
  }
  throw invalidParams(`Invalid params: expected ${what} (u64) at position ${index}`);
}

export function readConfig(params: Params, index: number): Config {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams(`Invalid params: expected a configuration object at position ${index}`);
  }
  return value as Config;
}

export function checkCommitment(config: Config): void {
  const c = config.commitment;
  if (c === undefined || c === null) return;
  if (
    !['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max'].includes(
      String(c),
    )
  ) {
    throw invalidParams(
      `Invalid params: unknown variant \`${String(c)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\``,
    );
  }
}

export function checkMinContextSlot(config: Config, slot: bigint): void {
  const min = config.minContextSlot;
  if (min === undefined || min === null) return;
  if (BigInt(min as number) > slot) {
    throw new RpcError(RPC_MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', {
      contextSlot: slot,
    });
  }
}

export function decodeEncodedBytes(
  value: string,
  encoding: unknown,
  fallback: 'base58' | 'base64',
): Uint8Array {
  const enc = encoding ?? fallback;
  if (enc === 'base64') return new Uint8Array(Buffer.from(value, 'base64'));
  if (enc === 'base58') return base58ToBytes(value);
  throw invalidParams(
    `Invalid params: unsupported encoding: ${String(enc)}. Supported encodings: base58, base64`,
  );
}

const base58 = getBase58Encoder();

function base58ToBytes(text: string): Uint8Array {
  try {
    return new Uint8Array(base58.encode(text));
  } catch {
    throw invalidParams('Invalid params: invalid base58 encoding');
  }
}
