import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import {
  alive,
  descendantProcesses,
  descendants,
  freePort,
  ROOT,
  startServerProcess,
} from '../support/processes.ts';

describe('npm start with the development network', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-start-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('runs the production build, rebuilt first, with no esbuild process left: starts both networks, funds the demo wallets, and leaves no process behind on SIGTERM', async () => {
    const port = await freePort();
    // A stale build, so that npm start rebuilds (scripts/build.mjs keys dist/ on this stamp).
    const info = join(ROOT, 'dist', 'build-info.json');
    if (existsSync(info)) writeFileSync(info, `${JSON.stringify({ stamp: 'stale' })}\n`);
    const started = performance.now();
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port) }, 120_000, {
      built: true,
    });
    console.log(
      `# npm start to ready: ${((performance.now() - started) / 1000).toFixed(1)} s (first start, new database)`,
    );
    // Offline by default: the development network's chains only, none probed anywhere else.
    assert.match(
      server.output(),
      /Chains +evm-localnet +http:\/\/127\.0\.0\.1:\d+\n +solana-localnet +http:\/\/127\.0\.0\.1:\d+\n +no mainnet/,
    );
    const ready = await (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
    assert.deepEqual(Object.keys(ready.chains).sort(), ['evm-localnet', 'solana-localnet']);
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
    assert.notEqual(JSON.parse(readFileSync(info, 'utf8')).stamp, 'stale', 'npm start rebuilt dist/');
    // esbuild's service process ends with the build: it is not kept for the server's life.
    let esbuild = descendantProcesses(pid).filter((p) => /esbuild/.test(p.args));
    for (let i = 0; i < 20 && esbuild.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      esbuild = descendantProcesses(pid).filter((p) => /esbuild/.test(p.args));
    }
    assert.deepEqual(esbuild, [], 'no esbuild process under the service');
    const family = descendants(pid);
    assert.ok(family.length >= 2, `the networks run as child processes (${family.length})`);
    // Built JavaScript all the way down: the children too, without the TypeScript loader.
    for (const pid of family) {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (cmd.includes('node-child') || cmd.includes('server-child')) {
        assert.match(cmd, /\/dist\/devnet\//);
        assert.doesNotMatch(cmd, /tsx/);
      }
    }
    // The embedded database was made by a child process, whose folder is gone.
    assert.ok(existsSync(join(dataDir, 'pglite', 'PG_VERSION')));
    assert.deepEqual(
      readdirSync(dataDir).filter((f) => f.startsWith('pglite.new-')),
      [],
    );
    assert.equal(await server.stop('SIGTERM'), 0);
    for (let i = 0; i < 50 && family.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(family.filter(alive), [], 'no orphan process');
  });
});
