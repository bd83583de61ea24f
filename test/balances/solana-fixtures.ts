// Mints on solana-localnet for the balance tests: many plain mints, and a Token-2022 mint carrying
// its symbol in the TokenMetadata extension. All use the devnet's published mint authority, so
// `fund()` can mint them to any wallet.
import { createHash } from 'node:crypto';
import {
  AccountRole,
  type Address,
  address,
  generateKeyPairSigner,
  getAddressEncoder,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import { getInitializeMint2Instruction } from '@solana-program/token';
import { sendInstructions, solanaRpc } from '@wallet-api/devnet/solana/client';
import { solanaDevKeys } from '@wallet-api/devnet/solana/dev-keys';

export const TOKEN_PROGRAM = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
export const TOKEN_2022_PROGRAM = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb');
const MINT_SIZE = 82;
/** Token-2022 mint with the MetadataPointer extension: 165 + account type + TLV (4 + 64). */
const MINT_WITH_POINTER_SIZE = 234;
const MINTS_PER_TRANSACTION = 4;

function mintInstructions(
  payer: KeyPairSigner,
  mint: KeyPairSigner,
  rent: bigint,
  program: Address,
  decimals: number,
) {
  return [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: rent,
      space: MINT_SIZE,
      programAddress: program,
    }),
    getInitializeMint2Instruction(
      { mint: mint.address, decimals, mintAuthority: payer.address },
      { programAddress: program },
    ),
  ];
}

/** `count` new mints (alternating Token and Token-2022 when asked), 6 decimals. */
export async function createMints(rpcUrl: string, count: number, options: { mixPrograms?: boolean } = {}) {
  const rpc = solanaRpc(rpcUrl);
  const { mintAuthority } = await solanaDevKeys();
  const rent = await rpc.getMinimumBalanceForRentExemption(BigInt(MINT_SIZE)).send();
  const mints = await Promise.all(Array.from({ length: count }, () => generateKeyPairSigner()));
  const programOf = (i: number) => (options.mixPrograms && i % 2 === 1 ? TOKEN_2022_PROGRAM : TOKEN_PROGRAM);
  const batches: Promise<unknown>[] = [];
  for (let i = 0; i < count; i += MINTS_PER_TRANSACTION) {
    const instructions = mints
      .slice(i, i + MINTS_PER_TRANSACTION)
      .flatMap((mint, j) => mintInstructions(mintAuthority, mint, rent, programOf(i + j), 6));
    batches.push(sendInstructions(rpc, mintAuthority, instructions));
  }
  await Promise.all(batches);
  return mints.map((m) => m.address);
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const borshString = (s: string) => Buffer.concat([u32(Buffer.byteLength(s)), Buffer.from(s, 'utf8')]);

/**
 * A Token-2022 mint whose metadata (name, symbol) lives in the mint itself: MetadataPointer to the
 * mint, InitializeMint2, then the token-metadata interface's Initialize. Encoded by hand because
 * @solana-program/token-2022 is not installed.
 */
export async function createToken2022MintWithMetadata(
  rpcUrl: string,
  meta: { name: string; symbol: string },
) {
  const rpc = solanaRpc(rpcUrl);
  const { mintAuthority } = await solanaDevKeys();
  const mint = await generateKeyPairSigner();
  const enc = getAddressEncoder();
  const uri = '';
  // Initialize writes the TokenMetadata TLV entry; the account must hold rent for its final size.
  const finalSize =
    MINT_WITH_POINTER_SIZE + 4 + 64 + borshString(meta.name).length + borshString(meta.symbol).length + 4 + 4;
  const rent = await rpc.getMinimumBalanceForRentExemption(BigInt(finalSize)).send();
  const pointer: Instruction = {
    programAddress: TOKEN_2022_PROGRAM,
    accounts: [{ address: mint.address, role: AccountRole.WRITABLE }],
    // MetadataPointerExtension (39), Initialize (0), authority, metadata address.
    data: Buffer.concat([
      Buffer.from([39, 0]),
      Buffer.from(enc.encode(mintAuthority.address)),
      Buffer.from(enc.encode(mint.address)),
    ]),
  };
  const discriminator = createHash('sha256')
    .update('spl_token_metadata_interface:initialize_account')
    .digest();
  const initializeMetadata: Instruction = {
    programAddress: TOKEN_2022_PROGRAM,
    accounts: [
      { address: mint.address, role: AccountRole.WRITABLE },
      { address: mintAuthority.address, role: AccountRole.READONLY },
      { address: mint.address, role: AccountRole.READONLY },
      { address: mintAuthority.address, role: AccountRole.READONLY_SIGNER },
    ],
    data: Buffer.concat([
      discriminator.subarray(0, 8),
      borshString(meta.name),
      borshString(meta.symbol),
      borshString(uri),
    ]),
  };
  await sendInstructions(rpc, mintAuthority, [
    getCreateAccountInstruction({
      payer: mintAuthority,
      newAccount: mint,
      lamports: rent,
      space: MINT_WITH_POINTER_SIZE,
      programAddress: TOKEN_2022_PROGRAM,
    }),
    pointer,
    getInitializeMint2Instruction(
      { mint: mint.address, decimals: 9, mintAuthority: mintAuthority.address },
      { programAddress: TOKEN_2022_PROGRAM },
    ),
    initializeMetadata,
  ]);
  return mint.address;
}
