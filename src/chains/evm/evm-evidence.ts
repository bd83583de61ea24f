// When an EVM transaction that no read shows may be given up or taken back from CONFIRMED (issue
// 26): the read-evidence rule of read-evidence.ts for EVM, apart from the reads that feed it
// (evm-inspection.ts).
//
// Receipts cannot be asked for at a block, so every other read of a look is pinned to the head read
// first (the nonce at that block number, the block at the landed height by number), and a look whose
// head is behind an earlier look's is a lagging node's. Re-signing at the same nonce never pays twice
// on EVM; what could is calling a landed transaction FAILED ("nonce used by another transaction"):
// its amount goes back to the key's daily limit and the caller is invited to send again.
//
// | what the look found (no receipt for any attempt)                | next                           |
// |------------------------------------------------------------------|--------------------------------|
// | head behind an earlier look's, nonce free there                  | pending: send again, no proof  |
// | head behind an earlier look's, otherwise                         | unsure: decide nothing         |
// | head behind in every look over the window                        | the chain went back: judged    |
// | CONFIRMED; the block at its height is another block              | reorged, once proven (looks)   |
// | CONFIRMED; the block is still there or the node lacks it         | unsure (a lagging receipt read)|
// | nonce at head taken; an attempt was seen landed, not disproven   | unsure: never FAILED           |
// | nonce taken, and the blocks since it was free hold one of ours   | unsure: seen, its receipt lags |
// | nonce taken, and those blocks hold another transaction at it     | gone: proven by that block     |
// | nonce at head taken; never seen, nothing found in those blocks   | gone, once proven (looks)      |
// | nonce at head free                                               | pending: price, pool, replace  |
//
// "Those blocks": the blocks after the last one at which the nonce was seen free, up to the head,
// read by number (evm-inspection.ts) when there are few enough of them.
import {
  absenceProven,
  absentAt,
  isBehind,
  lookBehind,
  notAbsent,
  type ReadEvidence,
  readAt,
  type Sighting,
  sighted,
} from '../read-evidence.ts';

export interface EvmAbsenceLook {
  status: 'PENDING' | 'SUBMITTED' | 'CONFIRMED';
  evidence: ReadEvidence;
  head: bigint;
  /** CONFIRMED: where it was found, and the hash of the block now at that height (null: the node has none). */
  landedBlock: bigint | null;
  landedBlockHash: string | null;
  blockHashAtLanded: string | null;
  /** Not CONFIRMED: the wallet's nonce at the head block, and this transaction's. */
  nonceAtHead: bigint | null;
  nonce: bigint;
  /** Sightings that no finalized read has proven gone (read only when the nonce is taken). */
  standing: readonly Sighting[];
  /**
   * The wallet's transaction at this nonce, found in the blocks since the nonce was last seen free
   * (`ours`: one of this transaction's attempts); null: not found there; undefined: not looked for.
   */
  takenBy?: { hash: string; block: bigint; blockHash: string; ours: boolean } | null;
  now: Date;
  windowMs: number;
}

export type EvmAbsenceVerdict = {
  next: 'unsure' | 'reorged' | 'gone' | 'pending';
  evidence: ReadEvidence;
  stuckReason?: string | null;
};

export function judgeEvmAbsence(look: EvmAbsenceLook): EvmAbsenceVerdict {
  // A view behind an earlier look's decides nothing that could move money again; sending the same
  // signed transaction again, or a replacement at its nonce, moves nothing twice (one nonce lands
  // once), so a free nonce there still leads to the usual rules: a chain that went back (a node
  // restored, a development chain reverted) must not leave a dropped transaction unsent.
  let evidence = look.evidence;
  if (isBehind(evidence, look.head)) {
    const seen = lookBehind(evidence, look.head, look.now, look.windowMs);
    evidence = seen.evidence;
    if (seen.lagging) {
      const free = look.status !== 'CONFIRMED' && look.nonceAtHead !== null && look.nonceAtHead <= look.nonce;
      return { next: free ? 'pending' : 'unsure', evidence };
    }
  }
  evidence = readAt(evidence, look.head);
  if (look.status === 'CONFIRMED') {
    const replaced =
      look.landedBlock !== null &&
      look.head >= look.landedBlock &&
      look.blockHashAtLanded !== null &&
      look.blockHashAtLanded !== look.landedBlockHash;
    if (!replaced) return { next: 'unsure', evidence: notAbsent(evidence) };
    evidence = absentAt(evidence, look.head, look.now);
    if (!absenceProven(evidence, look.now, look.windowMs)) return { next: 'unsure', evidence };
    return { next: 'reorged', evidence: notAbsent(evidence) };
  }
  if (look.nonceAtHead === null || look.nonceAtHead <= look.nonce)
    return { next: 'pending', evidence: { ...notAbsent(evidence), free: look.head } };
  const by = look.takenBy;
  if (by?.ours)
    return {
      next: 'unsure',
      evidence: sighted(evidence, { hash: by.hash, block: by.block, blockHash: by.blockHash }),
    };
  const seen = look.standing[0];
  if (seen)
    return {
      next: 'unsure',
      evidence: notAbsent(evidence),
      stuckReason: `Attempt ${seen.hash} was seen included${
        seen.block !== null ? ` in block ${seen.block}` : ''
      }, but the node shows no receipt now; waiting for it to show again`,
    };
  if (by) return { next: 'gone', evidence: notAbsent(evidence) };
  evidence = absentAt(evidence, look.head, look.now);
  return { next: absenceProven(evidence, look.now, look.windowMs) ? 'gone' : 'unsure', evidence };
}
