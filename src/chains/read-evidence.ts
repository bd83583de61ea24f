// What the tracker has learned about one transaction from its chain's reads, over time (issue 26;
// DESIGN A9: "a read is evidence only with its context").
//
// A single read proves little: behind a load balancer one call is answered by an up-to-date node and
// the next by one that lags, was restored from a snapshot, or lacks history, and such a node answers
// "no such transaction" for one that landed. So the tracker keeps, with each transaction:
// - every attempt it ever saw landed (or that a node answered "already processed" for): a signature
//   once seen landed is never signed again and never given up, whatever later reads say;
// - the highest block or slot any read about it was made at: a read from a view behind that is a
//   lagging node's, and decides nothing;
// - a run of agreeing "it is not there" reads, each pinned at or past the first one's block or slot:
//   a decision that could move money again (re-sign, FAILED as gone, back to SUBMITTED after a
//   reorg) needs `ABSENCE_LOOKS` of them spread over the chain's evidence window.
// Each chain family applies this in its rule module (evm/evm-evidence.ts,
// solana/solana-evidence.ts); the tracker stores it in the transaction's details.

/** Agreeing looks a decision needs. */
export const ABSENCE_LOOKS = 3;

/** An attempt seen landed: at `block` (EVM block number, Solana slot; null when only "already processed" said so). */
export interface Sighting {
  hash: string;
  block: bigint | null;
  blockHash: string | null;
}

export interface ReadEvidence {
  /** Attempts seen landed. Never forgotten, except one a finalized read proves gone (EVM). */
  landed: readonly Sighting[];
  /** The highest block or slot a read about this transaction was made at. */
  highest: bigint | null;
  /** Agreeing reads that it is absent: since when, the block or slot of the first, how many. */
  absent: { since: Date; from: bigint; looks: number } | null;
  /**
   * EVM: the highest block at which the wallet's nonce was still free for this transaction. When
   * the nonce is later found taken, the block that took it lies after this one and can be read.
   */
  free: bigint | null;
  /**
   * Looks whose view was behind `highest`, in a row: a lagging node catches up within the window; a
   * view that stays behind over it is the chain itself gone back (a node restored, a development
   * chain reverted), and `highest` then follows it.
   */
  behind: { since: Date; looks: number } | null;
}

export const NO_EVIDENCE: ReadEvidence = {
  landed: [],
  highest: null,
  absent: null,
  free: null,
  behind: null,
};

const big = (v: unknown): bigint | null => (typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : null);

/** The evidence kept in a transaction's details (absent or malformed: none yet). */
export function evidenceOf(details: Record<string, unknown>): ReadEvidence {
  const raw = details.evidence as Record<string, unknown> | undefined;
  if (!raw || typeof raw !== 'object') return NO_EVIDENCE;
  const landed = Array.isArray(raw.landed)
    ? raw.landed
        .filter((s): s is Record<string, unknown> => typeof s?.hash === 'string')
        .map((s) => ({
          hash: s.hash as string,
          block: big(s.block),
          blockHash: typeof s.blockHash === 'string' ? s.blockHash : null,
        }))
    : [];
  const a = raw.absent as Record<string, unknown> | null | undefined;
  const from = big(a?.from);
  const absent =
    a && typeof a.since === 'string' && from !== null && typeof a.looks === 'number'
      ? { since: new Date(a.since), from, looks: a.looks }
      : null;
  const b = raw.behind as Record<string, unknown> | null | undefined;
  const behind =
    b && typeof b.since === 'string' && typeof b.looks === 'number'
      ? { since: new Date(b.since), looks: b.looks }
      : null;
  return { landed, highest: big(raw.highest), absent, free: big(raw.free), behind };
}

/** The JSON form stored in the details (bigints as decimal strings). */
export function evidenceJson(e: ReadEvidence): Record<string, unknown> {
  return {
    landed: e.landed.map((s) => ({
      hash: s.hash,
      block: s.block?.toString() ?? null,
      blockHash: s.blockHash,
    })),
    highest: e.highest?.toString() ?? null,
    absent: e.absent
      ? { since: e.absent.since.toISOString(), from: e.absent.from.toString(), looks: e.absent.looks }
      : null,
    free: e.free?.toString() ?? null,
    behind: e.behind ? { since: e.behind.since.toISOString(), looks: e.behind.looks } : null,
  };
}

/** A read made at `at` is behind what an earlier read of this transaction saw: a lagging view. */
export const isBehind = (e: ReadEvidence, at: bigint) => e.highest !== null && at < e.highest;

/** Notes the block or slot a read was made at (a view not behind: any run of behind looks ends). */
export const readAt = (e: ReadEvidence, at: bigint): ReadEvidence =>
  e.highest !== null && e.highest >= at
    ? e.behind
      ? { ...e, behind: null }
      : e
    : { ...e, highest: at, behind: null };

/**
 * A look made at `at`, behind `highest`: counted in a run. Once the run spans ABSENCE_LOOKS looks
 * over the window, the view is the chain's own (it went back), not a lagging node's: `highest`
 * follows it and `lagging` is false, so the look is judged like any other.
 */
export function lookBehind(
  e: ReadEvidence,
  at: bigint,
  now: Date,
  windowMs: number,
): { lagging: boolean; evidence: ReadEvidence } {
  const behind = e.behind ? { ...e.behind, looks: e.behind.looks + 1 } : { since: now, looks: 1 };
  if (behind.looks >= ABSENCE_LOOKS && now.getTime() - behind.since.getTime() >= windowMs)
    return { lagging: false, evidence: { ...e, highest: at, behind: null, absent: null } };
  return { lagging: true, evidence: { ...e, behind } };
}

/** Notes an attempt seen landed (where, when the read says); any run of absences ends. */
export function sighted(e: ReadEvidence, s: Sighting): ReadEvidence {
  const known = e.landed.find((x) => x.hash === s.hash);
  const keep = known && (s.block === null || (known.block === s.block && known.blockHash === s.blockHash));
  const landed = keep ? e.landed : [...e.landed.filter((x) => x.hash !== s.hash), s];
  return { ...e, landed, absent: null };
}

/** A read that contradicts absence (it is there, or could still land): the run starts over. */
export const notAbsent = (e: ReadEvidence): ReadEvidence => (e.absent ? { ...e, absent: null } : e);

/** One more agreeing "not there" read, made at `at` (not behind the evidence: check isBehind first). */
export function absentAt(e: ReadEvidence, at: bigint, now: Date): ReadEvidence {
  if (!e.absent) return { ...e, absent: { since: now, from: at, looks: 1 } };
  return { ...e, absent: { ...e.absent, looks: e.absent.looks + 1 } };
}

/** Enough agreeing reads, over at least the chain's window, to act on the absence. */
export const absenceProven = (e: ReadEvidence, now: Date, windowMs: number) =>
  e.absent !== null &&
  e.absent.looks >= ABSENCE_LOOKS &&
  now.getTime() - e.absent.since.getTime() >= windowMs;

/**
 * While a run of agreeing "not there" looks is under way, the next look comes this soon: the run
 * spans the chain's window in ABSENCE_LOOKS looks (at least a second apart), whatever the usual
 * schedule (a confirmed transaction's reorg watch looks only every 10 s to 2 min). undefined: the
 * usual schedule.
 */
export const recheckIn = (e: ReadEvidence, windowMs: number): number | undefined =>
  e.absent || e.behind ? Math.max(1000, Math.ceil(windowMs / (ABSENCE_LOOKS - 1))) : undefined;

/**
 * The inspection of a transaction the reads cannot decide on yet (either family): its evidence,
 * why it may be stuck, and how soon to look again while a run of agreeing looks is under way.
 */
export function unsure(evidence: ReadEvidence, stuckReason: string | null | undefined, windowMs: number) {
  const soon = recheckIn(evidence, windowMs);
  return {
    kind: 'unsure' as const,
    evidence,
    ...(stuckReason !== undefined ? { stuckReason } : {}),
    ...(soon !== undefined ? { recheckInMs: soon } : {}),
  };
}

export const sameEvidence = (a: ReadEvidence, b: ReadEvidence) =>
  JSON.stringify(evidenceJson(a)) === JSON.stringify(evidenceJson(b));
