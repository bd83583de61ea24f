// The tracker's step for a transaction its caller cancelled (issue 29, src/app/transactions/
// tracker-rules.ts), beyond the two cases of test/control/decoding.test.ts: what counts as a cancel
// in the stored details, every step that must be left as it is, and the exact FAILED step a Solana
// cancel becomes (its amount given back to the key's daily limit). Written for the survivors of
// `npm run test:mutation`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cancelOf, stepOfCancelled, type TrackerStep } from '../../src/app/transactions/tracker-rules.ts';

const attempt = (n: number, hash: string) => ({
  attempt: n,
  hash,
  signedTx: '0x',
  fees: {},
  lastValidBlockHeight: null,
  createdAt: new Date(0),
});
/** An EVM transaction whose second attempt (0xbb) is the cancel. */
const evm = {
  attempts: [attempt(1, '0xaa'), attempt(2, '0xbb')],
  nonce: 4n,
  details: { cancel: { requestedAt: '2026-01-01T00:00:00.000Z', fromAttempt: 2 } },
};
/** A Solana swap cancelled: it is never signed again, so no attempt is the cancel. */
const solana = {
  ...evm,
  details: { cancel: { requestedAt: '2026-01-01T00:00:00.000Z', fromAttempt: null } },
};
const landed = { block: 9n, blockHash: '0x01' };
const confirmed = (hash: string): TrackerStep => ({
  kind: 'move',
  status: 'CONFIRMED',
  change: { hash, landed, stuckReason: null },
});

describe('what the stored details say about a cancel', () => {
  test('no cancel, or something that is not one, is no cancel', () => {
    assert.equal(cancelOf({}), null);
    assert.equal(cancelOf({ cancel: null }), null);
    assert.equal(cancelOf({ cancel: 'yes' }), null);
    assert.equal(cancelOf({ cancel: true }), null);
  });

  test('an EVM cancel names the attempt it starts from; anything else names none', () => {
    assert.deepEqual(cancelOf({ cancel: { fromAttempt: 2 } }), { fromAttempt: 2 });
    assert.deepEqual(cancelOf({ cancel: { fromAttempt: '2' } }), { fromAttempt: null });
    assert.deepEqual(cancelOf({ cancel: {} }), { fromAttempt: null });
  });
});

describe('the step of a cancelled transaction', () => {
  test('a Solana cancel that can no longer land is FAILED as cancelled, its amount given back', () => {
    assert.deepEqual(stepOfCancelled(solana, { kind: 'replace', required: true }), {
      kind: 'move',
      status: 'FAILED',
      change: {
        error:
          'Cancelled: it did not land before its blockhash expired, and it was not signed again as it had been cancelled',
        stuckReason: null,
        details: { cancelLanded: false },
      },
    });
  });

  test('gone without landing and without a reason: "Cancelled: it did not land"', () => {
    const step = stepOfCancelled(solana, { kind: 'move', status: 'FAILED', change: {} });
    assert.deepEqual(step, {
      kind: 'move',
      status: 'FAILED',
      change: { error: 'Cancelled: it did not land' },
    });
  });

  test('a Solana cancel whose swap landed anyway stays CONFIRMED', () => {
    assert.deepEqual(stepOfCancelled(solana, confirmed('0xaa')), confirmed('0xaa'));
  });

  test('while an EVM cancel is pending, waiting, rescheduling and broadcasting steps are left as they are', () => {
    const steps: TrackerStep[] = [
      { kind: 'wait', submit: false, at: new Date(0), stuckReason: null },
      { kind: 'reschedule', at: new Date(0) },
      { kind: 'replace', required: false },
      { kind: 'move', status: 'SUBMITTED', change: { hash: '0xbb' } },
    ];
    for (const step of steps) assert.deepEqual(stepOfCancelled(evm, step), step, step.kind);
  });

  test('an EVM transaction that reverted on chain stays FAILED as it is, whichever attempt landed', () => {
    for (const hash of ['0xaa', '0xbb']) {
      const reverted: TrackerStep = {
        kind: 'move',
        status: 'FAILED',
        change: { hash, landed, error: 'Reverted on chain' },
      };
      assert.deepEqual(stepOfCancelled(evm, reverted), reverted, hash);
    }
  });

  test('a confirmation of a hash that is none of its attempts is left as it is', () => {
    assert.deepEqual(stepOfCancelled(evm, confirmed('0xcc')), confirmed('0xcc'));
  });
});
