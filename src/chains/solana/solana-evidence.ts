// When a Solana transaction that no read shows may be signed again or given up (issue 26): the
// read-evidence rule of read-evidence.ts for Solana, apart from the reads that feed it
// (solana-family.ts inspect).
//
// The reads of one look: `getEpochInfo` first (slot and block height, at 'confirmed'), then
// `getSignatureStatuses` for every attempt, whose answer carries the slot it was made at. "Not found"
// counts only from a status read made at or past the slot the height was read at (else the two came
// from different nodes, the status from one that lags), and never against a signature once seen.
//
// | what the look found (no status for any attempt)          | next                                |
// |-----------------------------------------------------------|-------------------------------------|
// | status read behind the height read, or behind evidence    | unsure: decide nothing              |
// | behind evidence in every look over the window             | the chain went back: judged as is   |
// | CONFIRMED (seen at its commitment)                        | unsure: a null never takes it back  |
// | an attempt seen landed before ("already processed" too)   | unsure: never signed again          |
// | block height within the latest blockhash's validity       | send-again (nodes drop transactions)|
// | past it: fewer than ABSENCE_LOOKS agreeing looks / window | unsure (one more look)              |
// | past it, proven over the window                           | expired: probe, then re-sign or FAIL|
import {
  absenceProven,
  absentAt,
  isBehind,
  lookBehind,
  notAbsent,
  type ReadEvidence,
  readAt,
} from '../read-evidence.ts';

export interface SolanaAbsenceLook {
  status: 'PENDING' | 'SUBMITTED' | 'CONFIRMED';
  evidence: ReadEvidence;
  /** getEpochInfo's absolute slot and block height. */
  slot: bigint;
  height: bigint;
  /** The context slot of the signature-status answer (read after the epoch info). */
  statusSlot: bigint;
  /** The last block height at which any attempt's blockhash is valid. */
  lastValid: bigint;
  now: Date;
  windowMs: number;
}

export type SolanaAbsenceVerdict = {
  next: 'unsure' | 'send-again' | 'expired';
  evidence: ReadEvidence;
  /** unsure: why it is not moving, when the caller should know; undefined keeps the one it has. */
  stuckReason?: string | null;
};

export function judgeSolanaAbsence(look: SolanaAbsenceLook): SolanaAbsenceVerdict {
  let evidence = look.evidence;
  if (isBehind(evidence, look.slot)) {
    const seen = lookBehind(evidence, look.slot, look.now, look.windowMs);
    if (seen.lagging) return { next: 'unsure', evidence: seen.evidence };
    evidence = seen.evidence;
  }
  if (look.statusSlot < look.slot) return { next: 'unsure', evidence: readAt(evidence, look.slot) };
  evidence = readAt(evidence, look.slot);
  if (look.status === 'CONFIRMED') return { next: 'unsure', evidence: notAbsent(evidence) };
  const seen = evidence.landed[0];
  if (seen)
    return {
      next: 'unsure',
      evidence: notAbsent(evidence),
      stuckReason: `Signature ${seen.hash} was seen landed${
        seen.block !== null ? ` (slot ${seen.block})` : ''
      }, but the node does not report it now; it is not signed again`,
    };
  if (look.height <= look.lastValid) return { next: 'send-again', evidence: notAbsent(evidence) };
  evidence = absentAt(evidence, look.slot, look.now);
  return { next: absenceProven(evidence, look.now, look.windowMs) ? 'expired' : 'unsure', evidence };
}
