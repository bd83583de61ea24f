// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { DEMO_EMAIL } from '../../src/app/seed-demo.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { cli, freePort, startServerProcess } from '../support/processes.ts';
import { startRpcProxy } from '../support/rpc-proxy.ts';

describe('an approved write across a crash', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-approval-crash-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a process killed between the approval and the broadcast lands the write once after restart', async () => {
    const info = await useDevnet();
    const evm = createPublicClient({ transport: http(info.evm.rpcUrl) });
    let killBeforeBroadcast: (() => void) | null = null;
    // The proxy kills the service when it is about to broadcast the approved write: the node never
    // gets it from this process.
    const proxy = await startRpcProxy(info.evm.rpcUrl, {
      beforeForward: (call) => {
        if (call.method === 'eth_sendRawTransaction' && killBeforeBroadcast) {
          killBeforeBroadcast();
          killBeforeBroadcast = null;
          throw new Error('killed before the broadcast');
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
      RATE_LIMIT_READ_PER_MINUTE: '100000',
    };
    const api = `http://127.0.0.1:${port}/api/v1`;
    try {
      // The demo user and its wallet; then, with the server stopped, an agent key whose sends wait
      // for a person and an approver key (the operator CLI works on the stopped server's data).
      let server = await startServerProcess(env);
      const demoKey = readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim();
      const { wallets } = await (
        await fetch(`${api}/wallets?chain=ethereum`, { headers: { 'x-api-key': demoKey } })
      ).json();
      const from = wallets[0].address as Address;
      await fund({ chain: 'evm-localnet', address: from, amount: parseEther('1') });
      assert.equal(await server.stop('SIGTERM'), 0);
      const created = (args: string[]) => {
        const r = cli(['--json', 'keys', 'create', '--user', DEMO_EMAIL, ...args], env);
        assert.equal(r.status, 0, r.stderr);
        return JSON.parse(r.stdout).key as string;
      };
      const agent = created(['--name', 'agent', '--approval-for', 'send']);
      const approver = created(['--name', 'approver', '--scopes', 'approve']);

      server = await startServerProcess(env);
      const to = privateKeyToAddress(generatePrivateKey());
      const res = await fetch(`${api}/send`, {
        method: 'POST',
        headers: { 'x-api-key': agent, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ chain: 'evm-localnet', to, asset: 'native', amount: '4242' }),
      });
      assert.equal(res.status, 202, await res.clone().text());
      const waiting = await res.json();
      const killed = server;
      const broadcastReached = new Promise<void>((resolve) => {
        killBeforeBroadcast = () => {
          killed.child.kill('SIGKILL');
          resolve();
        };
      });
      // The decision is stored before the write is executed; the process dies before broadcasting.
      await fetch(`${api}/approvals/${waiting.approval.id}/approve`, {
        method: 'POST',
        headers: { 'x-api-key': approver, 'content-type': 'application/json' },
        body: '{}',
      }).catch(() => null);
      // Executed right after the decision (the answer may come first): wait until it broadcasts.
      await broadcastReached;
      assert.equal(await killed.stop(), null, 'killed by the signal');
      assert.equal(await evm.getBalance({ address: to }), 0n, 'nothing reached the chain before the kill');

      server = await startServerProcess(env);
      try {
        let tx = await (await fetch(`${api}/tx/${waiting.id}`, { headers: { 'x-api-key': agent } })).json();
        for (let i = 0; i < 300 && tx.status !== 'CONFIRMED' && tx.status !== 'FAILED'; i++) {
          await new Promise((r) => setTimeout(r, 100));
          tx = await (await fetch(`${api}/tx/${waiting.id}`, { headers: { 'x-api-key': agent } })).json();
        }
        assert.equal(tx.status, 'CONFIRMED', JSON.stringify(tx));
        assert.equal(tx.approval.status, 'approved');
        assert.equal(await evm.getBalance({ address: to }), 4242n, 'sent exactly once');
        assert.equal(await evm.getTransactionCount({ address: from }), 1, 'one signature reached the chain');
      } finally {
        assert.equal(await server.stop('SIGTERM'), 0);
      }
    } finally {
      await proxy.close();
    }
  });
});
