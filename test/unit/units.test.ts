// Whole units and base units (src/domain/units.ts): what the dashboard shows and what its forms take.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatUnits, parseUnits } from '../../src/domain/units.ts';

describe('amounts in whole units', () => {
  test('base units are shown exactly, without trailing zeros', () => {
    assert.equal(formatUnits(1_500_000n, 6), '1.5');
    assert.equal(formatUnits(5_000_000_000_000_000_000n, 18), '5');
    assert.equal(formatUnits(1n, 18), '0.000000000000000001');
    assert.equal(formatUnits(0n, 9), '0');
    assert.equal(formatUnits(123n, 0), '123');
    assert.equal(
      formatUnits(2n ** 256n - 1n, 18),
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    );
    assert.equal(formatUnits(-25n, 1), '-2.5');
  });

  test('whole units are read exactly: 1.5 with 6 decimals is 1500000', () => {
    assert.equal(parseUnits('1.5', 6), 1_500_000n);
    assert.equal(parseUnits('0.000001', 6), 1n);
    assert.equal(parseUnits('2', 18), 2n * 10n ** 18n);
    assert.equal(parseUnits('0', 9), 0n);
    assert.equal(parseUnits('7', 0), 7n);
    // Beyond what a double holds exactly: still exact.
    assert.equal(parseUnits('9007199254740993.000000000000000001', 18), 9007199254740993000000000000000001n);
  });

  test('every formatted amount reads back as the same base units', () => {
    for (const [raw, decimals] of [
      [1n, 18],
      [10n ** 24n + 7n, 18],
      [999_999n, 6],
      [42n, 0],
    ] as const)
      assert.equal(parseUnits(formatUnits(raw, decimals), decimals), raw);
  });

  test('more decimal places than the asset has is refused, naming both', () => {
    assert.throws(
      () => parseUnits('1.1234567', 6, 'TUSD'),
      /"1\.1234567" has 7 decimal places, but TUSD has 6/,
    );
    assert.throws(() => parseUnits('1.5', 0, 'NFT'), /has decimals, but NFT has none/);
  });

  test('anything but digits and one decimal point is refused', () => {
    for (const bad of ['', '-1', '+1', '1e18', '1,5', '1,000', ' 1', '1.', '.5', '0x10', '1.2.3', 'NaN'])
      assert.throws(() => parseUnits(bad, 6), /is not an amount/, bad);
  });
});
