// A transaction the service signed and tracks, and its signed attempts: what the write path, the
// tracker, the chain families and the store share (the store reads and writes them, nothing here
// depends on how).
import type { TransactionId, UserId, WalletId } from './ids.ts';
import type { ChainType } from './wallets.ts';

export type TransactionStatus = 'PENDING' | 'SUBMITTED' | 'CONFIRMED' | 'FAILED';
export type TransactionKind = 'send' | 'approve' | 'contract' | 'swap';

/** The idempotency record (user, key) whose request created a transaction, as that request claimed it. */
export interface IdempotencyLink {
  userId: UserId;
  key: string;
  claimToken: string;
}

/** One signed version of a transaction (the first signature, a fee replacement, a re-sign). */
export interface AttemptRecord {
  attempt: number;
  hash: string;
  signedTx: string;
  fees: Record<string, string>;
  lastValidBlockHeight: bigint | null;
  createdAt: Date;
}

export interface TransactionRecord {
  id: TransactionId;
  userId: UserId;
  walletId: WalletId;
  chain: string;
  chainType: ChainType;
  chainId: number;
  kind: TransactionKind;
  fromAddress: string;
  toAddress: string;
  value: string;
  status: TransactionStatus;
  /** The attempt that landed, or else the latest one. */
  hash: string | null;
  error: string | null;
  nonce: bigint | null;
  details: Record<string, unknown>;
  /** What re-signing needs (chain family specific). */
  payload: Record<string, unknown>;
  stuckReason: string | null;
  landedBlock: bigint | null;
  landedBlockHash: string | null;
  attempts: AttemptRecord[];
  createdAt: Date;
  updatedAt: Date;
  nextCheckAt: Date | null;
}

/** An allowance a write grants: a token approval, decoded or asked for. */
export interface ApprovalSpend {
  asset: string;
  spender: string;
  amount: bigint;
  /** The function that grants it, when not a plain `approve` (named in refusals). */
  via?: string;
  /** It raises an allowance by `amount` on top of one the key cannot see (increaseAllowance). */
  increase?: boolean;
}

/** What a write would move, as the policy sees it. */
export interface WriteSpend {
  chain: string;
  chainType: ChainType;
  /**
   * Units leaving the wallet, per asset (`native` or a token); counted per transaction and per day,
   * summed per asset when a write moves one asset more than once.
   */
  moves: { asset: string; amount: bigint }[];
  /** Allowances granted: held to the token's limits (unless the key allows unlimited approvals). */
  approvals?: readonly ApprovalSpend[];
  /** Where what the write moves goes: a send's recipient, the `to` of a decoded token transfer. */
  recipients?: readonly string[];
  /** The contract a contract call pays native value to: a recipient too, for the allowlist. */
  valueTo?: { address: string; amount: bigint };
  /** The contract a contract call targets. */
  contract?: string;
  /** A contract call's first four bytes of call data (`0x` and 8 hex digits; `0x`: no data). */
  selector?: string;
  /** A contract call whose call data does not say what it does (src/chains/evm/call-effects.ts). */
  unknownCall?: { reason: string; mayMoveTokens: boolean };
}

/**
 * Why a transaction got a new attempt: its fees were raised (the tracker, or a caller's speed-up),
 * its blockhash expired and it was signed again (Solana), or a caller cancelled it (EVM: a zero-value
 * transfer to itself at the same nonce).
 */
export type ReplacementReason = 'fee-bump' | 'resigned-after-expiry' | 'speed-up' | 'cancel';
