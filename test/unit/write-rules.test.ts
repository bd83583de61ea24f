// The write path's pure rules (issue 10), without chains or databases: what a broadcast answer
// proves on each chain family, and the fee arithmetic of first offers and replacements.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_NODE_UNHEALTHY,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  SolanaError,
} from '@solana/kit';
import { HttpRequestError, RpcRequestError, TimeoutError, TransactionExecutionError } from 'viem';
import { bump, initialFees, replacementFees } from '../../src/chains/evm/evm-fees.ts';
import { classifyEvmBroadcastError } from '../../src/chains/evm/evm-outcomes.ts';
import { classifySolanaBroadcastError } from '../../src/chains/solana/solana-outcomes.ts';

const GWEI = 1_000_000_000n;
const url = 'http://127.0.0.1:1';
const rpcError = (message: string, code = -32000) =>
  new RpcRequestError({ body: { method: 'eth_sendRawTransaction' }, error: { code, message }, url });

describe('EVM broadcast outcomes', () => {
  const cases: Array<[string, unknown, string]> = [
    ['geth: already known', rpcError('already known'), 'accepted'],
    ['Hardhat: known transaction', rpcError('Known transaction: 0xabc'), 'accepted'],
    ['geth: nonce too low', rpcError('nonce too low: next nonce 5, tx nonce 4'), 'nonce-used'],
    [
      'Hardhat: nonce too high while automining',
      rpcError(
        "Nonce too high. Expected nonce to be 0 but got 1. Note that transactions can't be queued when automining.",
      ),
      'nonce-gap',
    ],
    ['geth: replacement underpriced', rpcError('replacement transaction underpriced'), 'underpriced'],
    [
      'geth: fee cap below base fee',
      rpcError('max fee per gas less than block base fee: address 0x…, maxFeePerGas: 1, baseFee: 2'),
      'underpriced',
    ],
    [
      'Hardhat: too low for the next block',
      rpcError('Transaction maxFeePerGas (1) is too low for the next block, which has a baseFeePerGas of 2'),
      'underpriced',
    ],
    [
      'geth: insufficient funds',
      rpcError('insufficient funds for gas * price + value'),
      'insufficient-funds',
    ],
    [
      'Hardhat: not enough funds',
      rpcError("sender doesn't have enough funds to send tx. The max upfront cost is: 1"),
      'insufficient-funds',
    ],
    ['geth: intrinsic gas too low', rpcError('intrinsic gas too low'), 'invalid'],
    ['geth: invalid sender', rpcError('invalid sender'), 'invalid'],
    ['an unrecognised JSON-RPC error', rpcError('internal error', -32603), 'uncertain'],
    ['a rate limit as a JSON-RPC error', rpcError('rate limited', -32005), 'uncertain'],
    ['a timeout', new TimeoutError({ body: {}, url }), 'uncertain'],
    ['a gateway 502', new HttpRequestError({ url, status: 502, body: {} }), 'uncertain'],
    ['a gateway 429', new HttpRequestError({ url, status: 429, body: {} }), 'uncertain'],
    ['a connection reset', new HttpRequestError({ url, cause: new Error('socket hang up') }), 'uncertain'],
    ['not a viem error', new Error('boom'), 'uncertain'],
  ];
  for (const [label, err, kind] of cases)
    test(`${label} → ${kind}`, () => assert.equal(classifyEvmBroadcastError(err).kind, kind));

  test('a node answer wrapped by viem is still read', () => {
    const wrapped = new TransactionExecutionError(rpcError('nonce too low'), { account: null });
    assert.equal(classifyEvmBroadcastError(wrapped).kind, 'nonce-used');
  });
});

describe('Solana broadcast outcomes', () => {
  const preflight = (cause: SolanaError | undefined) => {
    const err = new SolanaError(SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE, {
      accounts: null,
      logs: [],
      returnData: null,
      unitsConsumed: 0n,
      ...(cause ? { cause } : {}),
    } as never);
    return err;
  };
  const cases: Array<[string, unknown, string]> = [
    [
      'preflight: already processed',
      preflight(new SolanaError(SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)),
      'accepted',
    ],
    [
      'preflight: insufficient funds for fee',
      preflight(new SolanaError(SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE)),
      'insufficient-funds',
    ],
    [
      'preflight: blockhash not found',
      preflight(new SolanaError(SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)),
      'invalid',
    ],
    [
      'node unhealthy',
      new SolanaError(SOLANA_ERROR__JSON_RPC__SERVER_ERROR_NODE_UNHEALTHY, { numSlotsBehind: 42n } as never),
      'uncertain',
    ],
    [
      'gateway 503',
      new SolanaError(SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, {
        headers: new Headers(),
        message: 'Service Unavailable',
        statusCode: 503,
      }),
      'uncertain',
    ],
    [
      'an abort (timeout)',
      new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      'uncertain',
    ],
  ];
  for (const [label, err, kind] of cases)
    test(`${label} → ${kind}`, () => assert.equal(classifySolanaBroadcastError(err).kind, kind));
});

describe('EVM fees', () => {
  test('a replacement raises both the tip and the fee cap by at least 12.5 %', () => {
    assert.equal(bump(8n), 9n);
    assert.equal(bump(9n), 11n, 'rounded up');
    const previous = { maxFeePerGas: 10n * GWEI, maxPriorityFeePerGas: 2n * GWEI };
    const next = replacementFees(
      previous,
      { baseFee: 1n * GWEI, priorityFee: 1n * GWEI, gasPrice: null },
      1000n * GWEI,
    );
    assert.deepEqual(next, { maxFeePerGas: 11_250_000_000n, maxPriorityFeePerGas: 2_250_000_000n });
  });

  test('a replacement meets the market when the base fee jumped', () => {
    const previous = { maxFeePerGas: 3n * GWEI, maxPriorityFeePerGas: 1n * GWEI };
    const next = replacementFees(
      previous,
      { baseFee: 50n * GWEI, priorityFee: 1n * GWEI, gasPrice: null },
      1000n * GWEI,
    );
    assert.deepEqual(next, { maxFeePerGas: 101_125_000_000n, maxPriorityFeePerGas: 1_125_000_000n });
  });

  test('the cap bounds a replacement, and leaves none when even the least one would pass it', () => {
    const market = { baseFee: 20n * GWEI, priorityFee: 1n * GWEI, gasPrice: null };
    assert.deepEqual(
      replacementFees({ maxFeePerGas: 3n * GWEI, maxPriorityFeePerGas: 1n * GWEI }, market, 5n * GWEI),
      {
        maxFeePerGas: 5n * GWEI,
        maxPriorityFeePerGas: 1_125_000_000n,
      },
    );
    assert.equal(
      replacementFees({ maxFeePerGas: 5n * GWEI, maxPriorityFeePerGas: 1n * GWEI }, market, 5n * GWEI),
      null,
    );
  });

  test('legacy gas prices follow the same rule', () => {
    const market = { baseFee: null, priorityFee: 0n, gasPrice: 30n * GWEI };
    assert.deepEqual(initialFees(market, 100n * GWEI), { gasPrice: 30n * GWEI });
    assert.deepEqual(replacementFees({ gasPrice: 30n * GWEI }, market, 100n * GWEI), {
      gasPrice: 33_750_000_000n,
    });
    assert.equal(replacementFees({ gasPrice: 90n * GWEI }, market, 100n * GWEI), null);
  });

  test('the first offer leaves room for the base fee to double, under the cap', () => {
    const market = { baseFee: 10n * GWEI, priorityFee: 2n * GWEI, gasPrice: null };
    assert.deepEqual(initialFees(market, 1000n * GWEI), {
      maxFeePerGas: 22n * GWEI,
      maxPriorityFeePerGas: 2n * GWEI,
    });
    assert.deepEqual(initialFees(market, 15n * GWEI), {
      maxFeePerGas: 15n * GWEI,
      maxPriorityFeePerGas: 2n * GWEI,
    });
  });
});
