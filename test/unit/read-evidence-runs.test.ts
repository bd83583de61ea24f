// Runs of looks behind an earlier view (src/chains/read-evidence.ts: lookBehind, readAt) and what
// the EVM and Solana judges do with a lagging look, at the edges the mutation run found untested
// (issue 33): a run ends only with ABSENCE_LOOKS looks over the whole window, a first read at block
// 0 is a view like any other, and a lagging look never sends again what is CONFIRMED or whose nonce
// no read showed. Beside read-evidence.test.ts and read-evidence-records.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type EvmAbsenceLook, judgeEvmAbsence } from '../../src/chains/evm/evm-evidence.ts';
import {
  ABSENCE_LOOKS,
  evidenceOf,
  lookBehind,
  NO_EVIDENCE,
  type ReadEvidence,
  readAt,
} from '../../src/chains/read-evidence.ts';
import { judgeSolanaAbsence } from '../../src/chains/solana/solana-evidence.ts';

const t0 = new Date('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const WINDOW = 30_000;
const SEEN_200: ReadEvidence = { ...NO_EVIDENCE, highest: 200n };

/** Looks behind at block 100, at the given times, carrying the evidence; the last result. */
function run(times: number[], start: ReadEvidence = SEEN_200) {
  let evidence = start;
  let last: ReturnType<typeof lookBehind> | undefined;
  for (const ms of times) {
    last = lookBehind(evidence, 100n, at(ms), WINDOW);
    evidence = last.evidence;
  }
  return last!;
}

describe('a run of looks behind an earlier view', () => {
  test('the first look starts the run: lagging, counted from now', () => {
    assert.deepEqual(run([0]), { lagging: true, evidence: { ...SEEN_200, behind: { since: t0, looks: 1 } } });
  });

  test(`${ABSENCE_LOOKS} looks within the window are still a lagging node`, () => {
    const times = Array.from({ length: ABSENCE_LOOKS }, (_, i) => i * 1000);
    const last = run(times);
    assert.equal(last.lagging, true);
    assert.equal(last.evidence.behind?.looks, ABSENCE_LOOKS);
    assert.equal(last.evidence.highest, 200n);
  });

  test(`fewer than ${ABSENCE_LOOKS} looks, however long apart, are still a lagging node`, () => {
    const times = Array.from({ length: ABSENCE_LOOKS - 1 }, (_, i) => i * 10 * WINDOW);
    assert.equal(run(times).lagging, true);
  });

  test(`${ABSENCE_LOOKS} looks over the window: the chain went back; its view is followed, the runs forgotten`, () => {
    const start: ReadEvidence = { ...SEEN_200, absent: { since: t0, from: 150n, looks: 2 }, free: 90n };
    const times = Array.from({ length: ABSENCE_LOOKS }, (_, i) =>
      i === ABSENCE_LOOKS - 1 ? WINDOW : i * 1000,
    );
    assert.deepEqual(run(times, start), {
      lagging: false,
      evidence: { ...start, highest: 100n, behind: null, absent: null },
    });
  });
});

describe('a read noted at its block', () => {
  test('a first read at block 0 is a view like any other', () => {
    assert.equal(readAt(NO_EVIDENCE, 0n).highest, 0n);
  });

  test('a read at or below the highest view ends a run of behind looks, keeping the highest', () => {
    const behind: ReadEvidence = { ...SEEN_200, behind: { since: t0, looks: 2 } };
    assert.deepEqual(readAt(behind, 200n), SEEN_200);
    assert.deepEqual(readAt(behind, 150n), SEEN_200);
  });

  test('a stored run with a since that is not a date string, or looks that are not a number, is no run', () => {
    assert.equal(evidenceOf({ evidence: { behind: { since: 1_700_000_000_000, looks: 1 } } }).behind, null);
    assert.equal(evidenceOf({ evidence: { behind: { since: t0.toISOString(), looks: '1' } } }).behind, null);
  });
});

const evmLook = (over: Partial<EvmAbsenceLook> = {}): EvmAbsenceLook => ({
  status: 'SUBMITTED',
  evidence: SEEN_200,
  head: 100n,
  landedBlock: null,
  landedBlockHash: null,
  blockHashAtLanded: null,
  nonceAtHead: 5n,
  nonce: 5n,
  standing: [],
  now: t0,
  windowMs: WINDOW,
  ...over,
});

describe('EVM: a lagging look sends nothing again unless its nonce shows free there', () => {
  test('free at the lagging view: sent again (harmless)', () => {
    assert.equal(judgeEvmAbsence(evmLook()).next, 'pending');
  });

  test('CONFIRMED, even with the nonce free at the lagging view: unsure', () => {
    assert.equal(judgeEvmAbsence(evmLook({ status: 'CONFIRMED', landedBlock: 150n })).next, 'unsure');
  });

  test('no nonce read at the lagging view: unsure', () => {
    assert.equal(judgeEvmAbsence(evmLook({ nonceAtHead: null })).next, 'unsure');
  });
});

describe('Solana: once a run behind ends, the look is judged as it is', () => {
  test(`after ${ABSENCE_LOOKS} looks behind over the window, a blockhash still valid there is sent again`, () => {
    let evidence: ReadEvidence = { ...NO_EVIDENCE, highest: 2000n };
    const verdicts = Array.from({ length: ABSENCE_LOOKS }, (_, i) => {
      const v = judgeSolanaAbsence({
        status: 'SUBMITTED',
        evidence,
        slot: 1000n,
        height: 900n,
        statusSlot: 1000n,
        lastValid: 2000n,
        now: at(i === ABSENCE_LOOKS - 1 ? WINDOW : i * 1000),
        windowMs: WINDOW,
      });
      evidence = v.evidence;
      return v.next;
    });
    assert.deepEqual(verdicts, [...Array<string>(ABSENCE_LOOKS - 1).fill('unsure'), 'send-again']);
    assert.equal(evidence.highest, 1000n);
  });
});
