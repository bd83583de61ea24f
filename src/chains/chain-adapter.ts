import type { TransactionId } from '../domain/ids.ts';
// The ChainAdapter port (DESIGN B1): one adapter per chain family builds, prices, signs (through the
// wallet provider), broadcasts, classifies broadcast outcomes and reads a transaction's standing. The
// write path and the tracker (src/app/transactions) only orchestrate: every chain rule lives in an
// adapter.

import type { ChainType, WalletRecord } from '../domain/wallets.ts';
import type { AttemptRecord, TransactionRecord } from '../store/repositories/transactions-repository.ts';
import type { WalletProvider } from '../wallet-providers/wallet-provider.ts';
import type { Chain } from './chain-registry.ts';
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
  /** What re-signing needs later (fee replacement, re-sign after expiry). */
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
   * Not included yet (the adapter has sent the latest attempt again if the node did not know it):
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

export interface ChainAdapter<Intent> {
  readonly chainType: ChainType;
  /**
   * Checks the write against the chain (funds including the worst-case fee, contracts, simulation)
   * and signs its first attempt. Runs under the wallet's lock; `highestNonce` is our records' highest
   * nonce for the wallet on the chain. Throws client-facing AppErrors; nothing is signed then.
   * `beforeSigning` is called once the checks passed, right before anything is signed (a provider
   * may be asked): the request's Idempotency-Key is claimed meanwhile, and it throws when the write
   * must not go on.
   */
  signWrite(input: {
    chain: Chain;
    intent: Intent;
    signer: AttemptSigner;
    highestNonce: () => Promise<bigint | null>;
    beforeSigning: () => Promise<void>;
  }): Promise<SignedWrite>;
  broadcast(chain: Chain, attempt: AttemptRecord): Promise<BroadcastOutcome>;
  /**
   * Reads a transaction's standing (any status but FAILED), sending its latest attempt again when
   * the node has lost it. RPC failures throw.
   */
  inspect(chain: Chain, tx: TransactionRecord): Promise<Inspection>;
  /**
   * Signs the next attempt of a transaction that cannot land as its latest attempt is: higher fees
   * at the same nonce (EVM), a fresh blockhash after a proven expiry (Solana).
   */
  replace(chain: Chain, tx: TransactionRecord, signer: AttemptSigner): Promise<Replacement>;
  /** The latest block and its age (readiness reports). */
  health(chain: Chain): Promise<ChainHealth>;
}

/** A chain endpoint's health, as /readyz reports it. */
export interface ChainHealth {
  latestBlock: string;
  /** Seconds since the latest block was produced; null where the node does not say. */
  latestBlockAgeSeconds: number | null;
}

/** The request key of a signing attempt: stable for retries of that attempt, new for the next one. */
export const attemptRequestKey = (signer: AttemptSigner, attempt: number) =>
  `${signer.transactionId}:${attempt}`;
