// Whatever a development-network node does, the service stays up (issue 11, item 2): a node that
// hangs (SIGSTOP) costs its chain's requests a 502 within the RPC timeout, a node that dies (SIGKILL)
// is restarted on its port with a fresh chain, and the other chain is never affected.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { descendantProcesses, freePort, startServerProcess } from '../support/processes.ts';

describe('development-network nodes that hang or die', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-child-faults-'));
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let api: string;
  let key: string;
  before(async () => {
    const port = await freePort();
    server = await startServerProcess({
      DATA_DIR: dataDir,
      PORT: String(port),
      RPC_TIMEOUT_MS: '1500',
      LOG_LEVEL: 'warn',
    });
    api = `http://127.0.0.1:${port}`;
    key = readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim();
  });
  after(async () => {
    await server?.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const node = (which: 'evm' | 'solana') => {
    const marker = which === 'evm' ? 'evm/node-child' : 'solana/server-child';
    const found = descendantProcesses(server.child.pid!).find((p) => p.args.includes(marker));
    assert.ok(found, `the ${which} node runs as a child process`);
    return found.pid;
  };
  const nativeBalance = async (chain: string) => {
    const started = Date.now();
    const res = await fetch(`${api}/api/v1/wallets/balances?chain=${chain}&fresh=true`, {
      headers: { 'x-api-key': key },
    });
    const body = await res.json();
    return { status: res.status, body, ms: Date.now() - started };
  };
  const until = async (what: () => Promise<boolean>, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error('condition not reached in time');
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  test('a hung node: its chain answers 502 within the timeout, the other chain and readiness are fine', async () => {
    const pid = node('evm');
    process.kill(pid, 'SIGSTOP');
    try {
      const evm = await nativeBalance('evm-localnet');
      assert.equal(evm.status, 502, JSON.stringify(evm.body));
      assert.equal(evm.body.code, 'PROVIDER_RPC_ERROR');
      assert.ok(evm.ms < 10_000, `answered in ${evm.ms} ms`);
      const solana = await nativeBalance('solana-localnet');
      assert.equal(solana.status, 200, JSON.stringify(solana.body));
      const ready = await fetch(`${api}/readyz`);
      assert.equal(ready.status, 200, 'a chain outage does not fail readiness');
      const report = await ready.json();
      assert.equal(report.database, 'ok');
      assert.equal(report.chains['evm-localnet'].reachable, false);
      assert.equal(report.chains['solana-localnet'].reachable, true);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  });

  for (const which of ['evm', 'solana'] as const)
    test(`${which === 'evm' ? 'an EVM' : 'a Solana'} node killed while requests run: the service stays up and restarts it with a fresh chain`, async () => {
      const [dead, other] =
        which === 'evm' ? ['evm-localnet', 'solana-localnet'] : ['solana-localnet', 'evm-localnet'];
      const pid = node(which);
      const during = Promise.all(Array.from({ length: 5 }, () => nativeBalance(dead)));
      process.kill(pid, 'SIGKILL');
      for (const r of await during) assert.ok([200, 502].includes(r.status), JSON.stringify(r.body));
      assert.equal((await nativeBalance(other)).status, 200, 'the other chain is unaffected');
      assert.equal(server.child.exitCode, null, 'the service is still running');
      await until(async () => (await nativeBalance(dead)).status === 200);
      assert.notEqual(node(which), pid, 'a new node process');
      assert.match(
        server.output(),
        new RegExp(`${dead} crashed; restarting it on the same port. Its chain state is LOST`),
      );
      // The demo wallet is funded again on the new chain.
      await until(async () => {
        const { body } = await nativeBalance(dead);
        return body.balances?.some(
          (b: { asset: string; raw: string }) => b.asset === 'native' && BigInt(b.raw) > 0n,
        );
      });
    });
});
