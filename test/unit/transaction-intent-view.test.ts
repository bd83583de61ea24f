// The `intent` of GET /tx/{id} from what a write recorded (src/app/transactions/intent-view.ts):
// older records without those details answer null, never a guess.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { encodeFunctionData, erc20Abi } from 'viem';
import { intentOf } from '../../src/app/transactions/intent-view.ts';
import type { TransactionRecord } from '../../src/domain/transactions.ts';

const TOKEN = '0x62F7c731df45c714F07584135ad9E8B7Ae200f12';
const TO = '0x000000000000000000000000000000000000dEaD';

const record = (kind: TransactionRecord['kind'], details: Record<string, unknown>, value = '0') =>
  ({ kind, details, value, toAddress: TOKEN }) as TransactionRecord;

describe('transaction intents from recorded details', () => {
  test('records without the details of their kind have no intent', () => {
    for (const kind of ['send', 'approve', 'swap'] as const)
      assert.equal(intentOf(record(kind, {})), null, kind);
    assert.equal(
      intentOf(record('send', { asset: 'erc20', amount: '5' })),
      null,
      'a token send without its token',
    );
    assert.equal(
      intentOf(record('send', { asset: 'native', amount: 'x' })),
      null,
      'an amount that is not base units',
    );
  });

  test('a contract call whose data was cut (over 4 KiB) or not decoded says so, with empty lists', () => {
    const cut = intentOf(record('contract', { data: `0x${'ab'.repeat(4096)}…` }, '7'));
    assert.deepEqual(cut, {
      kind: 'contract',
      value: '7',
      decoded: false,
      tokenTransfers: [],
      tokenApprovals: [],
    });
    const other = intentOf(record('contract', { data: '0x12345678' }));
    assert.equal(other?.kind === 'contract' && other.decoded, false);
  });

  test('an ERC20 approve made through a contract call shows as an approval of the called token', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [TO, 10n ** 30n] });
    assert.deepEqual(intentOf(record('contract', { data })), {
      kind: 'contract',
      value: '0',
      decoded: true,
      tokenTransfers: [],
      tokenApprovals: [{ token: TOKEN, spender: TO, amount: (10n ** 30n).toString() }],
    });
  });
});
