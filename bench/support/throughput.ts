/**
 * Throughput and CPU cost of HTTP targets served by child processes, driven by autocannon from
 * this process. Each target is measured in alternating rounds (baseline, API, baseline, API, …), so
 * a slow moment of the machine does not land on one side only, and each figure is reported with its
 * spread over the rounds (min, median, max). Per round and target:
 *
 * - requests per second at saturation (a fixed number of connections, as fast as it answers);
 * - CPU time per request of the server process under a fixed offered load, well below saturation
 *   and the same for every target (the process's utime + stime from /proc over the window, divided
 *   by the requests answered). On a shared machine this moves far less than requests per second,
 *   which also measure how much CPU the load generator and the neighbours left to the server.
 *
 * The API targets are benchmark scripts run with `--serve <kind>` (bundled as production runs it:
 * built.ts); the bare baseline is bare-route.mjs in a clean process (baseline.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startBaseline } from './baseline.ts';
import { builtScript } from './built.ts';
import { cpuMs } from './process-stats.ts';
import { failed, report } from './report.ts';
import { formatSpread, type Spread, spread } from './stats.ts';

export interface Target {
  url: string;
  key: string;
  bytes: number;
}

export interface Served extends Target {
  kind: string;
  /** The server's own process, whose CPU time is measured. */
  pid: number;
  stop(): void;
}

export interface Round {
  rps: number;
  p50: number;
  p99: number;
  /** CPU time of the server process per request answered, in microseconds, at the fixed rate. */
  cpuUs: number;
  /** Requests per second actually answered during the fixed-rate window. */
  achieved: number;
}

export interface LoadOptions {
  /** Connections of the saturating run. */
  connections: number;
  seconds: number;
  rounds: number;
  /** The fixed offered load of the CPU measurement, requests per second (BENCH_RATE). */
  rate: number;
}

/** Default of the fixed offered load: well below what either side saturates at on 2 cores. */
export const DEFAULT_RATE = Number(process.env.BENCH_RATE ?? 2000);
/** Connections of the fixed-rate run: enough that the rate never waits for a connection. */
const RATE_CONNECTIONS = 8;

/**
 * Starts the script's server of the given kind; it prints its target as one JSON line (with any
 * further fields the script adds: T).
 */
export async function serveTarget<T extends Target = Target>(
  scriptUrl: string,
  kind: string,
  env: Record<string, string> = {},
): Promise<Served & T> {
  // BENCH_PROFILE=<dir>: the API server (or the BENCH_PROFILE_KIND one) writes a CPU profile there
  // when it stops (--cpu-prof).
  const profile =
    process.env.BENCH_PROFILE && kind === (process.env.BENCH_PROFILE_KIND ?? 'api')
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, await builtScript(scriptUrl), '--serve', kind],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  const target = await new Promise<T>((resolve, reject) => {
    let buf = '';
    child.stdout?.on('data', (d) => {
      buf += d;
      if (buf.includes('\n')) resolve(JSON.parse(buf.split('\n')[0]!));
    });
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited with ${code} before serving`)));
  });
  return { ...target, kind, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/**
 * The baseline of a read: a bare Fastify route in a clean process (bare-route.mjs) answering the
 * path of `of` with the bytes `of` answers it with (fetched once here, with its key).
 */
export async function serveBare(of: Served, kind = 'bare'): Promise<Served> {
  const res = await fetch(of.url, { headers: { 'x-api-key': of.key } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200)
    throw new Error(`${of.url} answered ${res.status}: ${body.toString().slice(0, 300)}`);
  const file = join(tmpdir(), `bench-bare-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, body);
  const url = new URL(of.url);
  try {
    const baseline = await startBaseline(
      'bare-route.mjs',
      { BENCH_BARE_PATH: `${url.pathname}${url.search}`, BENCH_BARE_BODY_FILE: file },
      { forbidden: ['viem'] },
    );
    const { url: bareUrl, bytes } = baseline.ready;
    return {
      url: String(bareUrl),
      key: '',
      bytes: Number(bytes),
      kind,
      pid: baseline.pid,
      stop: baseline.stop,
    };
  } finally {
    rmSync(file, { force: true });
  }
}

/** In a served child: exit normally on SIGTERM, so a CPU profile (BENCH_PROFILE) gets written. */
export function exitOnSigterm(): void {
  process.once('SIGTERM', () => process.exit(0));
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function run(target: Target, options: { connections: number; seconds: number; rate?: number }) {
  const result = await autocannon({
    url: target.url,
    connections: options.connections,
    duration: options.seconds,
    headers: { 'x-api-key': target.key },
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  } satisfies Run;
}

/** One round of a target: the saturating run, then the fixed-rate run with the server's CPU time. */
async function round(target: Served, options: LoadOptions): Promise<{ round: Round; runs: Run[] }> {
  const saturated = await run(target, { connections: options.connections, seconds: options.seconds });
  const before = cpuMs(target.pid);
  const started = performance.now();
  const fixed = await run(target, {
    connections: RATE_CONNECTIONS,
    seconds: options.seconds,
    rate: options.rate,
  });
  const cpu = cpuMs(target.pid) - before;
  const elapsed = (performance.now() - started) / 1000;
  const answered = fixed.requests - fixed.non2xx - fixed.errors;
  return {
    round: {
      rps: saturated.rps,
      p50: saturated.p50,
      p99: saturated.p99,
      cpuUs: answered > 0 ? (cpu * 1000) / answered : Number.NaN,
      achieved: answered / elapsed,
    },
    runs: [saturated, fixed],
  };
}

/**
 * Alternating rounds over the targets after a warm-up of each; every round of each target.
 * Any non-2xx answer or connection error is a failed correctness check (the exit code says so).
 */
export async function alternate(targets: Served[], options: LoadOptions): Promise<Map<string, Round[]>> {
  for (const t of targets)
    await run(t, { connections: options.connections, seconds: Math.min(2, options.seconds) });
  const rounds = new Map<string, Round[]>(targets.map((t) => [t.kind, []]));
  const runs = new Map<string, Run[]>(targets.map((t) => [t.kind, []]));
  for (let r = 0; r < options.rounds; r++)
    for (const t of targets) {
      const measured = await round(t, options);
      rounds.get(t.kind)?.push(measured.round);
      runs.get(t.kind)?.push(...measured.runs);
    }
  for (const [kind, all] of runs) {
    const non2xx = all.reduce((n, r) => n + r.non2xx, 0);
    const errors = all.reduce((n, r) => n + r.errors, 0);
    if (non2xx > 0) failed(`${kind}: ${non2xx} non-2xx answers`);
    if (errors > 0) failed(`${kind}: ${errors} connection errors or timeouts`);
  }
  return rounds;
}

/** The spreads of a target's rounds, and a warning when the fixed rate was not reached. */
export function summarize(kind: string, rounds: Round[], rate: number) {
  const achieved = spread(rounds.map((r) => r.achieved));
  if (achieved.min < rate * 0.9)
    console.log(
      `  note: ${kind} answered ${achieved.min.toFixed(0)} req/s in its slowest fixed-rate window, below the ${rate} offered: lower BENCH_RATE`,
    );
  return {
    rps: spread(rounds.map((r) => r.rps)),
    p50: spread(rounds.map((r) => r.p50)),
    cpuUs: spread(rounds.map((r) => r.cpuUs)),
  };
}

const line = (name: string, s: { rps: Spread; p50: Spread; cpuUs: Spread }) =>
  `  ${name.padEnd(36)} ${formatSpread(s.rps).padEnd(24)} ${formatSpread(s.p50).padEnd(12)} ${formatSpread(s.cpuUs, 1)}`;

/**
 * The `api` target against the `bare` one (a bare Fastify route sending the same bytes, in a clean
 * process) in alternating rounds: requests per second at saturation and CPU time per request at a
 * fixed rate, each as median (min–max), and the ratios of the medians.
 */
export async function againstBare(
  targets: Served[],
  options: LoadOptions & { bench: string; figure: string; title: string; target: number },
): Promise<void> {
  const results = await alternate(targets, options);
  const bare = summarize('bare', results.get('bare')!, options.rate);
  const api = summarize('api', results.get('api')!, options.rate);
  const bytes = targets.find((t) => t.kind === 'api')?.bytes;
  console.log(
    `${options.title} (${bytes} bytes), ${options.rounds} alternating rounds; per round ${options.seconds} s at ${options.connections} connections (req/s), then ${options.seconds} s at ${options.rate} req/s offered (CPU per request)`,
  );
  console.log(`  ${''.padEnd(36)} ${'req/s'.padEnd(24)} ${'p50 ms'.padEnd(12)} CPU µs/request`);
  console.log(line('baseline (bare Fastify, same bytes)', bare));
  console.log(line('API', api));
  const ratio = api.rps.median / bare.rps.median;
  const cpuRatio = bare.cpuUs.median / api.cpuUs.median;
  console.log(
    `  ratio of medians: req/s API/bare ${ratio.toFixed(2)}; CPU per request bare/API ${cpuRatio.toFixed(2)} (the API spends ${(1 / cpuRatio).toFixed(2)}x the bare route's CPU per request)`,
  );
  report([
    {
      bench: options.bench,
      figure: options.figure,
      baseline: `${formatSpread(bare.rps)} (bare Fastify, same bytes)`,
      value: formatSpread(api.rps),
      ratio,
      target: `>= ${options.target}`,
      met: ratio >= options.target,
    },
    {
      bench: options.bench,
      figure: `${options.figure.replace(/, req\/s$/, '')}, CPU µs/request at ${options.rate} req/s (ratio bare/API)`,
      baseline: `${formatSpread(bare.cpuUs, 1)} (bare Fastify)`,
      value: formatSpread(api.cpuUs, 1),
      ratio: cpuRatio,
      target: '',
      met: null,
    },
  ]);
}
