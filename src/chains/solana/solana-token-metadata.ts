// SPL Token / Token-2022 accounts and the two places a mint's symbol lives (the Token-2022
// TokenMetadata extension, a Metaplex metadata account). The base mint and token account layouts,
// which Token-2022 shares, are decoded by @solana-program/token; the extensions and Metaplex's
// layout by hand here: @solana-program/token-2022 cannot be installed beside our @solana/kit, and
// Metaplex publishes no client for this kit.
import {
  type Address,
  address,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
} from '@solana/kit';
import { AccountState, findAssociatedTokenPda, getMintDecoder, getTokenDecoder } from '@solana-program/token';
import {
  METAPLEX_TOKEN_METADATA_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from './program-ids.ts';

export const TOKEN_PROGRAM: Address = TOKEN_PROGRAM_ADDRESS;
export const TOKEN_2022_PROGRAM: Address = TOKEN_2022_PROGRAM_ADDRESS;

const MINT_SIZE = 82;
const TOKEN_ACCOUNT_SIZE = 165;
/** Token-2022 extensions follow the account type byte, placed after the size of a token account. */
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const EXTENSION_TOKEN_METADATA = 19;
const METAPLEX_KEY_METADATA_V1 = 4;
const MAX_SYMBOL_LENGTH = 64;

const addressDecoder = getAddressDecoder();
const mintDecoder = getMintDecoder();
const tokenDecoder = getTokenDecoder();
const addressEncoder = getAddressEncoder();
const utf8 = new TextDecoder('utf-8', { fatal: true });

export const isTokenProgram = (owner: string): boolean =>
  owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM;

/** The decimals of a mint account, or null when the data is not an initialized mint. */
export function mintDecimals(data: Uint8Array): number | null {
  if (data.length < MINT_SIZE) return null;
  // A Token-2022 mint with extensions is longer, and says it is a mint at the account type byte.
  if (data.length > MINT_SIZE && data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT) return null;
  const mint = mintDecoder.decode(data);
  return mint.isInitialized ? mint.decimals : null;
}

/** Mint, owner and amount of a token account, or null when the data is not one. */
export function decodeTokenAccount(
  data: Uint8Array,
): { mint: Address; owner: Address; amount: bigint } | null {
  if (data.length < TOKEN_ACCOUNT_SIZE) return null;
  const { mint, owner, amount, state } = tokenDecoder.decode(data);
  return state === AccountState.Uninitialized ? null : { mint, owner, amount };
}

/** A borsh string (u32 length, UTF-8 bytes) at `offset`, with the offset after it. */
function borshString(data: Uint8Array, offset: number): { text: string; next: number } | null {
  if (offset + 4 > data.length) return null;
  const length = new DataView(data.buffer, data.byteOffset + offset, 4).getUint32(0, true);
  const end = offset + 4 + length;
  if (end > data.length) return null;
  try {
    return { text: utf8.decode(data.subarray(offset + 4, end)), next: end };
  } catch {
    return null;
  }
}

const cleanSymbol = (text: string): string | null => {
  const symbol = text.replaceAll('\0', '').trim();
  return symbol === '' || symbol.length > MAX_SYMBOL_LENGTH ? null : symbol;
};

/**
 * The symbol in a Token-2022 mint's TokenMetadata extension (metadata stored in the mint itself),
 * or null. Layout: TLV entries (u16 type, u16 length) whose metadata value is update authority (32),
 * mint (32), then borsh name, symbol, uri.
 */
export function token2022Symbol(data: Uint8Array): string | null {
  if (data.length <= ACCOUNT_TYPE_OFFSET + 1 || data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = ACCOUNT_TYPE_OFFSET + 1;
  while (offset + 4 <= data.length) {
    const type = view.getUint16(offset, true);
    const length = view.getUint16(offset + 2, true);
    const start = offset + 4;
    if (type === 0 || start + length > data.length) return null;
    if (type === EXTENSION_TOKEN_METADATA) {
      const value = data.subarray(start, start + length);
      const name = borshString(value, 64);
      const symbol = name && borshString(value, name.next);
      return symbol ? cleanSymbol(symbol.text) : null;
    }
    offset = start + length;
  }
  return null;
}

/**
 * The symbol of a Metaplex metadata account of `mint`, or null. Layout: key (1), update authority
 * (32), mint (32), borsh name, borsh symbol (both padded with NULs).
 */
export function metaplexSymbol(data: Uint8Array, mint: string): string | null {
  if (data.length < 65 || data[0] !== METAPLEX_KEY_METADATA_V1) return null;
  if (addressDecoder.decode(data.subarray(33, 65)) !== mint) return null;
  const name = borshString(data, 65);
  const symbol = name && borshString(data, name.next);
  return symbol ? cleanSymbol(symbol.text) : null;
}

// Derivations cost two hashes and a curve check each: kept, since owners and mints repeat.
const derived = new Map<string, Address>();
const remember = async (key: string, derive: () => Promise<Address>): Promise<Address> => {
  const hit = derived.get(key);
  if (hit) return hit;
  const value = await derive();
  if (derived.size >= 100_000) derived.clear();
  derived.set(key, value);
  return value;
};

// The two derivations below take addresses as the strings they are kept under (a wallet's recorded
// address, a listed mint, a cached token program) and check them with `address()` only when they
// derive: a hit costs nothing, and a derivation costs far more than the check.

/** The associated token account of `owner` for `mint` under the mint's token program. */
export const associatedTokenAddress = (owner: string, mint: string, program: string): Promise<Address> =>
  remember(`ata|${owner}|${mint}|${program}`, async () => {
    const [ata] = await findAssociatedTokenPda({
      owner: address(owner),
      mint: address(mint),
      tokenProgram: address(program),
    });
    return ata;
  });

/** The Metaplex metadata account of `mint`: seeds ['metadata', program id, mint]. */
export const metaplexMetadataAddress = (mint: string): Promise<Address> =>
  remember(`metaplex|${mint}`, async () => {
    const [pda] = await getProgramDerivedAddress({
      programAddress: METAPLEX_TOKEN_METADATA_PROGRAM_ADDRESS,
      seeds: [
        'metadata',
        addressEncoder.encode(METAPLEX_TOKEN_METADATA_PROGRAM_ADDRESS),
        addressEncoder.encode(address(mint)),
      ],
    });
    return pda;
  });
