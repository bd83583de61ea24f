// What the write path and the tracker exchange with a chain family (chain-family.ts, DESIGN B1):
// broadcast outcomes, a transaction's standing, signed attempts. Every chain rule lives in a family;
// src/app/transactions only orchestrates.
import type { TransactionId } from '../domain/ids.ts';
import type { AttemptRecord } from '../domain/transactions.ts';
import type { WalletRecord } from '../domain/wallets.ts';
import type { WalletProvider } from '../wallet-providers/wallet-provider.ts';
import type { ReadEvidence } from './read-evidence.ts';

/**
 * What one broadcast came to, classified by each family's table (evm-outcomes.ts,
 * solana-outcomes.ts). Only `nonce-used`, `insufficient-funds` and `invalid` prove the node refused
 * the transaction as signed; `uncertain` means it may have reached the chain.
 */
export type BroadcastOutcome =
  /** `landed`: the node says it has processed it already (Solana "already processed"): it landed. */
  | { kind: 'accepted'; landed?: true }
  | {
      kind:
        | 'uncertain' // timeout, reset, HTTP 5xx, an RPC error that proves nothing: it may have landed
        | 'underpriced' // fees too low for now: it can land once re-priced or once fees fall
        | 'nonce-gap' // an earlier nonce of the wallet is missing: it can land after that one
        | 'nonce-used' // its nonce is taken on chain: as signed it can never land
        | 'insufficient-funds' // the wallet cannot pay for it now
        | 'invalid'; // refused as signed for a reason time does not change (preflight failure, …)
      reason: string;
      cause?: unknown;
    };

/** The signer of one transaction: the wallet provider, with request keys per attempt. */
export interface AttemptSigner {
  provider: WalletProvider;
  wallet: WalletRecord;
  transactionId: TransactionId;
}

/** The first signed version of a write, with what the transaction record keeps. */
export interface SignedWrite {
  attempt: AttemptRecord;
  /** EVM: the nonce it uses. */
  nonce: bigint | null;
  /** What re-signing needs later (fee replacement, re-sign after expiry), as its family writes it. */
  payload: Record<string, unknown>;
}

/**
 * Where a transaction stands on chain, and what the tracker should do about it; with what the reads
 * taught (read-evidence.ts), which the tracker keeps with the transaction.
 */
export type Inspection = InspectionKind & { evidence?: ReadEvidence };

type InspectionKind =
  /** One of its attempts is included. `final` once at the chain's confirmation depth. */
  | {
      kind: 'landed';
      hash: string;
      success: boolean;
      error: string | null;
      final: boolean;
      block: bigint;
      blockHash: string | null;
    }
  /** Its including block was reorganised away: track it again. */
  | { kind: 'reorged' }
  /** Provably unable to land (nonce taken by another transaction, blockhash expired with no re-sign left). */
  | { kind: 'gone'; error: string }
  /**
   * Not included yet (the family has sent the latest attempt again if the node did not know it):
   * wait, or sign a replacement. A replacement is `required` when no earlier attempt can land any
   * more (a Solana blockhash expired): one that cannot be signed then ends the transaction.
   */
  | { kind: 'pending'; next: 'wait'; stuckReason: string | null }
  | { kind: 'pending'; next: 'replace'; required: boolean; stuckReason: null }
  /**
   * The reads lag or disagree, or prove too little yet (read-evidence.ts): nothing is decided, it is
   * looked at again. `stuckReason` undefined keeps the one it has.
   */
  | {
      kind: 'unsure';
      stuckReason?: string | null;
      /** Look again this soon (a run of agreeing looks is under way), instead of the usual schedule. */
      recheckInMs?: number;
    };

/** A replacement attempt, signed and ready to record before it is broadcast; or why there is none. */
export type Replacement = { attempt: AttemptRecord } | { stuckReason: string };

/** A chain endpoint's health, as /readyz reports it. */
export interface ChainHealth {
  latestBlock: string;
  /** Seconds since the latest block was produced; null where the node does not say. */
  latestBlockAgeSeconds: number | null;
}

/** The request key of a signing attempt: stable for retries of that attempt, new for the next one. */
export const attemptRequestKey = (signer: AttemptSigner, attempt: number) =>
  `${signer.transactionId}:${attempt}`;
