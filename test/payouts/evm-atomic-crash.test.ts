// @needs devnet
// An atomic EVM payout of several packs (issue 31) whose service is SIGKILLed as it sends its second
// pack: the first pack landed, the second was recorded and never reached the node, the third may
// or may not have been signed. After a restart every item lands exactly once, and the wallet's
// nonce moved by the number of packs: nothing of a landed pack is signed again.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { type Address, createPublicClient, type Hex, http, parseEther, parseTransaction } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { fund, useDevnet } from '../support/devnet.ts';
import { freePort, startServerProcess } from '../support/processes.ts';
import { startRpcProxy } from '../support/rpc-proxy.ts';

const CHAIN = 'evm-localnet';

describe('an atomic payout of three packs survives the service being killed at its second', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-atomic-packs-crash-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('SIGKILL as the second pack is sent, then a restart: every item lands exactly once, three nonces used', async () => {
    const info = await useDevnet();
    const evm = createPublicClient({ transport: http(info.evm.rpcUrl) });
    let from: Address | null = null;
    let start = 0;
    let killAt: (() => void) | null = null;
    let killed = 0;
    const proxy = await startRpcProxy(info.evm.rpcUrl, {
      beforeForward: (call) => {
        if (call.method !== 'eth_sendRawTransaction' || !killAt) return;
        // The second pack of this wallet's payout: the one after the first nonce it used.
        if (parseTransaction(call.params?.[0] as Hex).nonce !== start + 1) return;
        killAt();
        killAt = null;
        killed++;
        throw new Error('the service died as it sent the second pack');
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
      from = wallets[0].address as Address;
      await fund({ chain: CHAIN, address: from, amount: parseEther('2') });
      start = await evm.getTransactionCount({ address: from });
      const items = Array.from({ length: 450 }, (_, i) => ({
        to: privateKeyToAddress(generatePrivateKey()),
        amount: String(20_000 + i),
      }));
      const first = server;
      killAt = () => first.child.kill('SIGKILL');
      const res = await fetch(`${api}/payouts`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ chain: CHAIN, asset: 'native', atomic: true, items }),
      });
      assert.equal(res.status, 202, await res.clone().text());
      const { id } = await res.json();
      assert.equal(await first.stop(), null, 'killed by the signal');
      assert.equal(killed, 1, 'killed as it sent the second pack');
      assert.equal(await evm.getTransactionCount({ address: from }), start + 1, 'only the first pack landed');

      server = await startServerProcess(env);
      try {
        let payout = await (await fetch(`${api}/payouts/${id}`, { headers })).json();
        for (let i = 0; i < 900 && payout.status === 'processing'; i++) {
          await new Promise((r) => setTimeout(r, 200));
          payout = await (await fetch(`${api}/payouts/${id}`, { headers })).json();
        }
        assert.equal(payout.status, 'completed', JSON.stringify(payout.totals));
        assert.equal(payout.totals.transactions, 3);
        const balances = await Promise.all(
          items.map((item) => evm.getBalance({ address: item.to as Address })),
        );
        for (const [i, item] of items.entries()) assert.equal(balances[i], BigInt(item.amount), `item ${i}`);
        assert.equal(
          await evm.getTransactionCount({ address: from }),
          start + 3,
          'three packs, three nonces',
        );
      } finally {
        assert.equal(await server.stop('SIGTERM'), 0);
      }
    } finally {
      await proxy.close();
    }
  });
});
