// What a broadcast answer proves, beyond the node wordings in write-rules.test.ts: the table's order
// and reach (README "A signed transaction is a commitment"). Only a node's own answer, in words
// that show it evaluated the transaction, is a refusal; anything else may have reached the chain.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  SolanaError,
} from '@solana/kit';
import fc from 'fast-check';
import { HttpRequestError, RpcRequestError, TimeoutError } from 'viem';
import { classifyEvmBroadcastError, EVM_BROADCAST_OUTCOMES } from '../../src/chains/evm/evm-outcomes.ts';
import { classifySolanaBroadcastError } from '../../src/chains/solana/solana-outcomes.ts';

const url = 'http://127.0.0.1:1';
const rpcError = (message: string, code = -32000) =>
  new RpcRequestError({ body: { method: 'eth_sendRawTransaction' }, error: { code, message }, url });

describe('EVM broadcast outcomes: the table', () => {
  const cases: Array<[string, string]> = [
    ['already in mempool', 'accepted'],
    ['transaction already exists in the pool', 'accepted'],
    ['nonce has already been used', 'nonce-used'],
    ['OldNonce', 'nonce-used'],
    ['nonce gap', 'nonce-gap'],
    ['transaction underpriced', 'underpriced'],
    ['tip too low', 'underpriced'],
    ['insufficient balance for transfer', 'insufficient-funds'],
    ['exceeds block gas limit', 'invalid'],
    ['invalid chain id', 'invalid'],
    ['max priority fee per gas higher than max fee per gas', 'invalid'],
    ['rlp: expected input list for types.LegacyTx', 'invalid'],
    ['execution reverted', 'uncertain'],
  ];
  for (const [message, kind] of cases)
    test(`a node answering "${message}" → ${kind}`, () =>
      assert.equal(classifyEvmBroadcastError(rpcError(message)).kind, kind));

  test('a node message is matched whatever its case', () => {
    assert.equal(classifyEvmBroadcastError(rpcError('NONCE TOO LOW')).kind, 'nonce-used');
    assert.equal(classifyEvmBroadcastError(rpcError('Insufficient Funds')).kind, 'insufficient-funds');
  });

  test('the first matching row wins: a transaction the node already has is accepted, whatever else it says', () => {
    assert.equal(classifyEvmBroadcastError(rpcError('already known: nonce too low')).kind, 'accepted');
    assert.equal(classifyEvmBroadcastError(rpcError('nonce too low; insufficient funds')).kind, 'nonce-used');
  });

  test('a refusal keeps the node message as its reason, and the error as its cause', () => {
    const err = rpcError('insufficient funds for gas * price + value');
    const outcome = classifyEvmBroadcastError(err);
    assert.ok(outcome.kind === 'insufficient-funds', outcome.kind);
    assert.equal(outcome.reason, 'insufficient funds for gas * price + value');
    assert.equal(outcome.cause, err);
  });

  test('an error that only says "nonce too low" without being a node answer proves nothing', () => {
    assert.equal(classifyEvmBroadcastError(new Error('nonce too low')).kind, 'uncertain');
    assert.equal(classifyEvmBroadcastError('nonce too low').kind, 'uncertain');
  });

  test('a gateway or timeout error carrying refusal words in its text proves nothing', () => {
    const gateway = new HttpRequestError({ url, status: 502, body: {}, details: 'insufficient funds' });
    assert.equal(classifyEvmBroadcastError(gateway).kind, 'uncertain');
    assert.equal(
      classifyEvmBroadcastError(new TimeoutError({ body: { nonce: 'too low' }, url })).kind,
      'uncertain',
    );
  });

  test('any node message that no row matches is uncertain, never a refusal', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (message) => {
        fc.pre(!EVM_BROADCAST_OUTCOMES.some(([pattern]) => pattern.test(message)));
        assert.equal(classifyEvmBroadcastError(rpcError(message)).kind, 'uncertain');
      }),
    );
  });
});

describe('Solana broadcast outcomes: preflight and refusals', () => {
  const preflight = (cause?: unknown) =>
    new SolanaError(SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE, {
      accounts: null,
      logs: [],
      returnData: null,
      unitsConsumed: 0n,
      ...(cause ? { cause } : {}),
    } as never);

  test('a preflight failure for rent is insufficient funds', () => {
    const err = preflight(
      new SolanaError(SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT, { accountIndex: 1 }),
    );
    const outcome = classifySolanaBroadcastError(err);
    assert.equal(outcome.kind, 'insufficient-funds');
    assert.match(
      'reason' in outcome ? outcome.reason : '',
      /account \(index 1 in the transaction\) below Solana's rent-exempt minimum \(890880 lamports/,
    );
  });

  test('a preflight failure is read in words too: "already been processed" is accepted, and landed', () => {
    const err = preflight(
      new Error('Transaction simulation failed: This transaction has already been processed'),
    );
    assert.deepEqual(classifySolanaBroadcastError(err), { kind: 'accepted', landed: true });
  });

  test('a preflight failure saying "insufficient lamports" is insufficient funds, with the words as reason', () => {
    const outcome = classifySolanaBroadcastError(
      preflight(new Error('Transfer: insufficient lamports 5, need 10')),
    );
    assert.ok(outcome.kind === 'insufficient-funds', outcome.kind);
    assert.match(outcome.reason, /insufficient lamports 5, need 10/);
  });

  test('any other preflight failure is a definite refusal (invalid), even without a cause', () => {
    assert.equal(classifySolanaBroadcastError(preflight()).kind, 'invalid');
    assert.equal(
      classifySolanaBroadcastError(preflight(new Error('custom program error: 0x1'))).kind,
      'invalid',
    );
  });

  for (const [label, code] of [
    [
      'a signature verification failure',
      SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
    ],
    [
      'an unsupported transaction version',
      SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
    ],
    ['invalid params', SOLANA_ERROR__JSON_RPC__INVALID_PARAMS],
  ] as const)
    test(`${label} is a definite refusal (invalid)`, () => {
      const err = new SolanaError(code, { __serverMessage: 'refused' } as never);
      assert.equal(classifySolanaBroadcastError(err).kind, 'invalid');
    });

  test('words alone, outside a preflight failure, prove nothing', () => {
    assert.equal(classifySolanaBroadcastError(new Error('insufficient funds')).kind, 'uncertain');
    assert.equal(classifySolanaBroadcastError(new Error('already been processed')).kind, 'uncertain');
    assert.equal(classifySolanaBroadcastError('fetch failed').kind, 'uncertain');
  });
});
