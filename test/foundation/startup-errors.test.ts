// Operator mistakes at start-up get one clear line, before anything else starts (issue 11, item 7).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { startServerProcess } from '../support/processes.ts';
import { requireRoot } from '../support/system-needs.ts';

describe('start-up errors', () => {
  test('a busy port is found before the development network starts, with one clear line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-busy-port-'));
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as { port: number }).port;
    try {
      await assert.rejects(
        startServerProcess({ DATA_DIR: dataDir, PORT: String(port) }, 60_000),
        (err: Error) => {
          assert.match(err.message, /server exited with 1/);
          assert.match(
            err.message,
            new RegExp(`start-up failed: port ${port} on 127\\.0\\.0\\.1 is already in use`),
          );
          return true;
        },
      );
      assert.equal(existsSync(join(dataDir, 'devnet.json')), false, 'no development network was started');
    } finally {
      busy.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // A small file system of its own: mounting one needs root (as CI and this machine's tests run);
  // without it the test fails saying so, never skips.
  for (const [label, prepare, pattern] of [
    [
      'a full disk',
      (dir: string) => writeFileSync(join(dir, 'filler'), Buffer.alloc(900 * 1024)),
      /DATA_DIR .* is on a full disk \(ENOSPC\): free some space/,
    ],
    [
      'a read-only file system',
      (dir: string) => execFileSync('mount', ['-o', 'remount,ro', dir]),
      /DATA_DIR .* is on a read-only file system \(EROFS\)/,
    ],
  ] as const)
    test(`${label} under DATA_DIR is one clear line naming the path`, async () => {
      requireRoot('to mount a small tmpfs');
      const mountPoint = mkdtempSync(join(tmpdir(), 'wallet-api-small-fs-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint]);
      try {
        mkdirSync(join(mountPoint, 'data'));
        prepare(mountPoint);
        await assert.rejects(
          startServerProcess({ DATA_DIR: join(mountPoint, 'data'), PORT: '0', DEVNET: 'off' }, 60_000),
          (err: Error) => {
            assert.match(err.message, /server exited with 1/);
            assert.match(err.message, pattern);
            assert.doesNotMatch(err.message, /\[object Object\]|ENOENT/);
            return true;
          },
        );
      } finally {
        execFileSync('umount', [mountPoint]);
        rmSync(mountPoint, { recursive: true, force: true });
      }
    });
});
