// What the tracker makes of one look at a transaction's chain (DESIGN A9; README "What a write
// promises"): CONFIRMED only at the chain's depth, FAILED only on proof, back to SUBMITTED when a
// reorg takes a block away, and how soon it looks again.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  nextCheck,
  nextWatch,
  REORG_WATCH_MS,
  stepAfterInspection,
  stepBeforeInspection,
} from '../../src/app/transactions/tracker-rules.ts';
import type { Inspection } from '../../src/chains/chain-adapter.ts';
import type { TransactionStatus } from '../../src/domain/transactions.ts';

const now = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const later = (ms: number) => new Date(now.getTime() + ms);

const tx = (status: TransactionStatus, extra: Partial<Parameters<typeof stepAfterInspection>[0]> = {}) => ({
  status,
  hash: '0xaa',
  landedBlock: null,
  landedBlockHash: null,
  createdAt: ago(10_000),
  updatedAt: ago(10_000),
  ...extra,
});

const landed = (over: Partial<Extract<Inspection, { kind: 'landed' }>> = {}): Inspection => ({
  kind: 'landed',
  hash: '0xaa',
  success: true,
  error: null,
  final: true,
  block: 10n,
  blockHash: '0xb10',
  ...over,
});

const statusAfter = (status: TransactionStatus, seen: Inspection) => {
  const step = stepAfterInspection(tx(status), seen, now);
  return step.kind === 'move' ? step.status : `${step.kind} (${status})`;
};

describe('tracker: one look at the chain', () => {
  test('landed, at depth, succeeded → CONFIRMED, with its block, looked at again in 5 s for reorgs', () => {
    assert.deepEqual(stepAfterInspection(tx('SUBMITTED'), landed(), now), {
      kind: 'move',
      status: 'CONFIRMED',
      change: {
        hash: '0xaa',
        landed: { block: 10n, blockHash: '0xb10' },
        stuckReason: null,
        nextCheckAt: later(5000),
      },
    });
  });

  test('landed, at depth, reverted → FAILED with the reason, or a generic one', () => {
    const step = stepAfterInspection(
      tx('SUBMITTED'),
      landed({ success: false, error: 'execution reverted: nope' }),
      now,
    );
    assert.equal(step.kind === 'move' && step.status, 'FAILED');
    assert.equal(step.kind === 'move' && step.change.error, 'execution reverted: nope');
    const generic = stepAfterInspection(tx('SUBMITTED'), landed({ success: false, error: null }), now);
    assert.equal(generic.kind === 'move' && generic.change.error, 'Transaction failed');
  });

  test('landed but not yet at depth → SUBMITTED, whether it succeeded or not', () => {
    assert.equal(statusAfter('PENDING', landed({ final: false })), 'SUBMITTED');
    assert.equal(statusAfter('SUBMITTED', landed({ final: false, success: false })), 'SUBMITTED');
  });

  test('a hash of another attempt that landed becomes the hash of the transaction', () => {
    const step = stepAfterInspection(tx('SUBMITTED'), landed({ hash: '0xbb' }), now);
    assert.equal(step.kind === 'move' && step.change.hash, '0xbb');
  });

  test('reorged → SUBMITTED, its block forgotten, with a warning', () => {
    assert.deepEqual(stepAfterInspection(tx('CONFIRMED'), { kind: 'reorged' }, now), {
      kind: 'move',
      status: 'SUBMITTED',
      change: { landed: null },
      warn: 'confirmed transaction reorganised away; tracking it again',
    });
  });

  test('gone (nonce taken, blockhash expired for good) → FAILED with the proof as the error', () => {
    assert.deepEqual(stepAfterInspection(tx('SUBMITTED'), { kind: 'gone', error: 'Nonce 4 was used' }, now), {
      kind: 'move',
      status: 'FAILED',
      change: { error: 'Nonce 4 was used', stuckReason: null },
    });
  });

  test('pending and waiting: a PENDING one becomes SUBMITTED first; the stuck reason is kept as seen', () => {
    const seen: Inspection = { kind: 'pending', next: 'wait', stuckReason: 'fee cap reached' };
    assert.deepEqual(stepAfterInspection(tx('PENDING'), seen, now), {
      kind: 'wait',
      submit: true,
      at: later(1000),
      stuckReason: 'fee cap reached',
    });
    const step = stepAfterInspection(tx('SUBMITTED'), seen, now);
    assert.equal(step.kind === 'wait' && step.submit, false);
  });

  test('pending with a replacement due → replace, saying whether it is required', () => {
    for (const required of [true, false])
      assert.deepEqual(
        stepAfterInspection(
          tx('SUBMITTED'),
          { kind: 'pending', next: 'replace', required, stuckReason: null },
          now,
        ),
        { kind: 'replace', required },
      );
  });

  test('no inspection outcome fails a transaction except a reverted landing or gone', () => {
    const outcomes: Inspection[] = [
      landed(),
      landed({ final: false }),
      landed({ final: false, success: false }),
      { kind: 'reorged' },
      { kind: 'pending', next: 'wait', stuckReason: null },
      { kind: 'pending', next: 'replace', required: true, stuckReason: null },
    ];
    for (const status of ['PENDING', 'SUBMITTED', 'CONFIRMED'] as const)
      for (const seen of outcomes)
        assert.notEqual(
          statusAfter(status, seen),
          'FAILED',
          `${status} ${JSON.stringify(seen, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`,
        );
  });
});

describe('tracker: a confirmed transaction watched for reorgs', () => {
  const confirmed = tx('CONFIRMED', { landedBlock: 10n, landedBlockHash: '0xb10', updatedAt: ago(60_000) });

  test('still in the same block at depth: no change, looked at again later', () => {
    assert.deepEqual(stepAfterInspection(confirmed, landed(), now), {
      kind: 'reschedule',
      at: later(30_000),
    });
  });

  test('moved to another block by a reorg, at depth: stays CONFIRMED with the new block, logged', () => {
    const step = stepAfterInspection(confirmed, landed({ block: 11n, blockHash: '0xb11' }), now);
    assert.deepEqual(step, {
      kind: 'move',
      status: 'CONFIRMED',
      change: { hash: '0xaa', landed: { block: 11n, blockHash: '0xb11' }, nextCheckAt: later(30_000) },
      warn: 'confirmed transaction moved by a reorg',
    });
  });

  test('moved by a reorg to a block not yet at depth: back to SUBMITTED', () => {
    const step = stepAfterInspection(
      confirmed,
      landed({ block: 11n, blockHash: '0xb11', final: false }),
      now,
    );
    assert.equal(step.kind === 'move' && step.status, 'SUBMITTED');
  });

  test('watched for 10 minutes, then no more looks', () => {
    assert.equal(stepBeforeInspection(tx('CONFIRMED', { updatedAt: ago(REORG_WATCH_MS) }), false, now), null);
    assert.deepEqual(
      stepBeforeInspection(tx('CONFIRMED', { updatedAt: ago(REORG_WATCH_MS + 1) }), false, now),
      {
        kind: 'reschedule',
        at: null,
      },
    );
    assert.equal(
      stepBeforeInspection(tx('SUBMITTED', { updatedAt: ago(REORG_WATCH_MS * 10) }), false, now),
      null,
    );
  });
});

describe('tracker: a development network that restarted', () => {
  test('a transaction not yet confirmed on the chain that is gone → FAILED, saying why', () => {
    for (const status of ['PENDING', 'SUBMITTED'] as const) {
      const step = stepBeforeInspection(tx(status), true, now);
      assert.equal(step?.kind === 'move' && step.status, 'FAILED');
      assert.match(
        step?.kind === 'move' ? (step.change.error ?? '') : '',
        /development network was restarted/,
      );
    }
  });

  test('a confirmed one keeps its status, and is no longer looked at', () => {
    assert.deepEqual(stepBeforeInspection(tx('CONFIRMED'), true, now), { kind: 'reschedule', at: null });
  });
});

describe('tracker: how soon it looks again', () => {
  test('every second for 30 s, every 5 s until 5 minutes, then every 30 s', () => {
    const at = (age: number) =>
      nextCheck({ createdAt: ago(age), updatedAt: ago(age) }, now).getTime() - now.getTime();
    assert.deepEqual(
      [at(0), at(29_999), at(30_000), at(299_999), at(300_000), at(3_600_000)],
      [1000, 1000, 5000, 5000, 30_000, 30_000],
    );
  });

  test('a confirmed one is watched every 10 s, then 30 s after 30 s, then every 2 minutes', () => {
    const at = (age: number) =>
      nextWatch({ createdAt: ago(age), updatedAt: ago(age) }, now).getTime() - now.getTime();
    assert.deepEqual([at(0), at(30_000), at(119_999), at(120_000)], [10_000, 30_000, 30_000, 120_000]);
  });
});

describe('tracker: edges a changed comparison would move (npm run test:mutation)', () => {
  const watched = tx('CONFIRMED', { landedBlock: 10n, landedBlockHash: '0xb10', updatedAt: ago(1000) });

  test('a confirmed transaction seen again exactly where it was stays; any other place is a reorg', () => {
    assert.deepEqual(stepAfterInspection(watched, landed(), now), {
      kind: 'reschedule',
      at: nextWatch(watched, now),
    });
    for (const moved of [{ hash: '0xbb' }, { block: 11n }, { blockHash: '0xother' }]) {
      const step = stepAfterInspection(watched, landed(moved), now);
      assert.equal(
        step.kind,
        'move',
        JSON.stringify(moved, (_, v) => (typeof v === 'bigint' ? `${v}` : v)),
      );
      assert.ok(step.kind === 'move');
      assert.equal(step.status, 'CONFIRMED');
      assert.equal(step.warn, 'confirmed transaction moved by a reorg');
    }
  });

  test('seen landed but not final: SUBMITTED with where it landed, and no stuck reason', () => {
    assert.deepEqual(stepAfterInspection(tx('PENDING'), landed({ final: false }), now), {
      kind: 'move',
      status: 'SUBMITTED',
      change: { hash: '0xaa', landed: { block: 10n, blockHash: '0xb10' }, stuckReason: null },
    });
  });

  test('an unsure look decides nothing: looked at again on its schedule, with the reason when there is one', () => {
    const pending = tx('SUBMITTED');
    assert.deepEqual(stepAfterInspection(pending, { kind: 'unsure' }, now), {
      kind: 'reschedule',
      at: nextCheck(pending, now),
    });
    assert.deepEqual(stepAfterInspection(watched, { kind: 'unsure', stuckReason: 'lagging node' }, now), {
      kind: 'reschedule',
      at: nextWatch(watched, now),
      stuckReason: 'lagging node',
    });
    assert.deepEqual(stepAfterInspection(pending, { kind: 'unsure', stuckReason: null }, now), {
      kind: 'reschedule',
      at: nextCheck(pending, now),
      stuckReason: null,
    });
  });
});
