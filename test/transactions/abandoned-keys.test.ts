// @needs devnet postgres
// A request that dies after its transaction reached the chain (its process killed between broadcast
// and answer) leaves its Idempotency-Key in progress. Another instance's sweep settles it once the
// dead request's lease has run out, and not before: the key then replays the Submission the caller
// never got, and nothing is sent again (README "What a write promises"; DESIGN A7).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { freePort } from '../../scripts/cluster.ts';
import type { Database } from '../../src/store/database.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { createPostgresDatabase } from '../support/database.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { startServerProcess } from '../support/processes.ts';
import { type RpcProxy, sentId, startRpcProxy } from '../support/rpc-proxy.ts';

const LEASE_MS = 5000;
const SECRETS = { MASTER_KEY: 'c3'.repeat(32), API_KEY_SECRET: 'd4'.repeat(32) };

describe('a dead request’s Idempotency-Key, settled by another instance', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-abandoned-'));
  /** The surviving instance's clock: moved past the dead request's lease by the test. */
  const clock = new ManualClock();
  let db: Database & { url: string };
  let proxy: RpcProxy;
  let killOnBroadcast: (() => void) | null = null;
  let survivor: Awaited<ReturnType<typeof startChainApp>>;
  before(async () => {
    db = await createPostgresDatabase();
    const info = await useDevnet();
    proxy = await startRpcProxy(info.evm.rpcUrl, {
      afterForward: (call) => {
        if (call.method === 'eth_sendRawTransaction' && killOnBroadcast) {
          killOnBroadcast();
          killOnBroadcast = null;
        }
      },
    });
    survivor = await startChainApp({ database: db, clock, env: SECRETS });
  });
  after(async () => {
    await survivor?.app.stop();
    await proxy?.close();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const keyState = async (key: string) =>
    (await db.query<{ state: string }>('select state from idempotency_keys where key = $1', [key]))[0]?.state;

  test('the sweep leaves a live lease alone, then settles the key with the Submission; a retry replays it, paid once', async () => {
    const user = await survivor.app.newUser();
    const from = (await walletOf(survivor.app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('1') });
    const port = await freePort();
    const doomed = await startServerProcess({
      ...SECRETS,
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      DEVNET: 'off',
      PORT: String(port),
      SEED_DEMO: 'off',
      TRACKER: 'false',
      RPC_URL_EVM_LOCALNET: proxy.url,
      IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
    });
    const to = privateKeyToAddress(generatePrivateKey());
    const key = randomUUID();
    const body = { chain: 'evm-localnet', to, asset: 'native', amount: '4321' };
    killOnBroadcast = () => doomed.child.kill('SIGKILL');
    await assert.rejects(
      fetch(`http://127.0.0.1:${port}/api/v1/send`, {
        method: 'POST',
        headers: { 'x-api-key': user.key, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
      }),
      'the caller never gets an answer',
    );
    assert.equal(await doomed.stop(), null, 'killed by the signal');
    assert.equal(await survivor.evm.getBalance({ address: to }), 4321n, 'the transaction reached the chain');

    clock.set(Date.now());
    await survivor.app.services.transactions.reconcileIdempotency(clock.now());
    assert.equal(await keyState(key), 'in_progress', 'its lease has not run out: it may still be working');

    clock.advance(LEASE_MS + 1000);
    await survivor.app.services.transactions.reconcileIdempotency(clock.now());
    assert.equal(await keyState(key), 'succeeded', 'settled by the sweep, before any retry');

    const retry = await write(survivor.app, '/send', body, user.key, key);
    assert.equal(retry.status, 200, await retry.clone().text());
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    const submission = await retry.json();
    const [sent] = proxy.calls.filter((c) => c.method === 'eth_sendRawTransaction');
    assert.ok(sent, 'the dead request broadcast');
    assert.equal(proxy.calls.filter((c) => c.method === 'eth_sendRawTransaction').length, 1, 'sent once');
    assert.equal(submission.hash, sentId(sent), 'the Submission of the transaction the dead request sent');
    assert.equal(await survivor.evm.getBalance({ address: to }), 4321n, 'paid exactly once');
    assert.equal(await survivor.evm.getTransactionCount({ address: from }), 1);
  });
});
