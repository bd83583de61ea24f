// Amounts and addresses are taken exactly as sent (DESIGN A2, C2): base units as integers, bounded
// by what the chain can hold, never trimmed or coerced; an EVM address in mixed case must match its
// EIP-55 checksum, a Solana address is a base58 public key and case-sensitive.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { U64_MAX, UINT256_MAX } from '../../src/chains/amounts.ts';
import { parseCallData } from '../../src/chains/evm/evm-rules.ts';
import { familyRules } from '../../src/chains/families.ts';
import { isEvmAddress, parseAddress } from '../../src/domain/addresses.ts';
import type { ChainType } from '../../src/domain/wallets.ts';

/** An amount as the chain family of `chainType` parses it (chains/families.ts). */
const parseAmount = (field: string, raw: string, chainType: ChainType) =>
  familyRules[chainType].parseAmount(field, raw);

/** Asserts the one refusal of a bad value: 400 INVALID_INPUT naming the field. */
function refused(run: () => unknown, message: RegExp, field = 'amount') {
  assert.throws(run, (err: { code?: string; message?: string; details?: { path: string }[] }) => {
    assert.equal(err.code, 'INVALID_INPUT');
    assert.match(err.message ?? '', message);
    assert.equal(err.details?.[0]?.path, field);
    return true;
  });
}

describe('amounts', () => {
  test('EVM takes decimal and 0x-hex integers', () => {
    assert.equal(parseAmount('amount', '1000000000000000000', 'ethereum'), 10n ** 18n);
    assert.equal(parseAmount('amount', '0xde0b6b3a7640000', 'ethereum'), 10n ** 18n);
    assert.equal(parseAmount('amount', '0xDE0B6B3A7640000', 'ethereum'), 10n ** 18n);
    assert.equal(parseAmount('amount', '0', 'ethereum'), 0n);
  });

  test('Solana takes decimal integers only, not hex', () => {
    assert.equal(parseAmount('amount', '1000000000', 'solana'), 10n ** 9n);
    refused(() => parseAmount('amount', '0x10', 'solana'), /non-negative decimal integer/);
  });

  test('leading zeros are the same number', () => {
    assert.equal(parseAmount('amount', '007', 'ethereum'), 7n);
    assert.equal(parseAmount('amount', '0x000a', 'ethereum'), 10n);
    assert.equal(parseAmount('amount', '000', 'solana'), 0n);
    // Bounded by value, not by the number of digits.
    assert.equal(parseAmount('amount', `0000${U64_MAX}`, 'solana'), U64_MAX);
  });

  test('EVM holds up to 2^256-1, in decimal and in hex; one more is refused', () => {
    assert.equal(parseAmount('amount', UINT256_MAX.toString(), 'ethereum'), UINT256_MAX);
    assert.equal(parseAmount('amount', `0x${'f'.repeat(64)}`, 'ethereum'), UINT256_MAX);
    refused(() => parseAmount('amount', (UINT256_MAX + 1n).toString(), 'ethereum'), /uint256/);
    refused(() => parseAmount('amount', `0x1${'0'.repeat(64)}`, 'ethereum'), /uint256/);
  });

  test('Solana holds up to 2^64-1; one more is refused', () => {
    assert.equal(parseAmount('amount', '18446744073709551615', 'solana'), U64_MAX);
    refused(() => parseAmount('amount', '18446744073709551616', 'solana'), /unsigned 64-bit/);
  });

  for (const raw of [' 1', '1 ', '\t1', '1\n', '\u00a01'])
    test(`an amount with surrounding whitespace ${JSON.stringify(raw)} is refused, not trimmed`, () => {
      refused(() => parseAmount('amount', raw, 'ethereum'), /leading or trailing spaces/);
      refused(() => parseAmount('amount', raw, 'solana'), /leading or trailing spaces/);
    });

  for (const raw of [
    '',
    '-1',
    '+1',
    '1.0',
    '1.5',
    '1e18',
    '1_000',
    '1 000',
    '1,000',
    '0x',
    '0X10',
    '0xg',
    '٣',
    'ten',
  ])
    test(`${JSON.stringify(raw)} is not an amount`, () => {
      refused(() => parseAmount('amount', raw, 'ethereum'), /must be a non-negative integer/);
    });

  test('the refusal quotes at most 64 characters of the value, and names the field', () => {
    refused(() => parseAmount('limits[0].perDay', 'x'.repeat(100), 'solana'), /"x{64}…"/, 'limits[0].perDay');
  });

  test('every integer an EVM chain holds is read back from its decimal and hex forms', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: UINT256_MAX }), (n) => {
        assert.equal(parseAmount('amount', n.toString(), 'ethereum'), n);
        assert.equal(parseAmount('amount', `0x${n.toString(16)}`, 'ethereum'), n);
      }),
    );
  });

  test('every integer Solana holds is read back; every larger one is refused', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: U64_MAX }), (n) => {
        assert.equal(parseAmount('amount', n.toString(), 'solana'), n);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: U64_MAX + 1n, max: UINT256_MAX }), (n) => {
        assert.throws(() => parseAmount('amount', n.toString(), 'solana'), { code: 'INVALID_INPUT' });
      }),
    );
  });
});

describe('EVM addresses', () => {
  // The test vectors of EIP-55 itself.
  const ONE_CASE = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ];
  const CHECKSUMMED = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  test('all lower case, all upper case, and a correct EIP-55 checksum are taken, in the checksummed form', () => {
    // The one-case vectors of EIP-55 are their own checksums.
    for (const a of [...ONE_CASE, ...CHECKSUMMED]) {
      assert.equal(parseAddress('to', a, 'ethereum'), a);
      assert.equal(isEvmAddress(a), true);
    }
    for (const a of CHECKSUMMED) {
      assert.equal(parseAddress('to', a, 'ethereum'), a);
      assert.equal(parseAddress('to', a.toLowerCase(), 'ethereum'), a);
      assert.equal(parseAddress('to', `0x${a.slice(2).toUpperCase()}`, 'ethereum'), a);
    }
  });

  test('mixed case with any one letter in the wrong case fails the checksum', () => {
    for (const a of CHECKSUMMED)
      for (let i = 2; i < a.length; i++) {
        const c = a[i] ?? '';
        if (c.toLowerCase() === c.toUpperCase()) continue;
        const typo =
          a.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + a.slice(i + 1);
        refused(() => parseAddress('to', typo, 'ethereum'), /invalid EIP-55 checksum/, 'to');
        assert.equal(isEvmAddress(typo), false);
      }
  });

  for (const raw of [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0',
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xzzAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  ])
    test(`${raw} is not an EVM address`, () => {
      refused(() => parseAddress('to', raw, 'ethereum'), /must be an EVM address/, 'to');
    });

  test('an address with a surrounding space is refused, not trimmed', () => {
    refused(() => parseAddress('to', ` ${CHECKSUMMED[0]}`, 'ethereum'), /leading or trailing spaces/, 'to');
  });
});

describe('Solana addresses', () => {
  test('base58 public keys are taken as sent', () => {
    for (const a of [
      '11111111111111111111111111111111',
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      'So11111111111111111111111111111111111111112',
    ])
      assert.equal(parseAddress('to', a, 'solana'), a);
  });

  for (const [label, raw] of [
    ['a character outside base58 (0)', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0'],
    ['a character outside base58 (l)', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5Dl'],
    ['too short for 32 bytes', 'TokenkegQfeZyiNwAJbNb'],
    ['too long for 32 bytes', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DAzz'],
    ['an EVM address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ])
    test(`${label} is not a Solana address`, () => {
      refused(() => parseAddress('to', raw ?? '', 'solana'), /must be a Solana address/, 'to');
    });

  test('an address with a surrounding space is refused, not trimmed', () => {
    refused(
      () => parseAddress('to', '11111111111111111111111111111111 ', 'solana'),
      /leading or trailing/,
      'to',
    );
  });
});

describe('call data', () => {
  test('0x and whole bytes of hex are taken, including none', () => {
    assert.equal(parseCallData('data', '0x'), '0x');
    assert.equal(parseCallData('data', '0xa9059cbb'), '0xa9059cbb');
  });

  for (const raw of ['0xabc', 'a9059cbb', '0xzz', ' 0x00'])
    test(`${JSON.stringify(raw)} is not call data`, () => {
      refused(() => parseCallData('data', raw), /even number of hex digits/, 'data');
    });
});
