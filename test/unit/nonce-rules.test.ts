// The next EVM nonce (README "EVM nonces heal"): the node's pending count, or one past our highest
// recorded nonce, whichever is further.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { nextNonce } from '../../src/chains/evm/nonce-rules.ts';

describe('next EVM nonce', () => {
  test("a wallet with no transactions of ours starts at the node's pending count", () => {
    assert.equal(nextNonce(0n, null), 0n);
    assert.equal(nextNonce(7n, null), 7n);
  });

  test('when the node has seen all of ours, the next is its pending count', () => {
    assert.equal(nextNonce(5n, 4n), 5n);
  });

  test('a nonce used outside the service shows in the count and is skipped', () => {
    assert.equal(nextNonce(9n, 4n), 9n);
  });

  test('a transaction of ours the node lost or has not seen keeps its nonce: the next is past ours', () => {
    assert.equal(nextNonce(3n, 4n), 5n);
    assert.equal(nextNonce(0n, 0n), 1n);
  });

  test('the next nonce is never below either, and is one of them: no nonce reused, no gap made', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n }),
        fc.option(fc.bigInt({ min: 0n, max: 2n ** 64n })),
        (count, ours) => {
          const next = nextNonce(count, ours);
          assert.ok(next >= count);
          if (ours === null) assert.equal(next, count);
          else {
            assert.ok(next > ours);
            assert.ok(next === count || next === ours + 1n);
          }
        },
      ),
    );
  });
});
