// @needs devnet
// @wallet-api/client as someone outside this repository gets it: `npm pack`, a fresh project in a
// temporary folder, `npm install` of the tarball, and a plain `node` script (no TypeScript loader)
// against the running service; then a TypeScript project type-checks against its declarations.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { ROOT } from '../support/processes.ts';

const CLIENT = join(ROOT, 'packages/client');

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

/** Runs plain node (no TypeScript loader) in `cwd` to its end. */
function runNode(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 90_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Tarballs of the client's dependencies, packed from this repository's node_modules (the versions
 * its lockfile pins): with them the fresh project installs without the registry. (A plain
 * `npm install` of the client's tarball fetches them from the registry instead: npm ci caches
 * packages' files but not the registry's metadata that resolving a version range needs.)
 */
function dependencyTarballs(into: string): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8'));
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep);
  };
  const client = JSON.parse(readFileSync(join(CLIENT, 'package.json'), 'utf8'));
  for (const dep of Object.keys(client.dependencies ?? {})) visit(dep);
  // --ignore-scripts: a dependency's own `prepare` (standardwebhooks builds itself with tsc) is for
  // its repository; its installed folder already holds what it publishes.
  return [...seen].map((name) =>
    join(
      into,
      npm(['pack', join(ROOT, 'node_modules', name), '--pack-destination', into, '--ignore-scripts'], into)
        .trim()
        .split('\n')
        .pop()!,
    ),
  );
}

describe('@wallet-api/client installed from its npm pack tarball in a project outside the repository', () => {
  let app: TestApp;
  let key: string;
  const dir = mkdtempSync(join(tmpdir(), 'wallet-api-client-package-'));
  const project = join(dir, 'project');

  before(async () => {
    ({ app } = await startChainApp());
    const user = await app.newUser();
    key = user.key;
    await fund({
      chain: 'evm-localnet',
      address: await walletOf(app, user.userId, 'ethereum'),
      amount: 10n ** 18n,
    });

    const tarballs = join(dir, 'tarballs');
    mkdirSync(tarballs);
    const tarball = join(
      tarballs,
      npm(['pack', '--pack-destination', tarballs], CLIENT).trim().split('\n').pop()!,
    );
    mkdirSync(project);
    npm(['init', '-y'], project);
    npm(['install', '--offline', tarball, ...dependencyTarballs(tarballs)], project);
  });
  after(async () => {
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the tarball holds the built JavaScript, its declarations, README and LICENSE, and no TypeScript source', () => {
    const installed = join(project, 'node_modules/@wallet-api/client');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    assert.equal(manifest.private, undefined);
    assert.equal(manifest.license, 'Apache-2.0');
    assert.deepEqual(manifest.exports['.'], { types: './dist/index.d.ts', import: './dist/index.js' });
    for (const file of ['dist/index.js', 'dist/index.d.ts', 'dist/client.js', 'README.md', 'LICENSE'])
      assert.ok(existsSync(join(installed, file)), file);
    assert.ok(!existsSync(join(installed, 'src')), 'no TypeScript sources');
    assert.match(readFileSync(join(installed, 'LICENSE'), 'utf8'), /Apache License\s+Version 2\.0/);
    assert.doesNotMatch(readFileSync(join(installed, 'dist/index.d.ts'), 'utf8'), /\.ts['"]/);
  });

  test('plain node lists wallets, sends with an Idempotency-Key (a retry replays it) and reads the transaction', async () => {
    writeFileSync(
      join(project, 'pay.mjs'),
      `import { randomUUID } from 'node:crypto';
import { createWalletApiClient, WalletApiError } from '@wallet-api/client';

const client = createWalletApiClient({ baseUrl: process.env.WALLET_API_URL, apiKey: process.env.WALLET_API_KEY });
const { wallets } = await client.listWallets({ chain: 'ethereum' });
const body = { chain: 'evm-localnet', to: '0x000000000000000000000000000000000000dEaD', asset: 'native', amount: '1000' };
const idempotencyKey = randomUUID();
const first = await client.send(body, { idempotencyKey });
const retry = await client.send(body, { idempotencyKey });
const final = await client.waitForTransaction(first.submission.id);
const read = await client.getTransaction(first.submission.id);
let refused = null;
try {
  await client.send({ ...body, amount: '1.5' });
} catch (err) {
  refused = err instanceof WalletApiError ? { code: err.code, status: err.status } : String(err);
}
console.log(JSON.stringify({ wallets, first, retry, final, read, refused }));
`,
    );
    // Not spawnSync: the service answers from this process.
    const run = await runNode(['pay.mjs'], project, {
      PATH: process.env.PATH ?? '',
      WALLET_API_URL: app.url,
      WALLET_API_KEY: key,
    });
    assert.equal(run.status, 0, run.stderr);
    const out = JSON.parse(run.stdout);
    assert.equal(out.wallets.length, 1);
    assert.equal(out.first.submission.status, 'SUBMITTED');
    assert.equal(out.first.replayed, false);
    assert.equal(out.retry.submission.id, out.first.submission.id, 'the same key: the same transaction');
    assert.equal(out.retry.replayed, true);
    assert.equal(out.final.status, 'CONFIRMED');
    assert.equal(out.read.id, out.first.submission.id);
    assert.equal(out.read.status, 'CONFIRMED');
    assert.deepEqual(out.refused, { code: 'INVALID_INPUT', status: 400 });
  });

  test('a TypeScript project type-checks against the declarations, and they are not any', () => {
    writeFileSync(
      join(project, 'check.ts'),
      `import { createWalletApiClient, type Transaction, WalletApiError } from '@wallet-api/client';

const client = createWalletApiClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'wak_…' });
const { wallets } = await client.listWallets();
const address: string | undefined = wallets[0]?.address;
const tx: Transaction = await client.getTransaction('tx_1');
const status: 'PENDING' | 'SUBMITTED' | 'CONFIRMED' | 'FAILED' = tx.status;
// @ts-expect-error amounts are strings in base units
await client.send({ chain: 'evm-localnet', to: '0x0', asset: 'native', amount: 1000 });
console.log(address, status, WalletApiError);
`,
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: [],
          strict: true,
          noEmit: true,
        },
        files: ['check.ts'],
      }),
    );
    // An ES module project, as the client is one.
    const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ ...manifest, type: 'module' }));
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project], {
      encoding: 'utf8',
    });
    assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
  });
});
