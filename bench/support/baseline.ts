/**
 * Baselines in clean processes: each baseline is a plain JavaScript script beside this file, run
 * by plain node (no TypeScript loader, no bundle of ours) with module-census.mjs, which reports what
 * the process loaded. A baseline that loaded any file of this project, or a package it has no use
 * for, fails the benchmark's correctness check: its figure would not be the baseline it names.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { failed } from './report.ts';

export interface Census {
  modules: number;
  packages: string[];
  project: string[];
}

export interface BaselineProcess {
  child: ChildProcess;
  pid: number;
  /** The first line the script printed (JSON): what it serves, and its census. */
  ready: Record<string, unknown> & { census: Census };
  stop(): void;
}

/** Packages of the service that no baseline needs: one of them loaded means the baseline is not clean. */
const SERVICE_PACKAGES = [
  '@electric-sql/pglite',
  '@solana/kit',
  'pino',
  'ioredis',
  'pg',
  'prom-client',
  'typebox',
  '@fastify/swagger',
  '@opentelemetry/api',
];

const script = (name: string) => fileURLToPath(new URL(name, import.meta.url));

export async function startBaseline(
  name: 'bare-route.mjs' | 'viem-send.mjs' | 'viem-estimate.mjs',
  env: Record<string, string>,
  options: { forbidden: string[]; stdin?: boolean },
): Promise<BaselineProcess> {
  // BENCH_PROFILE=<dir> with BENCH_PROFILE_KIND=bare: the baseline writes a CPU profile there on exit.
  const profile =
    process.env.BENCH_PROFILE && process.env.BENCH_PROFILE_KIND === 'bare'
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
  const child = spawn(process.execPath, [...profile, '--import', script('module-census.mjs'), script(name)], {
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const ready = await new Promise<BaselineProcess['ready']>((resolve, reject) => {
    let buf = '';
    const onData = (d: Buffer) => {
      buf += d;
      if (!buf.includes('\n')) return;
      child.stdout?.off('data', onData);
      const [first, ...rest] = buf.split('\n');
      // Anything after the first line belongs to the script's protocol: hand it back.
      if (rest.join('\n')) child.stdout?.unshift(Buffer.from(rest.join('\n')));
      resolve(JSON.parse(first!));
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`baseline ${name} exited with ${code} before it was ready`)),
    );
  });
  const { census } = ready;
  const unwanted = census.packages.filter((p) => [...SERVICE_PACKAGES, ...options.forbidden].includes(p));
  if (census.project.length > 0)
    failed(`baseline ${name} loaded files of this project: ${census.project.slice(0, 5).join(', ')}`);
  if (unwanted.length > 0)
    failed(`baseline ${name} loaded packages it has no use for: ${unwanted.join(', ')}`);
  console.log(
    `  baseline ${name}: clean process, ${census.modules} modules loaded from ${census.packages.length} packages, none of this project's files`,
  );
  return { child, pid: child.pid!, ready, stop: () => child.kill('SIGTERM') };
}

/**
 * Asks a baseline process one command per line on its stdin and reads its answer (milliseconds)
 * from the next line of its stdout; an exit on the way rejects.
 */
function askByLine(child: ChildProcess, name: string): (command: string) => Promise<number> {
  const waiting: ((line: string) => void)[] = [];
  let buf = '';
  child.stdout?.on('data', (d: Buffer) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      waiting.shift()?.(line);
    }
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`))),
  );
  exited.catch(() => {});
  return async (command) => {
    const line = new Promise<string>((resolve) => waiting.push(resolve));
    child.stdin?.write(`${command}\n`);
    return Number(await Promise.race([line, exited]));
  };
}

/** The send baseline in its clean process (viem-send.mjs): one send per call, its milliseconds. */
export interface ViemSender {
  send(kind: 'direct' | 'batched'): Promise<number>;
  stop(): void;
}

export async function startViemSender(options: {
  rpcUrl: string;
  chainId: number;
  privateKey: string;
}): Promise<ViemSender> {
  const baseline = await startBaseline(
    'viem-send.mjs',
    {
      BENCH_RPC_URL: options.rpcUrl,
      BENCH_CHAIN_ID: String(options.chainId),
      BENCH_PRIVATE_KEY: options.privateKey,
    },
    { forbidden: ['fastify'], stdin: true },
  );
  const ask = askByLine(baseline.child, 'the viem baseline');
  return {
    send: (kind) => ask(kind),
    stop: baseline.stop,
  };
}

/** The simulate baseline in its clean process (viem-estimate.mjs): eth_estimateGas + eth_call, its milliseconds. */
export async function startViemEstimator(options: { rpcUrl: string; from: string }): Promise<{
  estimate(): Promise<number>;
  stop(): void;
}> {
  const baseline = await startBaseline(
    'viem-estimate.mjs',
    { BENCH_RPC_URL: options.rpcUrl, BENCH_FROM: options.from },
    { forbidden: ['fastify'], stdin: true },
  );
  const ask = askByLine(baseline.child, 'the estimate baseline');
  return {
    estimate: () => ask('estimate'),
    stop: baseline.stop,
  };
}
