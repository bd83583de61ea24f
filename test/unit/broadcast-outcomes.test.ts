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
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  SolanaError,
} from '@solana/kit';
import fc from 'fast-check';
import { BaseError, HttpRequestError, RpcRequestError, TimeoutError } from 'viem';
import {
  classifyEvmBroadcastError,
  EVM_BROADCAST_OUTCOMES,
  errorReason,
  isTransportFailure,
} from '../../src/chains/evm/evm-outcomes.ts';
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

describe('EVM broadcast outcomes: every wording of the table, and what is kept', () => {
  // Each alternative of each row, as some node words it: a row that lost one would read that
  // node's refusal as uncertain (or its acceptance as a refusal).
  const wordings: Array<[string, string]> = [
    ['already known', 'accepted'],
    ['known transaction: 0xabc', 'accepted'],
    ['transaction already imported', 'accepted'],
    ['transaction already exists', 'accepted'],
    ['already in the pool', 'accepted'],
    ['already in pool', 'accepted'],
    ['already in mempool', 'accepted'],
    ['nonce too low: next nonce 5, tx nonce 4', 'nonce-used'],
    ['nonce is too low', 'nonce-used'],
    ['nonce too high', 'nonce-gap'],
    [
      "Nonce too high. Expected nonce to be 3 but got 5. Note that transactions can't be queued when automining.",
      'nonce-gap',
    ],
    ['future transaction tries to replace pending', 'nonce-gap'],
    ['replacement transaction underpriced', 'underpriced'],
    ['fee cap less than block base fee', 'underpriced'],
    ['max fee per gas less than block base fee: address 0x1', 'underpriced'],
    ['FeeCap too low', 'underpriced'],
    ['gas price too low', 'underpriced'],
    ['Transaction gas price is too low for the next block', 'underpriced'],
    ['fee too low', 'underpriced'],
    ['priority fee is too low', 'underpriced'],
    ['insufficient funds for gas * price + value', 'insufficient-funds'],
    ['sender does not have enough funds', 'insufficient-funds'],
    ['balance too low', 'insufficient-funds'],
    ['intrinsic gas too low', 'invalid'],
    ['gas limit reached', 'invalid'],
    ['invalid sender', 'invalid'],
    ['invalid signature', 'invalid'],
    ['invalid chainid', 'invalid'],
    ['only replay-protected (EIP-155) transactions allowed over RPC', 'invalid'],
    ['transaction type not supported', 'invalid'],
    ['tx type not supported', 'invalid'],
    ['oversized data', 'invalid'],
    ['tip above fee cap', 'invalid'],
    ['could not decode transaction', 'invalid'],
  ];
  for (const [message, kind] of wordings)
    test(`"${message}" → ${kind}`, () =>
      assert.equal(classifyEvmBroadcastError(rpcError(message)).kind, kind));

  test('an acceptance carries nothing else; a refusal its reason and cause', () => {
    assert.deepEqual(classifyEvmBroadcastError(rpcError('already known')), { kind: 'accepted' });
    const err = rpcError('nonce too low');
    assert.deepEqual(classifyEvmBroadcastError(err), {
      kind: 'nonce-used',
      reason: 'nonce too low',
      cause: err,
    });
  });

  test('a viem error that is no node answer (nothing came back) is uncertain, with its reason', () => {
    const err = new BaseError('nonce too low', { details: 'socket hang up' });
    const outcome = classifyEvmBroadcastError(err);
    assert.equal(outcome.kind, 'uncertain');
    assert.ok(outcome.kind === 'uncertain');
    assert.equal(outcome.reason, 'socket hang up');
    assert.equal(outcome.cause, err);
  });

  test('a node answer inside a timeout is still the node answer', () => {
    const err = new BaseError('request failed', { cause: rpcError('insufficient funds') });
    assert.equal(classifyEvmBroadcastError(err).kind, 'insufficient-funds');
  });

  test('the reason of an error: its details when short, else its short message; a plain error its first line', () => {
    assert.equal(errorReason(new BaseError('short', { details: 'd'.repeat(299) })), 'd'.repeat(299));
    assert.equal(errorReason(new BaseError('short', { details: 'd'.repeat(300) })), 'short');
    assert.equal(errorReason(new BaseError('short')), 'short');
    assert.equal(errorReason(new Error('first line\nsecond line')), 'first line');
    assert.equal(errorReason('as text'), 'as text');
    assert.equal(errorReason(42), '42');
  });
});

describe('Solana broadcast outcomes: causes and reasons', () => {
  const preflight = (cause?: unknown) =>
    new SolanaError(SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE, {
      accounts: null,
      logs: [],
      returnData: null,
      unitsConsumed: 0n,
      ...(cause ? { cause } : {}),
    } as never);

  test('a preflight failure for the fee is insufficient funds', () => {
    const cause = new SolanaError(SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_FEE);
    assert.equal(classifySolanaBroadcastError(preflight(cause)).kind, 'insufficient-funds');
  });

  test('the reason of an insufficient-funds refusal is trimmed', () => {
    const outcome = classifySolanaBroadcastError(preflight(new Error(' insufficient funds ')));
    assert.ok(outcome.kind === 'insufficient-funds');
    assert.equal(outcome.reason, outcome.reason.trim());
    assert.match(outcome.reason, /insufficient funds$/);
  });

  test('an invalid preflight failure gives its cause as the reason, else its own message', () => {
    const outcome = classifySolanaBroadcastError(preflight(new Error('custom program error: 0x1\nlogs')));
    assert.ok(outcome.kind === 'invalid');
    assert.equal(outcome.reason, 'custom program error: 0x1');
    const bare = classifySolanaBroadcastError(preflight());
    assert.ok(bare.kind === 'invalid');
    assert.equal(bare.reason, preflight().message.split('\n')[0]);
  });
});

describe('what a waiting transaction is stuck on, after a send', () => {
  test('a node that calls its nonce used while the chain shows it free says so; acceptance says nothing', async () => {
    const { stuckReasonOf } = await import('../../src/chains/stuck-reasons.ts');
    assert.match(
      stuckReasonOf({ kind: 'nonce-used', reason: 'Nonce too low. Expected nonce to be 4 but got 2.' }) ?? '',
      /refuses it as a used nonce \(Nonce too low\. Expected nonce to be 4 but got 2\.\).*looked at again/,
    );
    assert.equal(stuckReasonOf({ kind: 'accepted' }), null);
    assert.equal(stuckReasonOf({ kind: 'uncertain', reason: 'timeout' }), null);
  });
});

describe('EVM: a failure on the way to the node, told from the node’s own answer', () => {
  test('a timeout or an HTTP failure, alone or inside another viem error, is a transport failure; a node answer or a plain error is not', () => {
    const timeout = new TimeoutError({ body: {}, url });
    const http = new HttpRequestError({ url, status: 503, body: {} });
    assert.equal(isTransportFailure(timeout), true);
    assert.equal(isTransportFailure(http), true);
    assert.equal(isTransportFailure(new BaseError('reading the balance', { cause: timeout })), true);
    assert.equal(isTransportFailure(rpcError('execution reverted')), false);
    assert.equal(isTransportFailure(new BaseError('reading the balance')), false);
    assert.equal(isTransportFailure(new Error('timeout')), false);
  });

  test('a node answer found inside a transport error is read: its refusal counts', () => {
    const wrapped = new HttpRequestError({ url, status: 500, body: {}, cause: rpcError('nonce too low') });
    assert.equal(classifyEvmBroadcastError(wrapped).kind, 'nonce-used');
  });
});
