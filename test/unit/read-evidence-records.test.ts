// The evidence a transaction keeps between the tracker's looks (src/chains/read-evidence.ts), kept in
// its details as JSON: what is read back from details a person or an older version wrote, how the
// highest block and the run of absences move, and the edges of the EVM and Solana verdicts that
// a change of one comparison would move (found by `npm run test:mutation`).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type EvmAbsenceLook, judgeEvmAbsence } from '../../src/chains/evm/evm-evidence.ts';
import {
  ABSENCE_LOOKS,
  absenceProven,
  absentAt,
  evidenceJson,
  evidenceOf,
  isBehind,
  NO_EVIDENCE,
  notAbsent,
  type ReadEvidence,
  readAt,
  sameEvidence,
  sighted,
} from '../../src/chains/read-evidence.ts';
import { judgeSolanaAbsence, type SolanaAbsenceLook } from '../../src/chains/solana/solana-evidence.ts';

const t0 = new Date('2026-11-26T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

describe('evidence read back from a transaction', () => {
  test('no evidence, or evidence that is not an object, is none', () => {
    assert.deepEqual(evidenceOf({}), NO_EVIDENCE);
    assert.deepEqual(evidenceOf({ evidence: null }), NO_EVIDENCE);
    assert.deepEqual(evidenceOf({ evidence: 'landed' }), NO_EVIDENCE);
    assert.deepEqual(evidenceOf({ evidence: { landed: 'x' } }), NO_EVIDENCE);
  });

  test('sightings without a hash, or null ones, are dropped; malformed blocks and hashes read as unknown', () => {
    const e = evidenceOf({
      evidence: {
        landed: [
          null,
          { block: '5' },
          { hash: 'a', block: '12x', blockHash: 7 },
          { hash: 'b', block: 'x12' },
        ],
      },
    });
    assert.deepEqual(e.landed, [
      { hash: 'a', block: null, blockHash: null },
      { hash: 'b', block: null, blockHash: null },
    ]);
  });

  test('numbers are read only from decimal strings', () => {
    assert.equal(evidenceOf({ evidence: { highest: '100' } }).highest, 100n);
    assert.equal(evidenceOf({ evidence: { highest: 100 } }).highest, null);
    assert.equal(evidenceOf({ evidence: { highest: '-1' } }).highest, null);
    assert.equal(evidenceOf({ evidence: { free: '7' } }).free, 7n);
    assert.equal(evidenceOf({ evidence: { free: '' } }).free, null);
  });

  test('a run of absences missing any of its parts is no run', () => {
    const whole = { since: t0.toISOString(), from: '9', looks: 2 };
    assert.deepEqual(evidenceOf({ evidence: { absent: whole } }).absent, { since: t0, from: 9n, looks: 2 });
    for (const broken of [{ ...whole, since: 5 }, { ...whole, from: 9 }, { ...whole, looks: '2' }, null])
      assert.equal(evidenceOf({ evidence: { absent: broken } }).absent, null, JSON.stringify(broken));
  });

  test('unknown parts are stored as null', () => {
    const e: ReadEvidence = {
      landed: [{ hash: 'a', block: null, blockHash: null }],
      highest: null,
      absent: null,
      free: null,
      behind: null,
    };
    assert.deepEqual(evidenceJson(e), {
      landed: [{ hash: 'a', block: null, blockHash: null }],
      highest: null,
      absent: null,
      free: null,
      behind: null,
    });
  });
});

describe('how evidence moves', () => {
  const e = (over: Partial<ReadEvidence>): ReadEvidence => ({ ...NO_EVIDENCE, ...over });

  test('a read is behind only a higher block already read', () => {
    assert.equal(isBehind(NO_EVIDENCE, 5n), false);
    assert.equal(isBehind(e({ highest: 10n }), 9n), true);
    assert.equal(isBehind(e({ highest: 10n }), 10n), false);
    assert.equal(isBehind(e({ highest: 10n }), 11n), false);
  });

  test('the highest block only rises', () => {
    assert.equal(readAt(NO_EVIDENCE, 5n).highest, 5n);
    assert.equal(readAt(NO_EVIDENCE, 0n).highest, 0n, 'block 0 is a block');
    const ten = e({ highest: 10n });
    assert.equal(readAt(ten, 9n), ten);
    assert.equal(readAt(ten, 10n), ten);
    assert.equal(readAt(ten, 11n).highest, 11n);
  });

  test('a sighting of a known attempt at the same place changes nothing; at another place it moves', () => {
    const first = sighted(NO_EVIDENCE, { hash: 'a', block: 5n, blockHash: '0x5' });
    assert.equal(sighted(first, { hash: 'a', block: 5n, blockHash: '0x5' }).landed, first.landed);
    assert.equal(sighted(first, { hash: 'a', block: null, blockHash: null }).landed, first.landed);
    assert.deepEqual(sighted(first, { hash: 'a', block: 6n, blockHash: '0x6' }).landed, [
      { hash: 'a', block: 6n, blockHash: '0x6' },
    ]);
    assert.deepEqual(sighted(first, { hash: 'a', block: 5n, blockHash: '0xother' }).landed, [
      { hash: 'a', block: 5n, blockHash: '0xother' },
    ]);
    const slot = sighted(NO_EVIDENCE, { hash: 'a', block: 5n, blockHash: null });
    assert.deepEqual(sighted(slot, { hash: 'a', block: 6n, blockHash: null }).landed, [
      { hash: 'a', block: 6n, blockHash: null },
    ]);
    assert.deepEqual(
      sighted(first, { hash: 'b', block: 5n, blockHash: '0x5' }).landed.map((s) => s.hash),
      ['a', 'b'],
    );
  });

  test('a sighting ends a run of absences', () => {
    const running = absentAt(NO_EVIDENCE, 5n, t0);
    assert.equal(sighted(running, { hash: 'a', block: 5n, blockHash: null }).absent, null);
  });

  test('a run of absences counts looks from its first block and time', () => {
    const one = absentAt(NO_EVIDENCE, 5n, t0);
    assert.deepEqual(one.absent, { since: t0, from: 5n, looks: 1 });
    const two = absentAt(one, 9n, at(1000));
    assert.deepEqual(two.absent, { since: t0, from: 5n, looks: 2 });
    assert.equal(notAbsent(NO_EVIDENCE), NO_EVIDENCE);
    assert.equal(notAbsent(two).absent, null);
  });

  test(`an absence is proven by ${ABSENCE_LOOKS} looks spanning the window, not fewer, not sooner`, () => {
    let run = NO_EVIDENCE;
    for (let i = 0; i < ABSENCE_LOOKS - 1; i++) run = absentAt(run, 5n, t0);
    assert.equal(absenceProven(NO_EVIDENCE, at(60_000), 30_000), false);
    assert.equal(absenceProven(run, at(60_000), 30_000), false, 'one look too few');
    run = absentAt(run, 5n, t0);
    assert.equal(absenceProven(run, at(29_999), 30_000), false, 'too soon');
    assert.equal(absenceProven(run, at(30_000), 30_000), true);
  });

  test('evidence compares by content', () => {
    const a = readAt(NO_EVIDENCE, 5n);
    assert.equal(sameEvidence(a, readAt(NO_EVIDENCE, 5n)), true);
    assert.equal(sameEvidence(a, readAt(NO_EVIDENCE, 6n)), false);
  });
});

describe('edges of the verdicts', () => {
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
    windowMs: 0,
    ...over,
  });
  const proven = (over: Partial<EvmAbsenceLook>) => {
    let evidence = NO_EVIDENCE;
    let last = judgeEvmAbsence(evmLook({ ...over, evidence }));
    for (let i = 1; i < ABSENCE_LOOKS; i++) {
      evidence = last.evidence;
      last = judgeEvmAbsence(evmLook({ ...over, evidence }));
    }
    return last.next;
  };
  const confirmed = {
    status: 'CONFIRMED' as const,
    landedBlock: 90n,
    landedBlockHash: '0xb90',
    nonceAtHead: null,
  };

  test('CONFIRMED is taken back only when its own height, reached by the node, holds another block', () => {
    assert.equal(proven({ ...confirmed, blockHashAtLanded: '0xother' }), 'reorged');
    assert.equal(
      proven({ ...confirmed, head: 90n, blockHashAtLanded: '0xother' }),
      'reorged',
      'head at its block',
    );
    assert.equal(
      proven({ ...confirmed, head: 89n, blockHashAtLanded: '0xother' }),
      'unsure',
      'node behind it',
    );
    assert.equal(proven({ ...confirmed, blockHashAtLanded: null }), 'unsure', 'no block read there');
    assert.equal(proven({ ...confirmed, blockHashAtLanded: '0xb90' }), 'unsure', 'its block is there');
    assert.equal(
      proven({ ...confirmed, landedBlock: null, landedBlockHash: null, blockHashAtLanded: '0xother' }),
      'unsure',
      'no block recorded',
    );
  });

  test('a nonce the node does not report is treated as free (pending), never as taken', () => {
    assert.equal(judgeEvmAbsence(evmLook({ nonceAtHead: null })).next, 'pending');
    assert.equal(judgeEvmAbsence(evmLook({ nonceAtHead: 5n })).next, 'pending');
    assert.equal(proven({ nonceAtHead: 6n }), 'gone');
  });

  test('a sighting without a block says so without naming one', () => {
    const v = judgeEvmAbsence(evmLook({ standing: [{ hash: '0xaa', block: null, blockHash: null }] }));
    assert.equal(
      v.stuckReason,
      'Attempt 0xaa was seen included, but the node shows no receipt now; waiting for it to show again',
    );
  });

  const solanaLook = (over: Partial<SolanaAbsenceLook> = {}): SolanaAbsenceLook => ({
    status: 'SUBMITTED',
    evidence: NO_EVIDENCE,
    slot: 1000n,
    height: 900n,
    statusSlot: 1000n,
    lastValid: 850n,
    now: t0,
    windowMs: 0,
    ...over,
  });

  test('Solana: at the last valid height it is still sent again; one past it, it may expire', () => {
    assert.equal(judgeSolanaAbsence(solanaLook({ height: 850n })).next, 'send-again');
    assert.equal(judgeSolanaAbsence(solanaLook({ height: 851n })).next, 'unsure');
  });

  test('Solana: a sighting without a slot says so without naming one', () => {
    const evidence = sighted(NO_EVIDENCE, { hash: 'sig1', block: null, blockHash: null });
    assert.equal(
      judgeSolanaAbsence(solanaLook({ evidence })).stuckReason,
      'Signature sig1 was seen landed, but the node does not report it now; it is not signed again',
    );
  });
});
