// Account objects in RPC responses, in the encodings a validator offers for accounts.
import { getBase58Decoder } from '@solana/kit';
import type { StoredAccount } from './ledger-types.ts';
import { invalidParams, RPC_INVALID_REQUEST, RpcError } from './rpc-errors.ts';
import { parseTokenData, tokenProgramName } from './token-layout.ts';

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed';
export interface DataSlice {
  offset: number;
  length: number;
}

/** Rent epoch of every rent-exempt account since rent collection was disabled (u64::MAX). */
const RENT_EXEMPT_EPOCH = 18446744073709551615n;
const MAX_BASE58_BYTES = 128;
const base58 = getBase58Decoder();

export function readEncoding(value: unknown, fallback: AccountEncoding): AccountEncoding {
  if (value === undefined || value === null) return fallback;
  if (value === 'base64+zstd') {
    // Node 20 has no zstd codec; say so instead of answering in a different encoding.
    throw invalidParams('Invalid params: encoding base64+zstd is not supported by this development node');
  }
  if (value === 'binary' || value === 'base58' || value === 'base64' || value === 'jsonParsed') return value;
  throw invalidParams(
    `Invalid params: unknown variant \`${String(value)}\`, expected one of \`binary\`, \`base58\`, \`base64\`, \`jsonParsed\`, \`base64+zstd\``,
  );
}

export function readDataSlice(value: unknown): DataSlice | null {
  if (value === undefined || value === null) return null;
  const v = value as { offset?: unknown; length?: unknown };
  if (typeof v !== 'object' || !Number.isInteger(v.offset) || !Number.isInteger(v.length)) {
    throw invalidParams('Invalid params: dataSlice must be { offset: number, length: number }');
  }
  return { offset: v.offset as number, length: v.length as number };
}

function sliced(data: Uint8Array, slice: DataSlice | null): Uint8Array {
  return slice ? data.subarray(slice.offset, slice.offset + slice.length) : data;
}

function binaryData(data: Uint8Array, encoding: 'binary' | 'base58' | 'base64'): unknown {
  if (encoding === 'base64') return [Buffer.from(data).toString('base64'), 'base64'];
  if (data.length > MAX_BASE58_BYTES) {
    throw new RpcError(
      RPC_INVALID_REQUEST,
      `Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`,
    );
  }
  const text = base58.decode(data);
  return encoding === 'binary' ? text : [text, 'base58'];
}

export function encodeAccount(
  acc: StoredAccount,
  encoding: AccountEncoding,
  slice: DataSlice | null,
  mintDecimals: (mint: string) => number | null,
) {
  let data: unknown;
  if (encoding === 'jsonParsed') {
    const parsed = parseTokenData(acc.owner, acc.data, mintDecimals);
    // Like Agave, fall back to base64 for accounts it cannot parse.
    data = parsed
      ? { program: tokenProgramName(acc.owner), parsed, space: acc.data.length }
      : binaryData(sliced(acc.data, slice), 'base64');
  } else {
    data = binaryData(sliced(acc.data, slice), encoding === 'base64+zstd' ? 'base64' : encoding);
  }
  return {
    data,
    executable: acc.executable,
    lamports: acc.lamports,
    owner: acc.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(acc.data.length),
  };
}
