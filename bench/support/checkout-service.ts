/**
 * The service of any checkout, run through its public entry points only, so a benchmark can compare
 * two versions of the code whose internals differ (bench/compare.ts): `scripts/build.mjs` builds its
 * dist/ (what `npm run build` and `npm start` run), `dist/main.js` is started by plain node with
 * settings in the environment, and the service is seeded by its own demo seed (SEED_DEMO: a user, an
 * EVM and a Solana wallet, an API key in DATA_DIR/demo-api-key) and used through its HTTP API.
 * Nothing of the checkout is imported here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const READY_TIMEOUT_MS = 120_000;

export interface Checkout {
  /** `before` or `after`: how the reports name it. */
  name: string;
  root: string;
}

export interface RunningService {
  checkout: Checkout;
  /** The service's own process: plain node running the checkout's dist/main.js. */
  pid: number;
  url: string;
  key: string;
  /** From spawning the process to its "is ready" line, in milliseconds. */
  readyMs: number;
  stop(): Promise<void>;
}

export function checkout(name: string, root: string): Checkout {
  const abs = resolve(root);
  if (!existsSync(join(abs, 'scripts', 'build.mjs')) || !existsSync(join(abs, 'src')))
    throw new Error(`${name}: ${abs} is not a checkout of this project (no scripts/build.mjs or src/)`);
  return { name, root: abs };
}

/** Builds the checkout's dist/ as `npm run build` does (its own build script, in its own folder). */
export async function build(c: Checkout): Promise<void> {
  const child = spawn(process.execPath, [join(c.root, 'scripts', 'build.mjs')], {
    cwd: c.root,
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`${c.name}: the build of ${c.root} exited with ${code}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The environment of a measured service: nothing inherited but PATH and HOME (a DATABASE_URL or
 * REDIS_URL of the caller's shell would change what is measured), the embedded database under
 * `dataDir`, the development network's chains at the given RPC URLs (DEVNET=off: the benchmark runs
 * one network for both services), limits out of the way. `BENCH_SERVICE_<NAME>=<value>` in the
 * caller's environment sets `<NAME>` for both services (to compare a setting, e.g.
 * BENCH_SERVICE_LOG_LEVEL=info).
 */
function serviceEnv(dataDir: string, port: number, rpc: { evm: string; solana: string }) {
  const passed = Object.entries(process.env)
    .filter(([name, value]) => name.startsWith('BENCH_SERVICE_') && value !== undefined)
    .map(([name, value]) => [name.slice('BENCH_SERVICE_'.length), value ?? '']);
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    DEVNET: 'off',
    SEED_DEMO: 'on',
    CHAINS: 'evm-localnet,solana-localnet',
    RPC_URL_EVM_LOCALNET: rpc.evm,
    RPC_URL_SOLANA_LOCALNET: rpc.solana,
    RATE_LIMIT_READ_PER_MINUTE: '1000000000',
    RATE_LIMIT_WRITE_PER_MINUTE: '1000000000',
    ...Object.fromEntries(passed),
  };
}

/** Starts the checkout's built service on `dataDir` and waits for its "is ready" line. */
export async function startService(
  c: Checkout,
  dataDir: string,
  rpc: { evm: string; solana: string },
): Promise<RunningService> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [join(c.root, 'dist', 'main.js')], {
    cwd: c.root,
    env: serviceEnv(dataDir, port, rpc),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept short, for the error message; read to the end so a chatty service never blocks on a full pipe.
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d).slice(-20_000);
  };
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', r));
  let timer: NodeJS.Timeout | undefined;
  const readyMs = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      keep(d);
      if (out.includes('is ready')) resolve(performance.now() - started);
    });
    void exited.then((code) =>
      reject(new Error(`${c.name}: the service exited with ${code} before it was ready:\n${out}`)),
    );
    // A checkout whose service no longer prints "is ready" would otherwise hang the benchmark.
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`${c.name}: no "is ready" line from the service within ${READY_TIMEOUT_MS} ms:\n${out}`),
      );
    }, READY_TIMEOUT_MS);
  }).finally(() => clearTimeout(timer));
  const key = readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim();
  return {
    checkout: c,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    key,
    readyMs,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
