// An address from a request is checked once, where it arrives, and becomes the chain library's
// address type: viem's for EVM (in the checksummed form, the one viem always takes), @solana/kit's
// for Solana (as sent). The refusals are the API's: 400 INVALID_INPUT naming the field, with the
// same message for every address field.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { getAddressDecoder, getAddressEncoder } from '@solana/kit';
import fc from 'fast-check';
import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress } from 'viem';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { evmSend } from '../../src/chains/evm/evm-rules.ts';
import { solanaSend } from '../../src/chains/solana/solana-rules.ts';
import {
  isEvmAddress,
  parseAddress,
  parseEvmAddress,
  parseSolanaAddress,
} from '../../src/domain/addresses.ts';

/** Asserts the refusal of a bad address: 400 INVALID_INPUT, this message, naming the field. */
function refused(run: () => unknown, field: string, message: string) {
  assert.throws(run, (err: { code?: string; status?: number; message?: string; details?: unknown }) => {
    assert.equal(err.code, 'INVALID_INPUT');
    assert.equal(err.status, 400);
    assert.equal(err.message, `${field}: ${message}`);
    assert.deepEqual(err.details, [{ path: field, message }]);
    return true;
  });
}

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('parseEvmAddress', () => {
  test('takes one case or a correct checksum, in the checksummed form, which viem takes as it is', () => {
    const upper = `0x${CHECKSUMMED.slice(2).toUpperCase()}` as const;
    // viem itself refuses the all upper case form, which the API takes.
    assert.throws(() => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [upper, 1n] }));
    for (const a of [CHECKSUMMED, CHECKSUMMED.toLowerCase(), upper]) {
      const parsed = parseEvmAddress('to', a);
      assert.equal(parsed, CHECKSUMMED);
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [parsed, 1n] });
      assert.equal(data.slice(34, 74), CHECKSUMMED.slice(2).toLowerCase());
    }
  });

  test('refuses what is not 0x and 40 hex digits, quoting it', () => {
    refused(
      () => parseEvmAddress('spender', '0x1234'),
      'spender',
      'must be an EVM address (0x followed by 40 hex digits), got "0x1234"',
    );
  });

  test('refuses a mixed case that does not match its checksum', () => {
    const typo = CHECKSUMMED.replace('aA', 'Aa');
    refused(
      () => parseEvmAddress('token', typo),
      'token',
      `has an invalid EIP-55 checksum (mixed case that does not match), got "${typo}"`,
    );
  });

  test('refuses surrounding spaces instead of trimming them', () => {
    refused(
      () => parseEvmAddress('from', `${CHECKSUMMED}\n`),
      'from',
      `must not have leading or trailing spaces, got ${JSON.stringify(`${CHECKSUMMED}\n`)}`,
    );
  });

  test('every address is taken from its checksummed, lower and upper case forms, and no other mixed case', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(39), (bytes, i) => {
        const lower = `0x${Buffer.from(bytes).toString('hex')}` as const;
        const checksummed = getAddress(lower);
        for (const form of [checksummed, lower, `0x${lower.slice(2).toUpperCase()}`]) {
          assert.equal(parseEvmAddress('to', form), checksummed);
          assert.equal(isEvmAddress(form), true);
        }
        // One letter flipped out of its checksummed case is a typo.
        const c = checksummed[2 + i] ?? '';
        if (c.toLowerCase() === c.toUpperCase()) return;
        const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
        const typo = `${checksummed.slice(0, 2 + i)}${flipped}${checksummed.slice(3 + i)}`;
        const digits = typo.slice(2);
        if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return;
        assert.equal(isEvmAddress(typo), false);
        assert.throws(() => parseEvmAddress('to', typo), /invalid EIP-55 checksum/);
      }),
    );
  });
});

describe('parseSolanaAddress', () => {
  test('keeps the address as sent, and the value is one kit encodes as it is', () => {
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const parsed = parseSolanaAddress('token', mint);
    assert.equal(parsed, mint);
    const bytes = getAddressEncoder().encode(parsed);
    assert.equal(bytes.length, 32);
    assert.equal(getAddressDecoder().decode(bytes), mint);
  });

  test('refuses what is not a base58 public key, quoting it', () => {
    refused(
      () => parseSolanaAddress('to', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0'),
      'to',
      'must be a Solana address (base58 public key), got "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0"',
    );
  });

  test('every 32-byte key is taken in its base58 form', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const text = getAddressDecoder().decode(bytes);
        assert.equal(parseSolanaAddress('to', text), text);
      }),
    );
  });
});

describe('parseAddress', () => {
  test('checks by the chain type: an address of one chain type is refused for the other', () => {
    assert.equal(parseAddress('to', CHECKSUMMED, 'ethereum'), CHECKSUMMED);
    refused(
      () => parseAddress('to', CHECKSUMMED, 'solana'),
      'to',
      `must be a Solana address (base58 public key), got "${CHECKSUMMED}"`,
    );
    const key = '11111111111111111111111111111111';
    assert.equal(parseAddress('to', key, 'solana'), key);
    refused(
      () => parseAddress('to', key, 'ethereum'),
      'to',
      `must be an EVM address (0x followed by 40 hex digits), got "${key}"`,
    );
  });
});

describe('a send parses its addresses once', () => {
  const chains = createChainRegistry({});
  const upper = `0x${CHECKSUMMED.slice(2).toUpperCase()}`;
  const token = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';

  test('an all upper case EVM recipient is shown as sent, and given to the chain checksummed', () => {
    const base = chains.get('base');
    const native = evmSend(base, { chain: 'base', to: upper, asset: 'native', amount: '1' });
    assert.equal(native.to, upper);
    assert.equal(native.details.recipient, upper);
    assert.equal(native.write.call.to, CHECKSUMMED);

    const erc20 = evmSend(base, { chain: 'base', to: upper, asset: 'erc20', token, amount: '5' });
    assert.equal(erc20.to, upper);
    assert.equal(erc20.write.call.to, getAddress(token));
    assert.equal(erc20.details.token, getAddress(token));
    const { args } = decodeFunctionData({ abi: erc20Abi, data: erc20.write.call.data ?? '0x' });
    assert.deepEqual(args, [CHECKSUMMED, 5n]);
  });

  test('a Solana recipient and mint are taken as sent', () => {
    const to = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const mint = 'So11111111111111111111111111111111111111112';
    const intent = solanaSend(chains.get('solana'), {
      chain: 'solana',
      to,
      asset: 'spl',
      token: mint,
      amount: '7',
    });
    if (intent.write.kind !== 'transfer') return assert.fail('a Solana transfer');
    assert.deepEqual(intent.write.transfer, { kind: 'token', to, mint, amount: 7n });
    assert.equal(intent.to, to);
  });
});
