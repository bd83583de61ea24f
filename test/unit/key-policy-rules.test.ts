// An API key's policy, as arithmetic (README "API key scopes and spend limits"): what a caller may
// ask for when creating a key, and what a write may do under it before any history is counted.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { getAddress } from 'viem';
import {
  checkChain,
  checkScope,
  isUnrestricted,
  type KeyPolicy,
  type KeyPolicyInput,
  parseKeyPolicy,
} from '../../src/app/key-policies.ts';
import { checkWrite, overDailyLimit, type WriteSpend } from '../../src/app/key-write-rules.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';

const chains = createChainRegistry({});
const policy = (input: KeyPolicyInput) => parseKeyPolicy(chains, input);

const TOKEN = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const ALICE = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
const BOB = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359';
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL_ALICE = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

function refusedInput(run: () => unknown, path: string, message: RegExp) {
  assert.throws(run, (err: { code?: string; message?: string; details?: { path: string }[] }) => {
    assert.equal(err.code, 'INVALID_INPUT');
    assert.equal(err.details?.[0]?.path, path);
    assert.match(err.message ?? '', message);
    return true;
  });
}

function forbidden(run: () => unknown, message: RegExp) {
  assert.throws(run, (err: { code?: string; status?: number; message?: string }) => {
    assert.equal(err.code, 'FORBIDDEN');
    assert.equal(err.status, 403);
    assert.match(err.message ?? '', message);
    return true;
  });
}

const send = (p: KeyPolicy, amount: bigint, extra: Partial<WriteSpend> = {}) =>
  checkWrite(p, { chain: 'base', chainType: 'ethereum', moves: [{ asset: 'native', amount }], ...extra });

describe('creating a key policy', () => {
  test('a key created without choices may do everything, as keys made before policies', () => {
    assert.equal(isUnrestricted(parseKeyPolicy(chains)), true);
    assert.equal(isUnrestricted(policy({})), true);
  });

  test('scopes are deduplicated and kept in the order read, write, trade', () => {
    assert.deepEqual(policy({ scopes: ['trade', 'read', 'trade'] }).scopes, ['read', 'trade']);
  });

  test('an unknown scope, or none, is refused', () => {
    refusedInput(() => policy({ scopes: ['read', 'admin'] }), 'scopes', /unknown scope "admin"/);
    refusedInput(() => policy({ scopes: [] }), 'scopes', /choose at least one/);
  });

  test('chains must be known and at least one; null means every chain', () => {
    refusedInput(() => policy({ chains: ['base', 'dogecoin'] }), 'chains[1]', /unknown chain "dogecoin"/);
    refusedInput(() => policy({ chains: [] }), 'chains', /at least one chain/);
    assert.equal(policy({ chains: null }).chains, null);
    assert.deepEqual(policy({ chains: ['base', 'base', 'solana'] }).chains, ['base', 'solana']);
  });

  test('a limit names a chain of the key, and a per-transaction or a daily amount', () => {
    refusedInput(
      () => policy({ chains: ['base'], limits: [{ chain: 'solana', asset: 'native', perDay: '1' }] }),
      'limits[0].chain',
      /not among the key's chains/,
    );
    refusedInput(
      () => policy({ limits: [{ chain: 'base', asset: 'native' }] }),
      'limits[0]',
      /perTransaction, perDay/,
    );
  });

  test('an EVM token is kept in lower case, so the same token in another case is a second limit', () => {
    const p = policy({ limits: [{ chain: 'base', asset: getAddress(TOKEN), perDay: '5' }] });
    assert.equal(p.limits[0]?.asset, TOKEN);
    refusedInput(
      () =>
        policy({
          limits: [
            { chain: 'base', asset: TOKEN, perDay: '5' },
            { chain: 'base', asset: getAddress(TOKEN), perTransaction: '1' },
          ],
        }),
      'limits[1]',
      /a second limit/,
    );
  });

  test('a Solana mint is kept as written (base58 is case-sensitive)', () => {
    assert.equal(policy({ limits: [{ chain: 'solana', asset: MINT, perDay: '5' }] }).limits[0]?.asset, MINT);
  });

  test('amounts follow their chain: hex and up to 2^256-1 on EVM, decimal up to 2^64-1 on Solana', () => {
    const evm = policy({
      limits: [{ chain: 'base', asset: 'native', perTransaction: '0x10', perDay: null }],
    });
    assert.deepEqual(evm.limits[0], { chain: 'base', asset: 'native', perTransaction: 16n, perDay: null });
    refusedInput(
      () => policy({ limits: [{ chain: 'solana', asset: 'native', perTransaction: '0x10' }] }),
      'limits[0].perTransaction',
      /decimal integer/,
    );
    refusedInput(
      () => policy({ limits: [{ chain: 'solana', asset: 'native', perDay: '18446744073709551616' }] }),
      'limits[0].perDay',
      /64-bit/,
    );
    refusedInput(
      () => policy({ limits: [{ chain: 'base', asset: 'native', perDay: '5 ' }] }),
      'limits[0].perDay',
      /spaces/,
    );
  });

  test('allowlists keep EVM addresses in lower case and Solana ones as written, once each', () => {
    const p = policy({ recipients: [getAddress(ALICE), ALICE, SOL_ALICE], contracts: [getAddress(BOB)] });
    assert.deepEqual(p.recipients, [ALICE, SOL_ALICE]);
    assert.deepEqual(p.contracts, [BOB]);
    refusedInput(
      () => policy({ recipients: [ALICE, 'bob'] }),
      'recipients[1]',
      /EVM address or a Solana address/,
    );
    refusedInput(() => policy({ recipients: Array(101).fill(ALICE) }), 'recipients', /at most 100/);
  });
});

describe('scopes and chains', () => {
  const readOnly = policy({ scopes: ['read'], chains: ['base'] });

  test('a read-only key is refused a write and a trade, with the scope it lacks', () => {
    checkScope(readOnly, 'read');
    forbidden(() => checkScope(readOnly, 'write'), /does not have the write scope \(it has: read\)/);
    forbidden(() => checkScope(readOnly, 'trade'), /does not have the trade scope/);
  });

  test('a key limited to some chains is refused the others', () => {
    checkChain(readOnly, 'base');
    forbidden(() => checkChain(readOnly, 'solana'), /may not use chain solana \(allowed: base\)/);
    checkChain(policy({}), 'solana');
  });
});

describe('a write under a policy', () => {
  const limited = policy({
    limits: [
      { chain: 'base', asset: 'native', perTransaction: '100', perDay: '1000' },
      { chain: 'base', asset: TOKEN, perTransaction: '50' },
      { chain: 'solana', asset: MINT, perDay: '7' },
    ],
  });

  test('the per-transaction maximum itself is allowed; one unit more is refused', () => {
    send(limited, 100n);
    forbidden(
      () => send(limited, 101n),
      /Amount 101 exceeds .* maximum per transaction of 100 for native on base/,
    );
  });

  test('any amount is refused exactly when it is over the maximum', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 256n - 1n }),
        fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
        (max, amount) => {
          const p = policy({ limits: [{ chain: 'base', asset: 'native', perTransaction: max.toString() }] });
          let refused = false;
          try {
            send(p, amount);
          } catch {
            refused = true;
          }
          assert.equal(refused, amount > max);
        },
      ),
    );
  });

  test('a native limit does not hold tokens back, nor a token limit native value', () => {
    checkWrite(limited, {
      chain: 'base',
      chainType: 'ethereum',
      moves: [{ asset: BOB, amount: 10n ** 30n }],
    });
    forbidden(
      () =>
        checkWrite(limited, { chain: 'base', chainType: 'ethereum', moves: [{ asset: TOKEN, amount: 51n }] }),
      /maximum per transaction of 50 for 0x833589fcd6edb6e08f4c7c32d4f71b54bda02913 on base/,
    );
    send(policy({ limits: [{ chain: 'base', asset: TOKEN, perTransaction: '1' }] }), 10n ** 30n);
  });

  test('a limit on one chain does not apply on another', () => {
    checkWrite(limited, {
      chain: 'ethereum',
      chainType: 'ethereum',
      moves: [{ asset: 'native', amount: 10n ** 20n }],
    });
  });

  test('a token limit applies whatever the case the token is written in', () => {
    forbidden(
      () =>
        checkWrite(limited, {
          chain: 'base',
          chainType: 'ethereum',
          moves: [{ asset: getAddress(TOKEN), amount: 51n }],
        }),
      /maximum per transaction of 50/,
    );
  });

  const approve = (amount: bigint, p: KeyPolicy, extra: { increase?: boolean } = {}) =>
    checkWrite(p, {
      chain: 'base',
      chainType: 'ethereum',
      moves: [],
      approvals: [{ asset: TOKEN, amount, spender: BOB, ...extra }],
    });

  test('an approval is held to the token maximum per transaction and never counted per day', () => {
    assert.deepEqual(approve(50n, limited), []);
    forbidden(() => approve(51n, limited), /Approval of 51 exceeds .* maximum per transaction of 50/);
  });

  test('an approval above the daily limit, an unlimited one included, is refused unless the key allows it', () => {
    const dailyOnly = policy({ limits: [{ chain: 'base', asset: TOKEN, perDay: '10' }] });
    assert.deepEqual(approve(10n, dailyOnly), []);
    forbidden(
      () => approve(2n ** 256n - 1n, dailyOnly),
      /Approval of \d+ exceeds what this API key may move in 24 hours \(10\) for 0x833589.* on base; unlimited approvals need a key created with allowUnlimitedApprovals/,
    );
    forbidden(() => approve(11n, dailyOnly), /Approval of 11 exceeds/);
    const trusting = policy({
      limits: [{ chain: 'base', asset: TOKEN, perTransaction: '5', perDay: '10' }],
      allowUnlimitedApprovals: true,
    });
    assert.deepEqual(approve(2n ** 256n - 1n, trusting), []);
    // A token without a limit is never held back.
    assert.deepEqual(approve(2n ** 256n - 1n, policy({ limits: [] })), []);
  });

  test('an allowance raised by an amount is refused on a limited token, since its total cannot be seen', () => {
    const dailyOnly = policy({ limits: [{ chain: 'base', asset: TOKEN, perDay: '10' }] });
    forbidden(() => approve(1n, dailyOnly, { increase: true }), /raises an allowance .* cannot see/);
    assert.deepEqual(approve(1n, policy({}), { increase: true }), []);
    assert.deepEqual(
      approve(
        1n,
        policy({ limits: [{ chain: 'base', asset: TOKEN, perDay: '10' }], allowUnlimitedApprovals: true }),
        {
          increase: true,
        },
      ),
      [],
    );
  });

  test('moves of one asset in one write are summed against its limits', () => {
    const p = policy({ limits: [{ chain: 'base', asset: TOKEN, perTransaction: '10', perDay: '100' }] });
    const twice = (a: bigint, b: bigint) =>
      checkWrite(p, {
        chain: 'base',
        chainType: 'ethereum',
        moves: [
          { asset: TOKEN, amount: a },
          { asset: getAddress(TOKEN), amount: b },
        ],
      });
    assert.deepEqual(twice(4n, 6n), [{ asset: TOKEN, amount: 10n, perDay: 100n }]);
    forbidden(() => twice(5n, 6n), /Amount 11 exceeds .* maximum per transaction of 10/);
  });

  test('the daily limits to count are those of the assets moved that have a perDay, with what moved', () => {
    const swap = checkWrite(limited, {
      chain: 'base',
      chainType: 'ethereum',
      moves: [
        { asset: 'native', amount: 40n },
        { asset: getAddress(TOKEN), amount: 20n },
        { asset: BOB, amount: 5n },
      ],
    });
    assert.deepEqual(swap, [{ asset: 'native', amount: 40n, perDay: 1000n }]);
    const spl = checkWrite(limited, {
      chain: 'solana',
      chainType: 'solana',
      moves: [{ asset: MINT, amount: 3n }],
    });
    assert.deepEqual(spl, [{ asset: MINT, amount: 3n, perDay: 7n }]);
  });

  test('a move of zero counts against nothing', () => {
    assert.deepEqual(send(limited, 0n), []);
  });

  test('EVM allowlists match whatever the case; refusals name the recipient, spender or contract', () => {
    const p = policy({ recipients: [ALICE], contracts: [BOB] });
    send(p, 1n, { recipients: [getAddress(ALICE)] });
    send(p, 1n, { recipients: [`0x${ALICE.slice(2).toUpperCase()}`] });
    forbidden(() => send(p, 1n, { recipients: [BOB] }), /Recipient 0xfb69.* recipient allowlist/);
    checkWrite(p, {
      chain: 'base',
      chainType: 'ethereum',
      moves: [],
      approvals: [{ asset: TOKEN, amount: 1n, spender: ALICE }],
    });
    forbidden(
      () =>
        checkWrite(p, {
          chain: 'base',
          chainType: 'ethereum',
          moves: [],
          approvals: [{ asset: TOKEN, amount: 1n, spender: BOB }],
        }),
      /Spender .* recipient allowlist/,
    );
    checkWrite(p, { chain: 'base', chainType: 'ethereum', moves: [], contract: getAddress(BOB) });
    forbidden(
      () => checkWrite(p, { chain: 'base', chainType: 'ethereum', moves: [], contract: ALICE }),
      /Contract .* contract allowlist/,
    );
  });

  test('Solana allowlists match exactly: the same letters in another case are another address', () => {
    const p = policy({ recipients: [SOL_ALICE] });
    const solSend = (recipient: string) =>
      checkWrite(p, {
        chain: 'solana',
        chainType: 'solana',
        moves: [{ asset: 'native', amount: 1n }],
        recipients: [recipient],
      });
    solSend(SOL_ALICE);
    forbidden(() => solSend(SOL_ALICE.toLowerCase()), /recipient allowlist/);
  });

  test('a key limited to some chains is refused a write elsewhere', () => {
    forbidden(
      () => checkWrite(policy({ chains: ['solana'] }), { chain: 'base', chainType: 'ethereum', moves: [] }),
      /may not use chain base/,
    );
  });
});

describe('the daily limit refusal', () => {
  test('says how much is left of the daily limit', () => {
    const err = overDailyLimit('base', { asset: 'native', amount: 300n, perDay: 1000n }, 800n);
    assert.equal(err.code, 'FORBIDDEN');
    assert.match(err.message, /Amount 300 exceeds .* 24 hours for native on base: 200 of 1000 left/);
  });

  test('never says less than nothing is left', () => {
    const err = overDailyLimit('base', { asset: 'native', amount: 1n, perDay: 1000n }, 1500n);
    assert.match(err.message, /: 0 of 1000 left/);
  });
});
