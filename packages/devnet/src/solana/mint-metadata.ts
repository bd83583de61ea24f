// Metaplex token metadata for the test mints, so clients read their symbols as they read those of
// real tokens (issue 32 item 3). LiteSVM holds no Metaplex program to create the accounts with a
// transaction, so the chain starts with them written directly, at the Metaplex PDA of each mint,
// owned by the Metaplex program, in its Metadata V1 layout. The mints' addresses are fixed (the
// published development keys), so the accounts are written before the mints exist; a reader checks
// the mint recorded inside.
import {
  type Address,
  address,
  getAddressEncoder,
  getProgramDerivedAddress,
  lamports as toLamports,
} from '@solana/kit';
import type { SolanaChain } from './chain.ts';
import { SPL_MINT_SYMBOL, solanaDevKeys, TOKEN_2022_MINT_SYMBOL } from './dev-keys.ts';

export const METAPLEX_PROGRAM: Address = address('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s');

const KEY_METADATA_V1 = 4;
/** Metaplex's MAX_METADATA_LEN: every metadata account has this size, zero-padded. */
const METADATA_SIZE = 679;
/** Metaplex pads these fields with NULs to their maximum lengths. */
const MAX_NAME = 32;
const MAX_SYMBOL = 10;
const MAX_URI = 200;
const TOKEN_STANDARD_FUNGIBLE = 2;
/** Rent exemption of a 679-byte account: (128 + 679) bytes × 3480 lamports × 2 years. */
const RENT_EXEMPT_LAMPORTS = BigInt((128 + METADATA_SIZE) * 3480 * 2);

const addressEncoder = getAddressEncoder();

export const TEST_MINT_NAMES = { spl: 'Devnet Test SPL', token2022: 'Devnet Test Token-2022' } as const;

/** The Metaplex metadata account of a mint: seeds ['metadata', program id, mint]. */
export async function metadataAddress(mint: Address): Promise<Address> {
  const [pda] = await getProgramDerivedAddress({
    programAddress: METAPLEX_PROGRAM,
    seeds: ['metadata', addressEncoder.encode(METAPLEX_PROGRAM), addressEncoder.encode(mint)],
  });
  return pda;
}

function borshString(text: string, padTo: number): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length > padTo) throw new Error(`metadata field too long: ${text}`);
  const out = new Uint8Array(4 + padTo);
  new DataView(out.buffer).setUint32(0, padTo, true);
  out.set(bytes, 4);
  return out;
}

/**
 * Metadata V1: key, update authority, mint, data (name, symbol, uri, seller fee, creators), primary
 * sale, mutable, edition nonce, token standard, collection, uses, collection details, programmable
 * config; zero-padded to the account size.
 */
export function encodeMetadata(input: {
  updateAuthority: Address;
  mint: Address;
  name: string;
  symbol: string;
}): Uint8Array {
  const parts: Uint8Array[] = [
    Uint8Array.of(KEY_METADATA_V1),
    new Uint8Array(addressEncoder.encode(input.updateAuthority)),
    new Uint8Array(addressEncoder.encode(input.mint)),
    borshString(input.name, MAX_NAME),
    borshString(input.symbol, MAX_SYMBOL),
    borshString('', MAX_URI),
    Uint8Array.of(0, 0), // seller fee basis points (u16)
    Uint8Array.of(0), // creators: None
    Uint8Array.of(0), // primary sale happened
    Uint8Array.of(1), // is mutable
    Uint8Array.of(0), // edition nonce: None
    Uint8Array.of(1, TOKEN_STANDARD_FUNGIBLE), // token standard: Some(Fungible)
    Uint8Array.of(0, 0, 0, 0), // collection, uses, collection details, programmable config: None
  ];
  const out = new Uint8Array(METADATA_SIZE);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Writes the test mints' metadata accounts into a new chain. */
export async function writeTestMintMetadata(chain: SolanaChain): Promise<void> {
  const keys = await solanaDevKeys();
  for (const [mint, name, symbol] of [
    [keys.splMint.address, TEST_MINT_NAMES.spl, SPL_MINT_SYMBOL],
    [keys.token2022Mint.address, TEST_MINT_NAMES.token2022, TOKEN_2022_MINT_SYMBOL],
  ] as const) {
    const data = encodeMetadata({ updateAuthority: keys.mintAuthority.address, mint, name, symbol });
    chain.svm.setAccount({
      address: await metadataAddress(mint),
      lamports: toLamports(RENT_EXEMPT_LAMPORTS),
      programAddress: METAPLEX_PROGRAM,
      executable: false,
      data,
      space: BigInt(data.length),
    });
  }
}
