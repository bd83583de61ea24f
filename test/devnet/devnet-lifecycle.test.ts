import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { readDevnetInfo, startDevnet } from '@wallet-api/devnet';
import pino from 'pino';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-api-devnet-test-'));
  dirs.push(dir);
  return dir;
}

/** The network processes (Hardhat node, Solana node) a process started. */
function networkPids(parent: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => /devnet\/src\/(evm\/node-child|solana\/server-child)\.ts/.test(line))
      .map((line) => Number.parseInt(line.trim(), 10));
  } catch {
    return [];
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(check(), what);
}

describe('development network lifecycle', () => {
  test('a killed parent (SIGKILL) leaves no network process behind', async () => {
    const fixture = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures/devnet-process.ts'), tempDir()],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      fixture.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      fixture.once('exit', (code) => reject(new Error(`fixture exited early (${code})`)));
    });
    const children = networkPids(fixture.pid ?? -1);
    assert.equal(children.length, 2, 'one Hardhat node and one Solana node');
    fixture.kill('SIGKILL');
    await waitUntil(
      () => children.every((pid) => !isAlive(pid)),
      'network processes still running after SIGKILL',
    );
  });

  test('a crashed node is reported and restarted on its port; stop() removes devnet.json and every child', async () => {
    const dataDir = tempDir();
    const devnet = await startDevnet({ dataDir, logger: pino({ level: 'silent' }) });
    // A failed assertion must not leave a network running (it would keep this test process alive).
    after(() => devnet.stop());
    const crashes: Error[] = [];
    const restarts: string[] = [];
    devnet.onCrash((err) => crashes.push(err));
    devnet.onRestart((chain) => restarts.push(chain));
    assert.deepEqual(readDevnetInfo(dataDir), devnet.info);

    const children = networkPids(process.pid);
    assert.equal(children.length, 2);
    process.kill(children[0]!, 'SIGKILL');
    await waitUntil(() => crashes.length === 1, 'crash not reported');
    assert.match(crashes[0]!.message, /devnet .*exited unexpectedly \(signal SIGKILL\)/);
    await waitUntil(() => restarts.length === 1, 'not restarted');
    assert.deepEqual(readDevnetInfo(dataDir), devnet.info, 'the same URLs stay advertised');
    const now = networkPids(process.pid);
    assert.equal(now.length, 2);
    assert.ok(!now.includes(children[0]!), 'a new process in place of the dead one');

    await devnet.stop();
    assert.equal(existsSync(join(dataDir, 'devnet.json')), false);
    assert.ok([...children, ...now].every((pid) => !isAlive(pid)));
    assert.equal(crashes.length, 1, 'a requested stop is not a crash');
  });
});
