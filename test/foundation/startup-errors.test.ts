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

  test('a DATA_DIR that is a file, or lies under one, is one clear line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wallet-api-file-data-'));
    const file = join(dir, 'data');
    writeFileSync(file, 'not a folder');
    try {
      for (const dataDir of [file, join(file, 'below')])
        await assert.rejects(
          startServerProcess({ DATA_DIR: dataDir, PORT: '0', DEVNET: 'off' }, 60_000),
          (err: Error) => {
            assert.match(
              err.message,
              /start-up failed: DATA_DIR .* is a file, or lies under one \((ENOTDIR|EEXIST)\): set DATA_DIR to a directory/,
            );
            assert.doesNotMatch(err.message, /lstat|\.write-check/);
            return true;
          },
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a secrets.json that is not JSON, or lacks a secret, is one clear line that never suggests losing it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-bad-secrets-'));
    try {
      for (const [content, pattern] of [
        [
          '{"masterKey": "ab',
          /secrets\.json is not valid JSON: restore it from a backup, or give MASTER_KEY and API_KEY_SECRET/,
        ],
        [
          '{"masterKey": "abc"}',
          /secrets\.json: masterKey and apiKeySecret must be 64 hex characters \(32 bytes\): restore it/,
        ],
      ] as const) {
        writeFileSync(join(dataDir, 'secrets.json'), content, { mode: 0o600 });
        await assert.rejects(
          startServerProcess({ DATA_DIR: dataDir, PORT: '0', DEVNET: 'off' }, 60_000),
          (err: Error) => {
            assert.match(err.message, pattern);
            assert.doesNotMatch(err.message, /Unexpected token|SyntaxError/);
            return true;
          },
        );
      }
    } finally {
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
      // Room for the write check, not for the embedded database (about 40 MB): PGlite's own error
      // is an Emscripten errno (51), told in words.
      'a disk that fills while the embedded database is made',
      (dir: string) => writeFileSync(join(dir, 'filler'), Buffer.alloc(2 * 1024 * 1024)),
      /DATA_DIR .* is on a full disk \(ENOSPC, while creating the embedded database, about 40 MB\): free some space/,
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
      execFileSync('mount', [
        '-t',
        'tmpfs',
        '-o',
        `size=${label.includes('embedded') ? 4 : 1}m`,
        'tmpfs',
        mountPoint,
      ]);
      try {
        mkdirSync(join(mountPoint, 'data'));
        prepare(mountPoint);
        await assert.rejects(
          startServerProcess({ DATA_DIR: join(mountPoint, 'data'), PORT: '0', DEVNET: 'off' }, 60_000),
          (err: Error) => {
            assert.match(err.message, /server exited with 1/);
            assert.match(err.message, pattern);
            assert.doesNotMatch(err.message, /\[object Object\]|ENOENT/);
            // The line an operator reads (the log's `cause` keeps PGlite's own words).
            assert.doesNotMatch(/^start-up failed: .*$/m.exec(err.message)?.[0] ?? '', /ErrnoError|errno/);
            return true;
          },
        );
      } finally {
        execFileSync('umount', [mountPoint]);
        rmSync(mountPoint, { recursive: true, force: true });
      }
    });
});
