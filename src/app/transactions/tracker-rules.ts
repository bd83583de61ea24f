// The tracker's decisions (DESIGN A9), apart from the I/O that carries them out (tracker.ts): what a
// transaction moves to after one look at its chain, and when it is looked at next.
import type { Inspection } from '../../chains/chain-adapter.ts';
import type { TransactionRecord, TransactionStatus } from '../../domain/transactions.ts';

/** A CONFIRMED transaction is watched this long for a reorg that takes its block away. */
export const REORG_WATCH_MS = 10 * 60_000;

type Timed = Pick<TransactionRecord, 'createdAt' | 'updatedAt'>;

/** Checks sooner while a transaction is young: most land within seconds. */
export function nextCheck(tx: Timed, now: Date): Date {
  const age = now.getTime() - tx.createdAt.getTime();
  const delay = age < 30_000 ? 1000 : age < 5 * 60_000 ? 5000 : 30_000;
  return new Date(now.getTime() + delay);
}

/**
 * While watched for reorgs: a few looks, sparser with time (most reorgs are a block or two deep),
 * each one cheap (the landed attempt only), so confirmed transactions cost the tracker little.
 */
export function nextWatch(tx: Timed, now: Date): Date {
  const age = now.getTime() - tx.updatedAt.getTime();
  return new Date(now.getTime() + (age < 30_000 ? 10_000 : age < 120_000 ? 30_000 : 120_000));
}

/** What a move records besides its status. Without `nextCheckAt`: the status's default (tracker.ts). */
export interface StepChange {
  hash?: string;
  landed?: { block: bigint; blockHash: string | null } | null;
  error?: string;
  stuckReason?: null;
  nextCheckAt?: Date | null;
  /** Merged into the transaction's details. */
  details?: Record<string, unknown>;
}

/** What the tracker does with a transaction after a look. */
export type TrackerStep =
  /** To `status`; `warn`: a reorg moved a confirmed transaction, which is logged. */
  | { kind: 'move'; status: TransactionStatus; change: StepChange; warn?: string }
  /** Same status, next look at `at` (null: no more looks); `stuckReason` undefined keeps the one it has. */
  | { kind: 'reschedule'; at: Date | null; stuckReason?: string | null }
  /** Not included yet: SUBMITTED first if it was still PENDING, then the next look at `at`. */
  | { kind: 'wait'; submit: boolean; at: Date; stuckReason: string | null }
  /** Sign the next attempt; `required` when no earlier attempt can land any more. */
  | { kind: 'replace'; required: boolean };

/**
 * Before asking the chain: a transaction of a development chain that has since restarted (its chain
 * is gone, and must not be confused with the new one, whose nonces start over), or a confirmed one
 * watched long enough. null: inspect it.
 */
export function stepBeforeInspection(
  tx: Pick<TransactionRecord, 'status' | 'updatedAt'>,
  fromEarlierChain: boolean,
  now: Date,
): TrackerStep | null {
  if (fromEarlierChain) {
    if (tx.status === 'CONFIRMED') return { kind: 'reschedule', at: null };
    return {
      kind: 'move',
      status: 'FAILED',
      change: {
        error:
          'The development network was restarted: the chain this transaction was sent on no longer exists',
        stuckReason: null,
      },
    };
  }
  if (tx.status === 'CONFIRMED' && now.getTime() - tx.updatedAt.getTime() > REORG_WATCH_MS)
    return { kind: 'reschedule', at: null };
  return null;
}

/**
 * What its chain family saw decides: CONFIRMED at the chain's depth (then watched a while for
 * reorgs), FAILED only on proof (reverted, or gone: nonce taken, blockhash expired with no re-sign
 * left), back to SUBMITTED when a reorg took its block, otherwise wait or replace.
 */
export function stepAfterInspection(
  tx: Pick<
    TransactionRecord,
    'status' | 'hash' | 'landedBlock' | 'landedBlockHash' | 'createdAt' | 'updatedAt'
  >,
  seen: Inspection,
  now: Date,
): TrackerStep {
  switch (seen.kind) {
    case 'landed': {
      const landed = { block: seen.block, blockHash: seen.blockHash };
      if (tx.status === 'CONFIRMED') {
        const same =
          seen.hash === tx.hash && seen.block === tx.landedBlock && seen.blockHash === tx.landedBlockHash;
        if (same && seen.final) return { kind: 'reschedule', at: nextWatch(tx, now) };
        return {
          kind: 'move',
          status: seen.final ? 'CONFIRMED' : 'SUBMITTED',
          change: {
            hash: seen.hash,
            landed,
            nextCheckAt: seen.final ? nextWatch(tx, now) : nextCheck(tx, now),
          },
          warn: 'confirmed transaction moved by a reorg',
        };
      }
      if (!seen.final)
        return { kind: 'move', status: 'SUBMITTED', change: { hash: seen.hash, landed, stuckReason: null } };
      if (seen.success)
        return {
          kind: 'move',
          status: 'CONFIRMED',
          change: { hash: seen.hash, landed, stuckReason: null, nextCheckAt: new Date(now.getTime() + 5000) },
        };
      return {
        kind: 'move',
        status: 'FAILED',
        change: { hash: seen.hash, landed, error: seen.error ?? 'Transaction failed', stuckReason: null },
      };
    }
    case 'reorged':
      return {
        kind: 'move',
        status: 'SUBMITTED',
        change: { landed: null },
        warn: 'confirmed transaction reorganised away; tracking it again',
      };
    case 'gone':
      return { kind: 'move', status: 'FAILED', change: { error: seen.error, stuckReason: null } };
    case 'unsure':
      // Nothing decided: looked at again as before (a confirmed one on its watch schedule).
      return {
        kind: 'reschedule',
        at:
          seen.recheckInMs !== undefined
            ? new Date(now.getTime() + seen.recheckInMs)
            : tx.status === 'CONFIRMED'
              ? nextWatch(tx, now)
              : nextCheck(tx, now),
        ...(seen.stuckReason !== undefined ? { stuckReason: seen.stuckReason } : {}),
      };
    case 'pending':
      if (seen.next === 'replace') return { kind: 'replace', required: seen.required };
      return {
        kind: 'wait',
        submit: tx.status === 'PENDING',
        at: nextCheck(tx, now),
        stuckReason: seen.stuckReason,
      };
  }
}

/** A caller's cancel, as the transaction keeps it (control.ts): from which attempt on it is the cancel. */
export function cancelOf(details: Record<string, unknown>): { fromAttempt: number | null } | null {
  const cancel = details.cancel as { fromAttempt?: unknown } | undefined;
  if (!cancel || typeof cancel !== 'object') return null;
  return { fromAttempt: typeof cancel.fromAttempt === 'number' ? cancel.fromAttempt : null };
}

/**
 * A cancelled transaction's step (issue 29): when the attempt that landed is the cancel (a zero-value
 * transfer to the wallet itself at the same nonce), the transaction is FAILED as cancelled, not
 * CONFIRMED (`cancelLanded` gives its amount back to the API key's daily limit); when it must be
 * signed again because no attempt can land any more (a Solana blockhash expired), it is not: it is
 * FAILED as cancelled. Any other step is left as it is (the original landing ends CONFIRMED; an EVM
 * fee bump re-signs the cancel, which the payload now holds).
 */
export function stepOfCancelled(
  tx: Pick<TransactionRecord, 'attempts' | 'nonce' | 'details'>,
  step: TrackerStep,
): TrackerStep {
  const cancel = cancelOf(tx.details);
  if (!cancel) return step;
  if (step.kind === 'replace' && step.required)
    return {
      kind: 'move',
      status: 'FAILED',
      change: {
        error:
          'Cancelled: it did not land before its blockhash expired, and it was not signed again as it had been cancelled',
        stuckReason: null,
        details: { cancelLanded: false },
      },
    };
  // Gone without landing (a Solana swap, never re-signed, whose blockhash expired): cancelled.
  if (step.kind === 'move' && step.status === 'FAILED' && !step.change.landed)
    return {
      ...step,
      change: { ...step.change, error: `Cancelled: ${step.change.error ?? 'it did not land'}` },
    };
  if (step.kind !== 'move' || step.status !== 'CONFIRMED' || cancel.fromAttempt === null) return step;
  const landed = tx.attempts.find((a) => a.hash === step.change.hash);
  if (!landed || landed.attempt < cancel.fromAttempt) return step;
  return {
    kind: 'move',
    status: 'FAILED',
    change: {
      ...step.change,
      error: `Cancelled: a zero-value transfer from the wallet to itself (${landed.hash}) took nonce ${tx.nonce} in its place: the original can never land`,
      stuckReason: null,
      nextCheckAt: null,
      details: { cancelLanded: true },
    },
  };
}
