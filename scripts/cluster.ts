/**
 * A multi-instance deployment on one machine, for people to try and for the scale-out tests:
 * PostgreSQL and Redis (Debian packages) on loopback, three API instances (TRACKER=false) and one
 * worker in production mode, and nginx in front as the load balancer (round robin).
 *
 *   npm run cluster            (Ctrl-C stops everything; CLUSTER_PORT to pick the balancer's port)
 *
 * Chains: the instances use the development network through RPC_URL_EVM_LOCALNET and
 * RPC_URL_SOLANA_LOCALNET (started here, or the test run's shared one).
 *
 * The instances and the worker run the production build (dist/, built first when src/ changed, as
 * `npm start` does), not the TypeScript sources.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DevnetInfo } from '@wallet-api/devnet';
import pg from 'pg';
import pino from 'pino';
// @ts-expect-error: a plain JavaScript module without declarations
import { ensureBuilt } from './build.mjs';
import { startPostgres } from './local-postgres.mjs';

const ROOT = new URL('../', import.meta.url).pathname;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(address && typeof address === 'object' ? address.port : 0));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not ready after ${timeoutMs} ms`);
}

interface Child {
  name: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function startChild(name: string, command: string, args: string[], env: Record<string, string>): Child {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    process: child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** redis-server on loopback, without persistence; restartable on the same port. */
export function redisServer(port: number) {
  let child: Child | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = startChild(
        'redis',
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {},
      );
      await waitFor(
        async () =>
          spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.includes('PONG'),
        'redis',
        15_000,
      );
    },
    async stop() {
      await child?.stop('SIGKILL');
      child = null;
    },
  };
}

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream api {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A write is never sent to a second instance after the first may have acted on it.
      proxy_next_upstream off;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

export interface ClusterOptions {
  devnet: DevnetInfo;
  instances?: number;
  port?: number;
  /** Redis's port (a free one when absent). */
  redisPort?: number;
  /** Per instance (0-based), a Redis URL other than the cluster's (a fault proxy in front of it). */
  redisUrlFor?: (index: number, url: string) => string;
  env?: Record<string, string>;
  /** Settings of the worker only (its own RPC URL, for example). */
  workerEnv?: Record<string, string>;
  /**
   * The development network's data directory (where it records its RPC URLs and test tokens):
   * `wallet-api devnet fund` finds the network through it, as DATA_DIR of `operatorEnv`.
   */
  devnetDataDir?: string;
}

export async function startCluster(options: ClusterOptions) {
  for (const [command, pkg] of [
    ['redis-server', 'redis-server'],
    ['redis-cli', 'redis-server'],
    ['nginx', 'nginx'],
  ])
    if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0)
      throw new Error(`${command} not found: install the ${pkg} package (apt-get install ${pkg})`);
  const dir = mkdtempSync(join(tmpdir(), 'wallet-api-cluster-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    // What the instances run: the build of the sources as they are now (the CLI below uses it too).
    await (ensureBuilt as () => Promise<boolean>)();
    const postgres = await startPostgres({ own: true });
    stops.push(() => postgres.stop());
    const redis = redisServer(options.redisPort ?? (await freePort()));
    await redis.start();
    stops.push(() => redis.stop());

    const env: Record<string, string> = {
      WALLET_API_MODE: 'production',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      MASTER_KEY: randomBytes(32).toString('hex'),
      API_KEY_SECRET: randomBytes(32).toString('hex'),
      RPC_URL_EVM_LOCALNET: options.devnet.evm.rpcUrl,
      RPC_URL_SOLANA_LOCALNET: options.devnet.solana.rpcUrl,
      // nginx in front, on this machine: it is the one proxy whose X-Forwarded-For is trusted.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...options.env,
    };
    // Migrations once, before the instances start.
    const migrate = spawnSync(process.execPath, ['bin/wallet-api.js', 'migrate'], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATA_DIR: join(dir, 'migrate') },
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr}`);

    const count = options.instances ?? 3;
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const instances = ports.map((port, i) => {
      const dataDir = join(dir, `api-${i}`);
      mkdirSync(dataDir, { recursive: true });
      const child = startChild(`api-${i}`, process.execPath, ['dist/main.js'], {
        ...env,
        REDIS_URL: options.redisUrlFor?.(i, redis.url) ?? redis.url,
        TRACKER: 'false',
        PORT: String(port),
        DATA_DIR: dataDir,
      });
      stops.push(() => child.stop());
      return { url: `http://127.0.0.1:${port}`, child };
    });
    const startWorker = () => {
      const child = startChild('worker', process.execPath, ['bin/wallet-api.js', 'worker'], {
        ...env,
        ...options.workerEnv,
        DATA_DIR: join(dir, 'worker'),
      });
      stops.push(() => child.stop());
      return child;
    };
    let worker = startWorker();
    await Promise.all(
      instances.map((inst) =>
        waitFor(async () => (await fetch(`${inst.url}/readyz`)).status === 200, `instance ${inst.url}`).catch(
          (err) => {
            throw new Error(`${(err as Error).message}\n${inst.child.output()}`);
          },
        ),
      ),
    );

    const lbPort = options.port ?? (await freePort());
    mkdirSync(join(dir, 'nginx'), { recursive: true });
    writeFileSync(join(dir, 'nginx', 'nginx.conf'), nginxConfig(join(dir, 'nginx'), lbPort, ports));
    const nginx = startChild(
      'nginx',
      'nginx',
      ['-c', join(dir, 'nginx', 'nginx.conf'), '-p', join(dir, 'nginx')],
      {},
    );
    stops.push(() => nginx.stop('SIGQUIT'));
    const url = `http://127.0.0.1:${lbPort}`;
    await waitFor(async () => (await fetch(`${url}/readyz`)).status === 200, `nginx ${url}`, 15_000).catch(
      (err) => {
        throw new Error(`${(err as Error).message}\n${nginx.output()}`);
      },
    );

    return {
      url,
      instances,
      env,
      /**
       * The environment of `npx wallet-api` for this cluster: its settings, and DATA_DIR the
       * development network's data directory (for `devnet fund` and `devnet info`) when known.
       */
      operatorEnv: {
        ...env,
        ...(options.devnetDataDir ? { DATA_DIR: options.devnetDataDir } : {}),
      } as Record<string, string>,
      postgres,
      redis,
      get worker() {
        return worker;
      },
      /** Kills the worker (SIGKILL: no clean-up, claims left behind). */
      async killWorker(): Promise<void> {
        await worker.stop('SIGKILL');
      },
      startWorker(): void {
        worker = startWorker();
      },
      /** A direct connection to the cluster's database. */
      database(): pg.Pool {
        const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
        pool.on('error', () => {}); // idle clients dropped while PostgreSQL is halted
        stops.push(() => pool.end());
        return pool;
      },
      async stop() {
        for (const stop of stops.reverse()) await stop().catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

// `npm run cluster`: a development network of its own, the cluster, until Ctrl-C.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startDevnet } = await import('@wallet-api/devnet');
  const devnetDir = mkdtempSync(join(tmpdir(), 'wallet-api-cluster-devnet-'));
  const devnet = await startDevnet({ dataDir: devnetDir, logger: pino({ level: 'warn' }) });
  const cluster = await startCluster({
    devnet: devnet.info,
    devnetDataDir: devnetDir,
    ...(process.env.CLUSTER_PORT ? { port: Number(process.env.CLUSTER_PORT) } : {}),
  });
  console.log(`Cluster ready: nginx ${cluster.url} -> ${cluster.instances.map((i) => i.url).join(', ')}`);
  console.log(`  PostgreSQL ${cluster.postgres.url}, Redis ${cluster.redis.url}, one worker`);
  // The settings (secrets included) go to a file only its owner reads, never to the terminal.
  const envFile = join(devnetDir, 'cluster.env');
  writeFileSync(
    envFile,
    `${Object.entries(cluster.operatorEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  );
  console.log(
    `  development network: data directory ${devnetDir} (DATA_DIR for devnet fund and devnet info)`,
  );
  console.log(
    `  its settings (secrets included, and that DATA_DIR): ${envFile}; with them, create users and`,
  );
  console.log('  keys, and fund wallets on the development network:');
  console.log(`  env $(cat ${envFile} | xargs) npx wallet-api users create --email me@example.com`);
  console.log(
    `  env $(cat ${envFile} | xargs) npx wallet-api devnet fund --chain evm-localnet --address 0x… --amount 1`,
  );
  const stop = async () => {
    await cluster.stop();
    await devnet.stop();
    rmSync(devnetDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
