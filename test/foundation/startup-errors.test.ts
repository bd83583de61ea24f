// Operator mistakes at start-up get one clear line, before anything else starts (issue 11, item 7).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { startServerProcess } from '../support/processes.ts';

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
});
