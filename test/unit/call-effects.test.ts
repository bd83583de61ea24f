// What a contract call moves or grants, read from its call data (issue 26: API key rules must see
// token transfers and approvals made through POST /contracts/send).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { type Address, encodeFunctionData, erc20Abi, getAddress, maxUint256, parseAbi } from 'viem';
import { callEffects, PERMIT2_ADDRESS } from '../../src/chains/evm/call-effects.ts';

const TOKEN: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const OTHER_TOKEN = getAddress('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359');
const ALICE: Address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BOB: Address = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';

const ERC20 = parseAbi([
  'function transferFrom(address from, address to, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function decreaseAllowance(address spender, uint256 subtractedValue)',
]);
const PERMIT2 = parseAbi([
  'struct PermitDetails { address token; uint160 amount; uint48 expiration; uint48 nonce; }',
  'struct PermitSingle { PermitDetails details; address spender; uint256 sigDeadline; }',
  'struct PermitBatch { PermitDetails[] details; address spender; uint256 sigDeadline; }',
  'struct AllowanceTransferDetails { address from; address to; uint160 amount; address token; }',
  'struct TokenPermissions { address token; uint256 amount; }',
  'struct PermitTransferFrom { TokenPermissions permitted; uint256 nonce; uint256 deadline; }',
  'struct PermitBatchTransferFrom { TokenPermissions[] permitted; uint256 nonce; uint256 deadline; }',
  'struct SignatureTransferDetails { address to; uint256 requestedAmount; }',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, PermitSingle permitSingle, bytes signature)',
  'function permit(address owner, PermitBatch permitBatch, bytes signature)',
  'function transferFrom(address from, address to, uint160 amount, address token)',
  'function transferFrom(AllowanceTransferDetails[] transferDetails)',
  'function permitTransferFrom(PermitTransferFrom permit, SignatureTransferDetails transferDetails, address owner, bytes signature)',
  'function permitTransferFrom(PermitBatchTransferFrom permit, SignatureTransferDetails[] transferDetails, address owner, bytes signature)',
  'function permitWitnessTransferFrom(PermitTransferFrom permit, SignatureTransferDetails transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature)',
  'function invalidateNonces(address token, address spender, uint48 newNonce)',
]);
const SIG = '0x1234';

describe('ERC20 calls', () => {
  test('transfer moves the called token to its `to`', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ALICE, 500_000n] });
    assert.deepEqual(callEffects(TOKEN, data), {
      transfers: [{ token: TOKEN, to: ALICE, amount: 500_000n }],
      approvals: [],
      unknown: null,
    });
  });

  test('transferFrom moves the called token to its `to`, whoever it is taken from', () => {
    const data = encodeFunctionData({ abi: ERC20, functionName: 'transferFrom', args: [BOB, ALICE, 7n] });
    assert.deepEqual(callEffects(TOKEN, data).transfers, [{ token: TOKEN, to: ALICE, amount: 7n }]);
  });

  test('approve and increaseAllowance grant the called token; decreaseAllowance grants nothing', () => {
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [BOB, maxUint256] });
    assert.deepEqual(callEffects(TOKEN, approve).approvals, [
      { token: TOKEN, spender: BOB, amount: maxUint256, via: 'approve' },
    ]);
    const increase = encodeFunctionData({ abi: ERC20, functionName: 'increaseAllowance', args: [BOB, 3n] });
    assert.deepEqual(callEffects(TOKEN, increase).approvals, [
      { token: TOKEN, spender: BOB, amount: 3n, via: 'increaseAllowance', increase: true },
    ]);
    const decrease = encodeFunctionData({ abi: ERC20, functionName: 'decreaseAllowance', args: [BOB, 3n] });
    assert.deepEqual(callEffects(TOKEN, decrease), { transfers: [], approvals: [], unknown: null });
  });

  test('any transfer amount up to 2^256-1 is read back exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: maxUint256 }), (amount) => {
        const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ALICE, amount] });
        assert.equal(callEffects(TOKEN, data).transfers[0]?.amount, amount);
      }),
    );
  });

  test('no call data moves nothing; a function not decoded is said to be unknown', () => {
    assert.deepEqual(callEffects(ALICE, '0x'), { transfers: [], approvals: [], unknown: null });
    const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [ALICE] });
    assert.deepEqual(callEffects(TOKEN, balanceOf).unknown, {
      reason: 'a call of function 0x70a08231, which is not decoded',
      mayMoveTokens: false,
    });
    assert.equal(callEffects(TOKEN, '0x1234').unknown?.mayMoveTokens, false);
  });

  test('the token transfers of ERC-1363, ERC-777, ERC-721 and ERC-1155 are not counted, and may move tokens', () => {
    const OTHERS = parseAbi([
      'function transferAndCall(address to, uint256 amount, bytes data)',
      'function send(address to, uint256 amount, bytes data)',
      'function safeTransferFrom(address from, address to, uint256 tokenId)',
      'function setApprovalForAll(address operator, bool approved)',
      'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
    ]);
    const calls = [
      encodeFunctionData({ abi: OTHERS, functionName: 'transferAndCall', args: [ALICE, 1n, '0x'] }),
      encodeFunctionData({ abi: OTHERS, functionName: 'send', args: [ALICE, 1n, '0x'] }),
      encodeFunctionData({ abi: OTHERS, functionName: 'safeTransferFrom', args: [BOB, ALICE, 1n] }),
      encodeFunctionData({ abi: OTHERS, functionName: 'setApprovalForAll', args: [ALICE, true] }),
      encodeFunctionData({
        abi: OTHERS,
        functionName: 'safeBatchTransferFrom',
        args: [BOB, ALICE, [1n], [1n], '0x'],
      }),
    ];
    for (const data of calls)
      assert.deepEqual(callEffects(TOKEN, data), {
        transfers: [],
        approvals: [],
        unknown: {
          reason: `a call of function ${data.slice(0, 10)}, which is not decoded`,
          mayMoveTokens: true,
        },
      });
  });

  test('data cut short for a function that moves tokens is unknown and may move tokens', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [ALICE, 1n] });
    const effects = callEffects(TOKEN, data.slice(0, 40) as `0x${string}`);
    assert.deepEqual(effects.transfers, []);
    assert.equal(effects.unknown?.mayMoveTokens, true);
    assert.match(effects.unknown?.reason ?? '', /does not decode as the function of selector 0xa9059cbb/);
  });
});

describe('Permit2 calls', () => {
  const details = (token: Address, amount: bigint) => ({ token, amount, expiration: 1, nonce: 0 });

  test('approve grants its token argument, not the contract called', () => {
    const data = encodeFunctionData({
      abi: PERMIT2,
      functionName: 'approve',
      args: [TOKEN, BOB, 2n ** 160n - 1n, 2_000_000_000],
    });
    assert.deepEqual(callEffects(PERMIT2_ADDRESS, data).approvals, [
      { token: TOKEN, spender: BOB, amount: 2n ** 160n - 1n, via: 'Permit2 approve' },
    ]);
  });

  test('permit grants each token of a single or a batch permit to its spender', () => {
    const single = encodeFunctionData({
      abi: PERMIT2,
      functionName: 'permit',
      args: [ALICE, { details: details(TOKEN, 5n), spender: BOB, sigDeadline: 1n }, SIG],
    });
    assert.deepEqual(callEffects(PERMIT2_ADDRESS, single).approvals, [
      { token: TOKEN, spender: BOB, amount: 5n, via: 'Permit2 permit' },
    ]);
    const batch = encodeFunctionData({
      abi: PERMIT2,
      functionName: 'permit',
      args: [
        ALICE,
        { details: [details(TOKEN, 5n), details(OTHER_TOKEN, 6n)], spender: BOB, sigDeadline: 1n },
        SIG,
      ],
    });
    assert.deepEqual(
      callEffects(PERMIT2_ADDRESS, batch).approvals.map((a) => [a.token, a.amount]),
      [
        [TOKEN, 5n],
        [OTHER_TOKEN, 6n],
      ],
    );
  });

  test('transferFrom, single and batch, moves each token argument to its `to`', () => {
    const single = encodeFunctionData({
      abi: PERMIT2,
      functionName: 'transferFrom',
      args: [BOB, ALICE, 9n, TOKEN],
    });
    assert.deepEqual(callEffects(PERMIT2_ADDRESS, single).transfers, [
      { token: TOKEN, to: ALICE, amount: 9n },
    ]);
    const batch = encodeFunctionData({
      abi: PERMIT2,
      functionName: 'transferFrom',
      args: [
        [
          { from: BOB, to: ALICE, amount: 1n, token: TOKEN },
          { from: BOB, to: BOB, amount: 2n, token: OTHER_TOKEN },
        ],
      ],
    });
    assert.deepEqual(callEffects(PERMIT2_ADDRESS, batch).transfers, [
      { token: TOKEN, to: ALICE, amount: 1n },
      { token: OTHER_TOKEN, to: BOB, amount: 2n },
    ]);
  });

  test('signature transfers move the permitted token of each transfer, witness or not', () => {
    const permit = { permitted: { token: TOKEN, amount: 10n }, nonce: 0n, deadline: 1n };
    const transfer = { to: ALICE, requestedAmount: 4n };
    const plain = encodeFunctionData({
      abi: PERMIT2,
      functionName: 'permitTransferFrom',
      args: [permit, transfer, BOB, SIG],
    });
    const witness = encodeFunctionData({
      abi: PERMIT2,
      functionName: 'permitWitnessTransferFrom',
      args: [permit, transfer, BOB, `0x${'00'.repeat(32)}`, 'Witness(uint256 x)', SIG],
    });
    for (const data of [plain, witness])
      assert.deepEqual(callEffects(PERMIT2_ADDRESS, data).transfers, [
        { token: TOKEN, to: ALICE, amount: 4n },
      ]);
    const batch = encodeFunctionData({
      abi: PERMIT2,
      functionName: 'permitTransferFrom',
      args: [
        {
          permitted: [
            { token: TOKEN, amount: 10n },
            { token: OTHER_TOKEN, amount: 10n },
          ],
          nonce: 0n,
          deadline: 1n,
        },
        [transfer, { to: BOB, requestedAmount: 3n }],
        BOB,
        SIG,
      ],
    });
    assert.deepEqual(callEffects(PERMIT2_ADDRESS, batch).transfers, [
      { token: TOKEN, to: ALICE, amount: 4n },
      { token: OTHER_TOKEN, to: BOB, amount: 3n },
    ]);
  });

  test('nonce invalidation grants nothing; any other function of Permit2 may move tokens', () => {
    const data = encodeFunctionData({
      abi: PERMIT2,
      functionName: 'invalidateNonces',
      args: [TOKEN, BOB, 3],
    });
    assert.deepEqual(callEffects(PERMIT2_ADDRESS, data), { transfers: [], approvals: [], unknown: null });
    assert.deepEqual(callEffects(PERMIT2_ADDRESS, '0xdeadbeef').unknown, {
      reason: 'a call of function 0xdeadbeef, which is not decoded',
      mayMoveTokens: true,
    });
    assert.equal(callEffects(ALICE, '0xdeadbeef').unknown?.mayMoveTokens, false);
  });
});

describe('call data at the edges (npm run test:mutation)', () => {
  test('Permit2 is known by its address as written on chain, in any case', () => {
    for (const to of [
      '0x000000000022D473030F116dDEE9F6B43aC78BA3',
      '0x000000000022d473030f116ddee9f6b43ac78ba3',
    ] as const)
      assert.equal(callEffects(to, '0xdeadbeef').unknown?.mayMoveTokens, true, to);
  });

  test('data shorter than a selector is said to be so', () => {
    assert.deepEqual(callEffects(ALICE, '0x1234').unknown, {
      reason: 'call data shorter than a function selector',
      mayMoveTokens: false,
    });
  });

  test('a signature transfer with more transfers than permitted tokens is unknown, and may move tokens', () => {
    const data = encodeFunctionData({
      abi: parseAbi([
        'struct TokenPermissions { address token; uint256 amount; }',
        'struct PermitBatchTransferFrom { TokenPermissions[] permitted; uint256 nonce; uint256 deadline; }',
        'struct SignatureTransferDetails { address to; uint256 requestedAmount; }',
        'function permitTransferFrom(PermitBatchTransferFrom permit, SignatureTransferDetails[] transferDetails, address owner, bytes signature)',
      ]),
      functionName: 'permitTransferFrom',
      args: [
        { permitted: [{ token: TOKEN, amount: 10n }], nonce: 0n, deadline: 1n },
        [
          { to: ALICE, requestedAmount: 4n },
          { to: BOB, requestedAmount: 3n },
        ],
        BOB,
        SIG,
      ],
    });
    const effects = callEffects(PERMIT2_ADDRESS, data);
    assert.deepEqual(effects.transfers, []);
    assert.equal(effects.unknown?.mayMoveTokens, true);
    assert.match(effects.unknown?.reason ?? '', /does not decode as the function of selector 0x/);
  });
});
