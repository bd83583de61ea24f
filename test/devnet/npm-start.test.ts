import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { freePort, startServerProcess } from '../support/processes.ts';

/** Every process descended from `pid`, found through /proc via ps. */
function descendants(pid: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [p, pp] = line.trim().split(/\s+/).map(Number) as [number, number];
    children.set(pp, [...(children.get(pp) ?? []), p]);
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start with the development network', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-start-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('starts both networks, funds the demo wallets, and leaves no process behind on SIGTERM', async () => {
    const port = await freePort();
    const started = performance.now();
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port) });
    console.log(
      `# npm start to ready: ${((performance.now() - started) / 1000).toFixed(1)} s (first start, new database)`,
    );
    assert.match(server.output(), /evm-localnet/);
    assert.match(server.output(), /solana-localnet/);
    const key = readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim();
    const res = await fetch(
      `http://127.0.0.1:${port}/api/v1/wallets/balances?chain=evm-localnet&fresh=true`,
      {
        headers: { 'x-api-key': key },
      },
    );
    assert.equal(res.status, 200, await res.clone().text());
    const { balances } = await res.json();
    assert.equal(
      balances.find((b: { asset: string }) => b.asset === 'native')?.raw,
      (100n * 10n ** 18n).toString(),
    );

    const pid = server.child.pid!;
    const family = descendants(pid);
    assert.ok(family.length >= 2, `the networks run as child processes (${family.length})`);
    assert.equal(await server.stop('SIGTERM'), 0);
    for (let i = 0; i < 50 && family.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(family.filter(alive), [], 'no orphan process');
  });
});
