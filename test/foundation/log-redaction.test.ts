// RPC URLs carry provider keys in their path or query; they never reach the logs, error causes
// included (issue 11, item 8).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import { startTestApp } from '../support/app.ts';

describe('log redaction', () => {
  test('an RPC endpoint’s key in its URL path or query is not logged when it fails', async () => {
    // An endpoint that answers every call with a gateway error.
    const rpc = createServer((_req, res) => {
      res.writeHead(502);
      res.end('bad gateway');
    });
    await new Promise<void>((r) => rpc.listen(0, '127.0.0.1', r));
    const port = (rpc.address() as { port: number }).port;
    const logs: string[] = [];
    const app = await startTestApp({
      env: {
        RPC_URL_BASE: `http://127.0.0.1:${port}/v3/PATHSECRET0123456789`,
        RPC_URL_SOLANA: `http://127.0.0.1:${port}/?api-key=QUERYSECRET0123456789`,
      },
      logStream: new Writable({
        write(chunk, _enc, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    });
    try {
      const { key } = await app.newUser();
      for (const chain of ['base', 'solana']) {
        const res = await app.get(`/api/v1/wallets/balances?chain=${chain}&fresh=true`, key);
        assert.equal(res.status, 502, await res.clone().text());
        const body = await res.text();
        assert.ok(!body.includes('SECRET0123456789'), 'not in the answer');
      }
      await new Promise((r) => setTimeout(r, 50));
      const all = logs.join('');
      assert.match(all, /RPC endpoint failed/, 'the failures are logged');
      assert.ok(!all.includes('PATHSECRET'), 'the path key is not logged');
      assert.ok(!all.includes('QUERYSECRET'), 'the query key is not logged');
    } finally {
      await app.stop();
      rpc.close();
    }
  });
});
