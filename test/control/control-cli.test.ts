// `wallet-api tx speed-up|cancel` (issue 29): the operator commands reach the control use case, scoped
// to the user named, and refuse what the API would refuse. (A speed-up that signs is run through the
// same operator in speed-up-cancel.test.ts.)
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { cli } from '../support/processes.ts';

describe('wallet-api tx speed-up|cancel', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-control-cli-'));
  const env = { DATA_DIR: dataDir, DEVNET: 'off' };
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('an unknown transaction is NOT_FOUND, bad fees are refused, nothing is signed', () => {
    assert.equal(cli(['users', 'create', '--email', 'ops@example.test'], env).status, 0);
    const unknown = cli(
      ['--json', 'tx', 'speed-up', 'tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B', '--user', 'ops@example.test'],
      env,
    );
    assert.equal(unknown.status, 1);
    assert.deepEqual(JSON.parse(unknown.stderr), {
      error: 'Transaction tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B not found',
      code: 'NOT_FOUND',
    });
    const fees = cli(
      [
        'tx',
        'cancel',
        'tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B',
        '--user',
        'ops@example.test',
        '--max-fee-per-gas',
        '1.5',
      ],
      env,
    );
    assert.equal(fees.status, 1);
    assert.match(fees.stderr, /maxFeePerGas: must be a whole number of wei/);
    const unitPrice = cli(
      [
        'tx',
        'speed-up',
        'tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B',
        '--user',
        'ops@example.test',
        '--compute-unit-price',
        '-5',
      ],
      env,
    );
    assert.equal(unitPrice.status, 1);
    assert.match(unitPrice.stderr, /computeUnitPrice: must be a whole number of micro-lamports/);
    const onCancel = cli(
      [
        'tx',
        'cancel',
        'tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B',
        '--user',
        'ops@example.test',
        '--compute-unit-price',
        '5',
      ],
      env,
    );
    assert.equal(onCancel.status, 1);
    assert.match(onCancel.stderr, /unknown option '--compute-unit-price'/);
    assert.match(cli(['tx', 'speed-up', '--help'], env).stdout, /--compute-unit-price <microLamports>/);
    const help = cli(['tx', '--help'], env);
    assert.match(help.stdout, /speed-up \[options\] <id>/);
    assert.match(help.stdout, /cancel \[options\] <id>/);
  });
});
