// The pure rules under speed-up, cancel and simulation (issue 29): revert data decoded, value moves read
// from a struct-log trace (frames that reverted drop what they moved), and the fees a caller's
// replacement offers.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { encodeErrorResult, getAddress, pad, parseAbi, toHex } from 'viem';
import { stepOfCancelled } from '../../src/app/transactions/tracker-rules.ts';
import { callerFees } from '../../src/chains/evm/evm-fees.ts';
import { netChanges, TRANSFER_TOPIC, transfersOfTrace } from '../../src/chains/evm/evm-transfers.ts';
import { decodeRevertData } from '../../src/chains/evm/revert-reasons.ts';

const GWEI = 10n ** 9n;
const A = getAddress('0x00000000000000000000000000000000000000a1');
const B = getAddress('0x00000000000000000000000000000000000000b2');
const TOKEN = getAddress('0x00000000000000000000000000000000000000c3');
const ROUTER = getAddress('0x00000000000000000000000000000000000000d4');

describe('revert data decoded', () => {
  test('Error(string), Panic(uint256) with its meaning, a standard token error, an unknown selector', () => {
    const error = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['too late'],
    });
    assert.deepEqual(decodeRevertData(error), {
      reason: 'too late',
      data: error,
      decoded: { name: 'Error', signature: 'Error(string)', args: { message: 'too late' } },
    });
    const panic = encodeErrorResult({
      abi: parseAbi(['error Panic(uint256)']),
      errorName: 'Panic',
      args: [0x11n],
    });
    assert.equal(decodeRevertData(panic).reason, 'panic 0x11: arithmetic overflow or underflow');
    const allowance = encodeErrorResult({
      abi: parseAbi(['error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)']),
      errorName: 'ERC20InsufficientAllowance',
      args: [A, 1n, 2n],
    });
    assert.equal(
      decodeRevertData(allowance).reason,
      `ERC20InsufficientAllowance(spender ${A}, allowance 1, needed 2)`,
    );
    assert.deepEqual(decodeRevertData('0xdeadbeef'), {
      reason: 'custom error 0xdeadbeef (not a standard error)',
      data: '0xdeadbeef',
      decoded: null,
    });
    assert.equal(decodeRevertData('0x').reason, 'reverted without a reason');
  });
});

/** A struct-log step as Hardhat writes it: stack words without 0x, bottom first. */
const word = (v: bigint | string) => pad(typeof v === 'string' ? (v as `0x${string}`) : toHex(v)).slice(2);
const step = (depth: number, op: string, stack: (bigint | string)[] = [], memory: string[] = []) => ({
  depth,
  op,
  stack: stack.map(word),
  memory,
});
/** A LOG3 of Transfer(from, to, amount): amount in memory at 0, topics on the stack. */
const transferLog = (depth: number, from: string, to: string, amount: bigint) =>
  step(depth, 'LOG3', [to, from, TRANSFER_TOPIC, 32n, 0n], [word(amount)]);
/** A CALL with value: the stack's top is gas, then the callee, then the value. */
const call = (depth: number, to: string, value: bigint) =>
  step(depth, 'CALL', [0n, 0n, 0n, 0n, value, to, 100000n]);

describe('value moves read from a struct-log trace', () => {
  test('a transfer and an internal payment count; what a reverted frame moved does not', () => {
    const moved = transfersOfTrace(
      { from: A, to: ROUTER, value: 5n },
      {
        failed: false,
        gas: 50000,
        structLogs: [
          // The router pays B 3 wei (B has no code: back at once, success on the stack).
          call(1, B, 3n),
          step(1, 'POP', [1n]),
          // The router calls the token, which moves 7 tokens from the router to A.
          call(1, TOKEN, 0n),
          transferLog(2, ROUTER, A, 7n),
          step(2, 'RETURN'),
          step(1, 'POP', [1n]),
          // A second call to the token moves 9, then reverts: its transfer is undone.
          call(1, TOKEN, 0n),
          transferLog(2, ROUTER, B, 9n),
          step(2, 'REVERT'),
          step(1, 'POP', [0n]),
          step(1, 'STOP'),
        ],
      },
    );
    assert.deepEqual(netChanges(moved, A), [
      { address: A, asset: 'native', delta: -5n },
      { address: A, asset: TOKEN, delta: 7n },
      { address: ROUTER, asset: 'native', delta: 2n },
      { address: B, asset: 'native', delta: 3n },
      { address: ROUTER, asset: TOKEN, delta: -7n },
    ]);
  });

  test('a call that failed moved nothing', () => {
    assert.deepEqual(
      transfersOfTrace(
        { from: A, to: TOKEN, value: 0n },
        { failed: true, gas: 30000, structLogs: [transferLog(1, A, B, 1n), step(1, 'REVERT')] },
      ),
      [],
    );
  });
});

describe('the fees of a caller’s speed-up or cancel', () => {
  const market = { baseFee: 10n * GWEI, priorityFee: 1n * GWEI, gasPrice: null };
  const previous = { maxFeePerGas: 40n * GWEI, maxPriorityFeePerGas: 2n * GWEI };
  const limits = { cap: 100n * GWEI, ceiling: 1000n * GWEI };

  test('both fees rise by 12.5 % at least, or to the values asked when higher', () => {
    assert.deepEqual(callerFees(previous, market, limits, {}), {
      maxFeePerGas: 45n * GWEI,
      maxPriorityFeePerGas: 2_250_000_000n,
    });
    assert.deepEqual(
      callerFees(previous, market, limits, { maxFeePerGas: 300n * GWEI, maxPriorityFeePerGas: 5n * GWEI }),
      {
        maxFeePerGas: 300n * GWEI,
        maxPriorityFeePerGas: 5n * GWEI,
      },
    );
  });

  test('the cap holds unless a higher maxFeePerGas is named, which the ceiling bounds', () => {
    const high = { maxFeePerGas: 95n * GWEI, maxPriorityFeePerGas: 2n * GWEI };
    const refused = callerFees(high, market, limits, {});
    assert.ok('refusal' in refused);
    assert.match(refused.refusal, /above the fee cap of 100000000000 wei .* name a higher maxFeePerGas/);
    assert.deepEqual(callerFees(high, market, limits, { maxFeePerGas: 120n * GWEI }), {
      maxFeePerGas: 120n * GWEI,
      maxPriorityFeePerGas: 2_250_000_000n,
    });
    const over = callerFees(previous, market, limits, { maxFeePerGas: 1001n * GWEI });
    assert.ok('refusal' in over && /above the operator's ceiling/.test(over.refusal));
  });

  test('a legacy gas price rises the same way', () => {
    assert.deepEqual(callerFees({ gasPrice: 8n * GWEI }, { ...market, gasPrice: 5n * GWEI }, limits, {}), {
      gasPrice: 9n * GWEI,
    });
  });
});

describe('the tracker’s step for a cancelled transaction', () => {
  const attempt = (n: number, hash: string) => ({
    attempt: n,
    hash,
    signedTx: '0x',
    fees: {},
    lastValidBlockHeight: null,
    createdAt: new Date(0),
  });
  const tx = {
    attempts: [attempt(1, '0xaa'), attempt(2, '0xbb')],
    nonce: 4n,
    details: { cancel: { requestedAt: '2026-01-01T00:00:00.000Z', fromAttempt: 2 } },
  };
  const confirmed = (hash: string) =>
    ({
      kind: 'move',
      status: 'CONFIRMED',
      change: { hash, landed: { block: 9n, blockHash: '0x01' }, stuckReason: null },
    }) as const;

  test('the cancel landed: FAILED as cancelled, its amount given back; the original landed: CONFIRMED', () => {
    const step = stepOfCancelled(tx, confirmed('0xbb'));
    assert.equal(step.kind === 'move' && step.status, 'FAILED');
    assert.match(
      step.kind === 'move' ? (step.change.error ?? '') : '',
      /^Cancelled: .*\(0xbb\) took nonce 4/,
    );
    assert.deepEqual(step.kind === 'move' && step.change.details, { cancelLanded: true });
    assert.deepEqual(stepOfCancelled(tx, confirmed('0xaa')), confirmed('0xaa'));
    assert.deepEqual(
      stepOfCancelled({ ...tx, details: {} }, confirmed('0xbb')),
      confirmed('0xbb'),
      'not cancelled',
    );
  });

  test('Solana: never signed again once expired, and gone is said to be cancelled', () => {
    const solana = { ...tx, details: { cancel: { requestedAt: '', fromAttempt: null } } };
    const step = stepOfCancelled(solana, { kind: 'replace', required: true });
    assert.equal(step.kind === 'move' && step.status, 'FAILED');
    assert.deepEqual(stepOfCancelled(solana, { kind: 'replace', required: false }), {
      kind: 'replace',
      required: false,
    });
    const gone = stepOfCancelled(solana, {
      kind: 'move',
      status: 'FAILED',
      change: { error: 'Transaction expired' },
    });
    assert.equal(gone.kind === 'move' && gone.change.error, 'Cancelled: Transaction expired');
  });
});
