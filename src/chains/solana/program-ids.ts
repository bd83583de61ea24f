import { type Address, address } from '@solana/kit';

/**
 * Every Solana program id the service names, defined once and typed as kit `Address`es: from the
 * @solana-program clients where they publish it, the others here (Token-2022's client,
 * @solana-program/token-2022, is not a dependency; Metaplex has no client for this kit).
 */
export { COMPUTE_BUDGET_PROGRAM_ADDRESS } from '@solana-program/compute-budget';
export {
  LEGACY_MEMO_PROGRAM_ADDRESS_V1 as LEGACY_MEMO_PROGRAM_ADDRESS,
  MEMO_PROGRAM_ADDRESS,
} from '@solana-program/memo';
export { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
export { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';

export const TOKEN_2022_PROGRAM_ADDRESS: Address<'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'> = address(
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
);

/** Metaplex Token Metadata: the metadata account of most mints (their symbol) is its PDA. */
export const METAPLEX_TOKEN_METADATA_PROGRAM_ADDRESS: Address<'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s'> =
  address('metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s');
