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

describe('a payout survives the service being killed', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-payout-crash-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('SIGKILL in the middle of a 200-item payout, then a restart: every item lands exactly once', async () => {
    const info = await useDevnet();
    const evm = createPublicClient({ transport: http(info.evm.rpcUrl) });
    let sends = 0;
    let killAt: { after: number; kill: () => void } | null = null;
    // The node takes the broadcasts; after the 70th the service is killed, mid-part.
    const proxy = await startRpcProxy(info.evm.rpcUrl, {
      afterForward: (call) => {
        if (call.method !== 'eth_sendRawTransaction') return;
        sends++;
        if (killAt && sends >= killAt.after) {
          killAt.kill();
          killAt = null;
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
      let server = await startServerProcess(env);
      const key = readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim();
      const headers = { 'x-api-key': key, 'content-type': 'application/json' };
      const { wallets } = await (await fetch(`${api}/wallets?chain=ethereum`, { headers })).json();
      const from = wallets[0].address as Address;
      await fund({ chain: 'evm-localnet', address: from, amount: parseEther('2') });
      const items = Array.from({ length: 200 }, (_, i) => ({
        to: privateKeyToAddress(generatePrivateKey()),
        amount: String(10_000 + i),
      }));
      const killed = server;
      killAt = { after: 70, kill: () => killed.child.kill('SIGKILL') };
      const res = await fetch(`${api}/payouts`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ chain: 'evm-localnet', asset: 'native', items }),
      });
      assert.equal(res.status, 202, await res.clone().text());
      const { id } = await res.json();
      assert.equal(await killed.stop(), null, 'killed by the signal');
      assert.ok(sends >= 70 && sends < 200, `killed mid-payout (${sends} broadcasts)`);

      server = await startServerProcess(env);
      try {
        let payout = await (await fetch(`${api}/payouts/${id}`, { headers })).json();
        for (let i = 0; i < 900 && payout.status === 'processing'; i++) {
          await new Promise((r) => setTimeout(r, 200));
          payout = await (await fetch(`${api}/payouts/${id}`, { headers })).json();
        }
        assert.equal(payout.status, 'completed', JSON.stringify(payout.totals));
        for (const item of items)
          assert.equal(await evm.getBalance({ address: item.to as Address }), BigInt(item.amount));
        assert.equal(
          await evm.getTransactionCount({ address: from }),
          200,
          'the nonce moved by the item count',
        );
      } finally {
        assert.equal(await server.stop('SIGTERM'), 0);
      }
    } finally {
      await proxy.close();
    }
  });
});
