// `wallet-api devnet fund --amount` takes whole units, bounded, with one clear line (issue 11, item 9).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_FUND_UNITS, parseUnits } from '../../src/cli/devnet-commands.ts';

describe('devnet fund amounts', () => {
  test('whole units become base units', () => {
    assert.equal(parseUnits('1.5', 6), 1_500_000n);
    assert.equal(parseUnits('2', 18), 2n * 10n ** 18n);
    assert.equal(parseUnits(MAX_FUND_UNITS.toString(), 9), MAX_FUND_UNITS * 10n ** 9n);
  });

  test('over the bound, or in base units by mistake, is refused with one clear line', () => {
    assert.throws(
      () => parseUnits('100000000000000000000', 18),
      /whole units .* at most 1000000000 per call/,
    );
    assert.throws(() => parseUnits('1000000000.5', 9), /at most 1000000000/);
    assert.throws(() => parseUnits('1.1234567', 6), /more than 6 decimals/);
    assert.throws(() => parseUnits('-1', 6), /positive decimal number of whole units/);
    assert.throws(() => parseUnits('0', 6), /greater than zero/);
  });
});
