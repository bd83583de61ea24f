// The read-evidence rule (issue 26; DESIGN A9 "a read is evidence only with its context"): a
// decision that could move money again needs agreeing reads pinned past the block or slot of the
// other facts, repeated over time; a signature once seen landed is never signed again nor given up.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type EvmAbsenceLook, judgeEvmAbsence } from '../../src/chains/evm/evm-evidence.ts';
import {
  ABSENCE_LOOKS,
  evidenceJson,
  evidenceOf,
  NO_EVIDENCE,
  type ReadEvidence,
  sighted,
} from '../../src/chains/read-evidence.ts';
import { judgeSolanaAbsence, type SolanaAbsenceLook } from '../../src/chains/solana/solana-evidence.ts';

const t0 = new Date('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const WINDOW = 30_000;

/** A look whose status read was made at the slot the height was read at, unless told. */
const solanaLook = (over: Partial<SolanaAbsenceLook> = {}): SolanaAbsenceLook => ({
  status: 'SUBMITTED',
  evidence: NO_EVIDENCE,
  slot: 1000n,
  height: 900n,
  statusSlot: over.slot ?? 1000n,
  lastValid: 850n,
  now: t0,
  windowMs: WINDOW,
  ...over,
});

/** Runs looks in order, carrying the evidence, and returns every verdict. */
function looks<L extends { evidence: ReadEvidence }, V extends { evidence: ReadEvidence }>(
  judge: (l: L) => V,
  list: Omit<L, 'evidence'>[],
  start: ReadEvidence = NO_EVIDENCE,
): V[] {
  let evidence = start;
  return list.map((l) => {
    const v = judge({ ...l, evidence } as L);
    evidence = v.evidence;
    return v;
  });
}

describe('Solana: when a transaction no read shows may be re-signed', () => {
  test('one null read past expiry proves nothing: three agreeing looks over the window do', () => {
    const verdicts = looks(judgeSolanaAbsence, [
      solanaLook({ now: at(0), slot: 1000n }),
      solanaLook({ now: at(15_000), slot: 1040n }),
      solanaLook({ now: at(29_000), slot: 1070n }),
      solanaLook({ now: at(31_000), slot: 1080n }),
    ]);
    assert.deepEqual(
      verdicts.map((v) => v.next),
      ['unsure', 'unsure', 'unsure', 'expired'],
    );
  });

  test('a status read made behind the slot the height was read at (another, lagging node) decides nothing', () => {
    const v = judgeSolanaAbsence(solanaLook({ statusSlot: 990n }));
    assert.equal(v.next, 'unsure');
    assert.equal(v.evidence.absent, null);
  });

  test('a look whose slot is behind an earlier look is a lagging node: it does not count', () => {
    const [, second] = looks(judgeSolanaAbsence, [
      solanaLook({ now: at(0), slot: 1000n }),
      solanaLook({ now: at(40_000), slot: 980n, statusSlot: 980n, height: 880n }),
    ]);
    assert.equal(second?.next, 'unsure');
    assert.equal(second?.evidence.absent?.looks, 1);
  });

  test('a signature once seen landed is never re-signed, however many reads say null', () => {
    const seen = sighted(NO_EVIDENCE, { hash: 'sig1', block: 950n, blockHash: null });
    const verdicts = looks(
      judgeSolanaAbsence,
      Array.from({ length: ABSENCE_LOOKS + 2 }, (_, i) =>
        solanaLook({ now: at(i * 60_000), slot: 1000n + BigInt(i) }),
      ),
      seen,
    );
    assert.ok(verdicts.every((v) => v.next === 'unsure'));
    assert.match(verdicts[0]?.stuckReason ?? '', /seen landed \(slot 950\).*not signed again/);
  });

  test('"already processed" (a sighting without a slot) stops re-signing too', () => {
    const seen = sighted(NO_EVIDENCE, { hash: 'sig1', block: null, blockHash: null });
    assert.equal(judgeSolanaAbsence(solanaLook({ evidence: seen, now: at(600_000) })).next, 'unsure');
  });

  test('CONFIRMED is never taken back by reads that no longer find it', () => {
    const verdicts = looks(
      judgeSolanaAbsence,
      Array.from({ length: 6 }, (_, i) =>
        solanaLook({ status: 'CONFIRMED', now: at(i * 60_000), slot: 1000n + BigInt(i) }),
      ),
    );
    assert.ok(verdicts.every((v) => v.next === 'unsure'));
  });

  test('within the blockhash validity it is sent again, and any run of absences starts over', () => {
    const [, , third] = looks(judgeSolanaAbsence, [
      solanaLook({ now: at(0) }),
      solanaLook({ now: at(10_000), slot: 1010n }),
      // A fresher read shows the height was not past it after all (a re-sign raised lastValid).
      solanaLook({ now: at(20_000), slot: 1020n, lastValid: 2000n }),
    ]);
    assert.equal(third?.next, 'send-again');
    assert.equal(third?.evidence.absent, null);
  });
});

const evmLook = (over: Partial<EvmAbsenceLook> = {}): EvmAbsenceLook => ({
  status: 'SUBMITTED',
  evidence: NO_EVIDENCE,
  head: 100n,
  landedBlock: null,
  landedBlockHash: null,
  blockHashAtLanded: null,
  nonceAtHead: 6n,
  nonce: 5n,
  standing: [],
  now: t0,
  windowMs: WINDOW,
  ...over,
});

describe('EVM: when a transaction no receipt shows may be FAILED or taken back', () => {
  test('a taken nonce without a receipt is FAILED only after agreeing looks over the window', () => {
    const verdicts = looks(judgeEvmAbsence, [
      evmLook({ now: at(0), head: 100n }),
      evmLook({ now: at(10_000), head: 101n }),
      evmLook({ now: at(20_000), head: 102n }),
      evmLook({ now: at(30_000), head: 103n }),
    ]);
    assert.deepEqual(
      verdicts.map((v) => v.next),
      ['unsure', 'unsure', 'unsure', 'gone'],
    );
  });

  test('an attempt once seen included is never FAILED while no finalized read disproves it', () => {
    const seen = { hash: '0xaa', block: 90n, blockHash: '0xb90' };
    const verdicts = looks(
      judgeEvmAbsence,
      Array.from({ length: 5 }, (_, i) =>
        evmLook({ now: at(i * 60_000), head: 100n + BigInt(i), standing: [seen] }),
      ),
      sighted(NO_EVIDENCE, seen),
    );
    assert.ok(verdicts.every((v) => v.next === 'unsure'));
    assert.match(verdicts[0]?.stuckReason ?? '', /seen included in block 90/);
  });

  test('a head behind an earlier look (a lagging node) decides nothing', () => {
    const [, second] = looks(judgeEvmAbsence, [
      evmLook({ now: at(0), head: 100n }),
      evmLook({ now: at(60_000), head: 95n }),
    ]);
    assert.equal(second?.next, 'unsure');
    assert.equal(second?.evidence.absent?.looks, 1);
  });

  test('a head that stays behind over the window is the chain gone back (a revert): judged as it is', () => {
    const verdicts = looks(judgeEvmAbsence, [
      evmLook({ now: at(0), head: 100n, nonceAtHead: 5n }),
      evmLook({ now: at(1000), head: 90n }),
      evmLook({ now: at(16_000), head: 90n }),
      evmLook({ now: at(31_000), head: 90n }),
    ]);
    assert.deepEqual(
      verdicts.map((v) => v.next),
      ['pending', 'unsure', 'unsure', 'unsure'],
    );
    const last = verdicts.at(-1)!;
    assert.equal(last.evidence.highest, 90n, 'the view that stayed is the chain now');
    assert.equal(last.evidence.absent?.looks, 1, 'and its first agreeing look starts a run');
  });

  test('a head behind an earlier look with the nonce free there: sent again (harmless), nothing proven', () => {
    const [, second] = looks(judgeEvmAbsence, [
      evmLook({ now: at(0), head: 100n, nonceAtHead: 5n }),
      evmLook({ now: at(1000), head: 95n, nonceAtHead: 5n }),
    ]);
    assert.equal(second?.next, 'pending');
    assert.equal(second?.evidence.free, 100n, 'the lagging view does not move what was seen');
    assert.equal(second?.evidence.highest, 100n);
  });

  test('CONFIRMED, read from a view behind an earlier look: stays, whatever that view holds', () => {
    const v = judgeEvmAbsence(
      evmLook({
        status: 'CONFIRMED',
        evidence: { ...NO_EVIDENCE, highest: 100n },
        head: 95n,
        landedBlock: 90n,
        landedBlockHash: '0xb90',
        blockHashAtLanded: '0xother',
        nonceAtHead: null,
      }),
    );
    assert.equal(v.next, 'unsure');
  });

  test('the blocks since the nonce was free hold another transaction at it: gone at once, with the proof', () => {
    const v = judgeEvmAbsence(
      evmLook({ takenBy: { hash: '0xother', block: 99n, blockHash: '0xb99', ours: false } }),
    );
    assert.equal(v.next, 'gone');
  });

  test('those blocks hold one of its attempts (its receipt lags): seen, never FAILED after', () => {
    const first = judgeEvmAbsence(
      evmLook({ takenBy: { hash: '0xaa', block: 99n, blockHash: '0xb99', ours: true } }),
    );
    assert.equal(first.next, 'unsure');
    assert.deepEqual(first.evidence.landed, [{ hash: '0xaa', block: 99n, blockHash: '0xb99' }]);
  });

  test('a free nonce is remembered with its block, so the block that takes it can be read', () => {
    assert.equal(judgeEvmAbsence(evmLook({ nonceAtHead: 5n, head: 120n })).evidence.free, 120n);
  });

  test('a free nonce at the head leaves the usual rules (pending) and ends a run of absences', () => {
    const [, second] = looks(judgeEvmAbsence, [
      evmLook({ now: at(0) }),
      evmLook({ now: at(1000), nonceAtHead: 5n }),
    ]);
    assert.equal(second?.next, 'pending');
    assert.equal(second?.evidence.absent, null);
  });

  const confirmed = (over: Partial<EvmAbsenceLook>) =>
    evmLook({ status: 'CONFIRMED', landedBlock: 90n, landedBlockHash: '0xb90', nonceAtHead: null, ...over });

  test('CONFIRMED without a receipt while its block is still there (a lagging receipt read): stays', () => {
    const verdicts = looks(
      judgeEvmAbsence,
      Array.from({ length: 5 }, (_, i) => confirmed({ now: at(i * 60_000), blockHashAtLanded: '0xb90' })),
    );
    assert.ok(verdicts.every((v) => v.next === 'unsure'));
  });

  test('CONFIRMED on a node that has no block at its height yet: stays', () => {
    const v = judgeEvmAbsence(confirmed({ head: 80n, blockHashAtLanded: null }));
    assert.equal(v.next, 'unsure');
  });

  test('CONFIRMED whose height now holds another block, in agreeing looks over the window: reorged', () => {
    const verdicts = looks(judgeEvmAbsence, [
      confirmed({ now: at(0), blockHashAtLanded: '0xother' }),
      confirmed({ now: at(15_000), blockHashAtLanded: '0xother' }),
      confirmed({ now: at(31_000), blockHashAtLanded: '0xother' }),
    ]);
    assert.deepEqual(
      verdicts.map((v) => v.next),
      ['unsure', 'unsure', 'reorged'],
    );
  });
});

describe('the evidence kept with a transaction', () => {
  test('survives its JSON form', () => {
    const e: ReadEvidence = {
      landed: [{ hash: '0xaa', block: 90n, blockHash: '0xb90' }],
      highest: 100n,
      absent: { since: t0, from: 95n, looks: 2 },
      free: 94n,
      behind: { since: t0, looks: 1 },
    };
    assert.deepEqual(evidenceOf({ evidence: JSON.parse(JSON.stringify(evidenceJson(e))) }), e);
  });

  test('a sighting is never forgotten by a later sighting of another attempt', () => {
    const e = sighted(sighted(NO_EVIDENCE, { hash: 'a', block: 1n, blockHash: null }), {
      hash: 'b',
      block: 2n,
      blockHash: null,
    });
    assert.deepEqual(
      e.landed.map((s) => s.hash),
      ['a', 'b'],
    );
  });
});

describe('how soon the next look comes', () => {
  test('during a run of absences: the window in ABSENCE_LOOKS looks, a second apart at least', async () => {
    const { recheckIn } = await import('../../src/chains/read-evidence.ts');
    const { stepAfterInspection } = await import('../../src/app/transactions/tracker-rules.ts');
    const running: ReadEvidence = { ...NO_EVIDENCE, absent: { since: t0, from: 1n, looks: 1 } };
    assert.equal(recheckIn(running, 30_000), 15_000);
    assert.equal(recheckIn(running, 0), 1000);
    assert.equal(recheckIn(NO_EVIDENCE, 30_000), undefined);
    // A confirmed transaction's watch looks every 10 s to 2 min; a run under way does not wait so long.
    const step = stepAfterInspection(
      {
        status: 'CONFIRMED',
        hash: '0xaa',
        landedBlock: 1n,
        landedBlockHash: '0xb',
        createdAt: t0,
        updatedAt: t0,
      },
      { kind: 'unsure', recheckInMs: 1000 },
      at(300_000),
    );
    assert.deepEqual(step, { kind: 'reschedule', at: at(301_000) });
  });
});
