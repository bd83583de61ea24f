// An API key's rules for what a write does beyond a plain send (issue 26): contract calls read from
// their call data, native value sent with a call, wrapped SOL as SOL, and the unlimited approvals
// option as stored.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { encodeFunctionData, erc20Abi, getAddress, maxUint256 } from 'viem';
import {
  type KeyPolicy,
  type KeyPolicyInput,
  loadKeyPolicy,
  parseKeyPolicy,
  storeKeyPolicy,
} from '../../src/app/key-policies.ts';
import { checkWrite, type WriteSpend } from '../../src/app/key-write-rules.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { evmContract } from '../../src/chains/evm/evm-rules.ts';

const chains = createChainRegistry({});
const policy = (input: KeyPolicyInput) => parseKeyPolicy(chains, input);

const TOKEN = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
const ALICE = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
const BOB = '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359';

function forbidden(run: () => unknown, message: RegExp) {
  assert.throws(run, (err: { code?: string; status?: number; message?: string }) => {
    assert.equal(err.code, 'FORBIDDEN');
    assert.equal(err.status, 403);
    assert.match(err.message ?? '', message);
    return true;
  });
}

function refusedInput(run: () => unknown, path: string, message: RegExp) {
  assert.throws(run, (err: { code?: string; message?: string; details?: { path: string }[] }) => {
    assert.equal(err.code, 'INVALID_INPUT');
    assert.equal(err.details?.[0]?.path, path);
    assert.match(err.message ?? '', message);
    return true;
  });
}

describe('what a contract call is held to, from its call data', () => {
  const spendOf = (to: string, data: `0x${string}`, value?: string) =>
    evmContract(chains.get('base'), { chain: 'base', to, data, ...(value ? { value } : {}) }).spend;

  test("a transfer call moves the called token to its recipient, with the call's native value", () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [getAddress(ALICE), 9n],
    });
    const spend = spendOf(TOKEN, data, '5');
    assert.deepEqual(
      spend.moves.map((m) => [m.asset.toLowerCase(), m.amount]),
      [
        ['native', 5n],
        [TOKEN, 9n],
      ],
    );
    assert.deepEqual(
      spend.recipients?.map((r) => r.toLowerCase()),
      [ALICE],
    );
    assert.equal(spend.valueTo?.amount, 5n);
    const p = policy({ limits: [{ chain: 'base', asset: TOKEN, perDay: '8' }] });
    assert.deepEqual(checkWrite(p, spend), [{ asset: TOKEN, amount: 9n, perDay: 8n }]);
  });

  test('an approve call is an approval of the called token, held to its daily limit', () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'approve',
      args: [getAddress(BOB), maxUint256],
    });
    const p = policy({ limits: [{ chain: 'base', asset: TOKEN, perDay: '8' }] });
    forbidden(
      () => checkWrite(p, spendOf(TOKEN, data)),
      /Approval of \d+ exceeds what this API key may move in 24 hours/,
    );
  });
});

describe('a contract call under a policy', () => {
  const call = (p: KeyPolicy, extra: Partial<WriteSpend>) =>
    checkWrite(p, { chain: 'base', chainType: 'ethereum', moves: [], contract: BOB, ...extra });

  test('native value goes only to an address on the recipient allowlist; no value, no check', () => {
    const p = policy({ recipients: [ALICE] });
    forbidden(
      () => call(p, { valueTo: { address: BOB, amount: 1n } }),
      /native value \(1\) to 0xfb69.*: 0xfb69.* is not on this API key's recipient allowlist/,
    );
    call(p, { valueTo: { address: getAddress(ALICE), amount: 1n } });
    call(p, { valueTo: { address: BOB, amount: 0n } });
    call(policy({}), { valueTo: { address: BOB, amount: 1n } });
  });

  test('a call the key cannot read is refused when it calls a limited token', () => {
    const p = policy({ limits: [{ chain: 'base', asset: TOKEN, perDay: '10' }] });
    const unknownCall = {
      reason: 'a call of function 0x70a08231, which is not decoded',
      mayMoveTokens: false,
    };
    forbidden(
      () => call(p, { contract: getAddress(TOKEN), unknownCall }),
      /limits 0x833589fcd6edb6e08f4c7c32d4f71b54bda02913 on base, and calls it only with transfer.*0x70a08231/,
    );
    // Another contract could spend an allowance the wallet gave: only one the key names.
    forbidden(
      () => call(p, { contract: BOB, unknownCall }),
      /may spend allowances the wallet gave.*only when they are on its contract allowlist/,
    );
    call(policy({ limits: [{ chain: 'base', asset: TOKEN, perDay: '10' }], contracts: [BOB] }), {
      contract: BOB,
      unknownCall,
    });
    call(policy({}), { contract: BOB, unknownCall });
  });

  test('a call that may move tokens and cannot be read is refused to a key with token rules only', () => {
    const unknownCall = {
      reason: 'a call of function 0xdeadbeef, which is not decoded',
      mayMoveTokens: true,
    };
    forbidden(
      () => call(policy({ limits: [{ chain: 'base', asset: TOKEN, perDay: '10' }] }), { unknownCall }),
      /cannot account for a call to 0xfb69.*: a call of function 0xdeadbeef.*token limits/,
    );
    forbidden(() => call(policy({ recipients: [ALICE] }), { unknownCall }), /a recipient allowlist/);
    call(policy({ limits: [{ chain: 'base', asset: 'native', perDay: '10' }] }), { unknownCall });
    call(policy({ limits: [{ chain: 'ethereum', asset: TOKEN, perDay: '10' }] }), { unknownCall });
  });
});

describe('wrapped SOL is native SOL for limits', () => {
  const WSOL = 'So11111111111111111111111111111111111111112';
  const sol = (p: KeyPolicy, asset: string, amount: bigint) =>
    checkWrite(p, { chain: 'solana', chainType: 'solana', moves: [{ asset, amount }] });

  test('a limit set on the wrapped SOL mint is a native limit, and a second one for native is refused', () => {
    const p = policy({ limits: [{ chain: 'solana', asset: WSOL, perTransaction: '5', perDay: '8' }] });
    assert.equal(p.limits[0]?.asset, 'native');
    refusedInput(
      () =>
        policy({
          limits: [
            { chain: 'solana', asset: 'native', perDay: '1' },
            { chain: 'solana', asset: WSOL, perDay: '2' },
          ],
        }),
      'limits[1]',
      /a second limit for native on solana \(wrapped SOL is native SOL\)/,
    );
  });

  test('a move of wrapped SOL counts against the native limit, and native against a limit set on the mint', () => {
    const native = policy({
      limits: [{ chain: 'solana', asset: 'native', perTransaction: '5', perDay: '8' }],
    });
    assert.deepEqual(sol(native, WSOL, 3n), [{ asset: 'native', amount: 3n, perDay: 8n }]);
    forbidden(() => sol(native, WSOL, 6n), /maximum per transaction of 5 for native on solana/);
    const mint = policy({ limits: [{ chain: 'solana', asset: WSOL, perTransaction: '5' }] });
    forbidden(() => sol(mint, 'native', 6n), /maximum per transaction of 5 for native/);
  });

  test('a stored key with limits on both keeps the stricter of each', () => {
    const stored = storeKeyPolicy(policy({ limits: [{ chain: 'solana', asset: 'native', perDay: '9' }] }));
    stored.limits.push({ chain: 'solana', asset: WSOL, perTransaction: '4', perDay: '20' });
    assert.deepEqual(loadKeyPolicy(stored).limits, [
      { chain: 'solana', asset: 'native', perTransaction: 4n, perDay: 9n },
    ]);
  });
});

describe('storing the unlimited approvals option', () => {
  test('it is false unless chosen, kept when stored, and false for keys stored before it', () => {
    assert.equal(policy({}).allowUnlimitedApprovals, false);
    const chosen = policy({ allowUnlimitedApprovals: true });
    assert.equal(loadKeyPolicy(storeKeyPolicy(chosen)).allowUnlimitedApprovals, true);
    const { allowUnlimitedApprovals: _, ...older } = storeKeyPolicy(policy({ scopes: ['read'] }));
    assert.equal(loadKeyPolicy(older).allowUnlimitedApprovals, false);
  });
});
