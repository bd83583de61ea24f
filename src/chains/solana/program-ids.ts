import { type Address, address } from '@solana/kit';

/**
 * Every Solana program id the service names, defined once: from the @solana-program clients where
 * they publish it, Token-2022 here (its client, @solana-program/token-2022, is not a dependency).
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
