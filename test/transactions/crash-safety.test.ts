// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { fund, useDevnet } from '../support/devnet.ts';
import { freePort, startServerProcess } from '../support/processes.ts';
import { startRpcProxy } from '../support/rpc-proxy.ts';

describe('crash safety of the write path', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-crash-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a process killed between broadcast and response is reconciled on restart, and a retry does not send again', async () => {
    const info = await useDevnet();
    const evm = createPublicClient({ transport: http(info.evm.rpcUrl) });
    let killOnBroadcast: (() => void) | null = null;
    // The proxy lets the node take the transaction, then kills the service before it hears back.
    const proxy = await startRpcProxy(info.evm.rpcUrl, {
      afterForward: (call) => {
        if (call.method === 'eth_sendRawTransaction' && killOnBroadcast) {
          killOnBroadcast();
          killOnBroadcast = null;
        }
      },
    });
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      DEVNET: 'off',
      PORT: String(port),
      RPC_URL_EVM_LOCALNET: proxy.url,
      TRACKER_INTERVAL_MS: '200',
    };
    const api = `http://127.0.0.1:${port}/api/v1`;
    try {
      let server = await startServerProcess(env);
      const key = readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim();
      const headers = { 'x-api-key': key, 'content-type': 'application/json' };
      const { wallets } = await (await fetch(`${api}/wallets?chain=ethereum`, { headers })).json();
      const from = wallets[0].address as Address;
      await fund({ chain: 'evm-localnet', address: from, amount: parseEther('2') });

      const to = privateKeyToAddress(generatePrivateKey());
      const idempotencyKey = randomUUID();
      const body = JSON.stringify({ chain: 'evm-localnet', to, asset: 'native', amount: '7777' });
      const killed = server;
      killOnBroadcast = () => killed.child.kill('SIGKILL');
      await assert.rejects(
        fetch(`${api}/send`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': idempotencyKey },
          body,
        }),
        'the caller never gets an answer',
      );
      assert.equal(await killed.stop(), null, 'killed by the signal');

      server = await startServerProcess(env);
      try {
        const retry = await fetch(`${api}/send`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': idempotencyKey },
          body,
        });
        assert.equal(retry.status, 200, await retry.clone().text());
        assert.equal(retry.headers.get('idempotent-replayed'), 'true');
        const submission = await retry.json();
        assert.equal(submission.status, 'SUBMITTED');
        let tx = await (await fetch(`${api}/tx/${submission.id}`, { headers })).json();
        for (let i = 0; i < 100 && tx.status !== 'CONFIRMED'; i++) {
          await new Promise((r) => setTimeout(r, 100));
          tx = await (await fetch(`${api}/tx/${submission.id}`, { headers })).json();
        }
        assert.equal(tx.status, 'CONFIRMED');
        assert.equal(tx.hash, submission.hash);
        assert.equal(await evm.getBalance({ address: to }), 7777n, 'sent exactly once');
        assert.equal(await evm.getTransactionCount({ address: from }), 1);
        assert.equal(proxy.calls.filter((c) => c.method === 'eth_sendRawTransaction').length >= 1, true);
      } finally {
        assert.equal(await server.stop('SIGTERM'), 0);
      }
    } finally {
      await proxy.close();
    }
  });
});
