// @needs devnet
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { promisify } from 'node:util';
import { generateKeyPairSigner } from '@solana/kit';
import { solanaRpc } from '@wallet-api/devnet/solana/client';
import { createPublicClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { devnetDataDir, useDevnet } from '../support/devnet.ts';

const run = promisify(execFile);
const bin = join(import.meta.dirname, '../../bin/wallet-api.js');
const info = await useDevnet();
const dataDir = await devnetDataDir();

function cli(args: string[], dir = dataDir) {
  return run(process.execPath, [bin, ...args], { env: { ...process.env, DATA_DIR: dir } });
}

describe('wallet-api devnet commands', () => {
  test('devnet info prints the RPC URLs, the test token and both mints', async () => {
    const { stdout } = await cli(['--json', 'devnet', 'info']);
    assert.deepEqual(JSON.parse(stdout), info);
    const text = (await cli(['devnet', 'info'])).stdout;
    for (const expected of [
      info.evm.rpcUrl,
      info.evm.testToken.address,
      info.solana.splMint.address,
      info.solana.token2022Mint.address,
    ]) {
      assert.ok(text.includes(expected), `${expected} missing from:\n${text}`);
    }
  });

  test('devnet fund sends ETH and test tokens, in whole units, from another process', async () => {
    const evm = createPublicClient({ transport: http(info.evm.rpcUrl) });
    const account = privateKeyToAccount(generatePrivateKey()).address;
    await cli(['devnet', 'fund', '--chain', 'evm-localnet', '--address', account, '--amount', '1.5']);
    assert.equal(await evm.getBalance({ address: account }), 1_500_000_000_000_000_000n);

    const owner = (await generateKeyPairSigner()).address;
    const { stdout } = await cli([
      '--json',
      'devnet',
      'fund',
      '--chain',
      'solana-localnet',
      '--address',
      owner,
      '--amount',
      '2',
      '--token',
      'T22',
    ]);
    assert.equal(JSON.parse(stdout).amount, '2000000');
    const rpc = solanaRpc(info.solana.rpcUrl);
    const { value } = await rpc
      .getTokenAccountsByOwner(
        owner,
        { mint: info.solana.token2022Mint.address as never },
        { encoding: 'jsonParsed' },
      )
      .send();
    assert.equal(value[0]?.account.data.parsed.info.tokenAmount.uiAmountString, '2');
  });

  test('fails with one clear line when no development network runs on the data directory', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'wallet-api-no-devnet-'));
    try {
      await assert.rejects(
        cli(['devnet', 'info'], empty),
        (err: Error & { stderr: string; code: number }) => {
          assert.equal(err.code, 1);
          assert.match(err.stderr.trim(), /^error: no development network is running for data directory .*$/);
          return true;
        },
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
