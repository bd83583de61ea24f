/**
 * Throughput of HTTP targets served by child processes (each a benchmark script run with
 * `--serve <kind>`, bundled as production runs it: built.ts), driven by autocannon from this
 * process. The targets are measured in alternating rounds (baseline, API, baseline, API, …) and
 * each one's median round is reported, so a slow moment of the machine does not land on one side.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { builtScript } from './built.ts';
import { failed, report } from './report.ts';

export interface Target {
  url: string;
  key: string;
  bytes: number;
}

export interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface Served extends Target {
  kind: string;
  stop(): void;
}

/** Starts the script's server of the given kind; it prints its target as one JSON line. */
export async function serveTarget(
  scriptUrl: string,
  kind: string,
  env: Record<string, string> = {},
): Promise<Served> {
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
  const target = await new Promise<Target>((resolve, reject) => {
    let buf = '';
    child.stdout?.on('data', (d) => {
      buf += d;
      if (buf.includes('\n')) resolve(JSON.parse(buf.split('\n')[0]!));
    });
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited with ${code} before serving`)));
  });
  return { ...target, kind, stop: () => child.kill('SIGTERM') };
}

/** In a served child: exit normally on SIGTERM, so a CPU profile (BENCH_PROFILE) gets written. */
export function exitOnSigterm(): void {
  process.once('SIGTERM', () => process.exit(0));
}

async function run(target: Target, connections: number, seconds: number): Promise<Throughput> {
  const result = await autocannon({
    url: target.url,
    connections,
    duration: seconds,
    headers: { 'x-api-key': target.key },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Alternating rounds over the targets after a warm-up of each; the median round of each target.
 * Any non-2xx answer or connection error is a failed correctness check (the exit code says so).
 */
export async function alternate(
  targets: Served[],
  options: { connections: number; seconds: number; rounds: number },
): Promise<Map<string, Throughput>> {
  for (const t of targets) await run(t, options.connections, 2);
  const rounds = new Map<string, Throughput[]>(targets.map((t) => [t.kind, []]));
  for (let r = 0; r < options.rounds; r++)
    for (const t of targets) rounds.get(t.kind)?.push(await run(t, options.connections, options.seconds));
  const out = new Map<string, Throughput>();
  for (const [kind, results] of rounds) {
    const sorted = [...results].sort((a, b) => a.rps - b.rps);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const non2xx = results.reduce((n, r) => n + r.non2xx, 0);
    const errors = results.reduce((n, r) => n + r.errors, 0);
    if (non2xx > 0) failed(`${kind}: ${non2xx} non-2xx answers`);
    if (errors > 0) failed(`${kind}: ${errors} connection errors or timeouts`);
    out.set(kind, { ...median, non2xx, errors });
  }
  return out;
}

/**
 * The throughput of the `api` target against the `bare` one (a bare Fastify route sending the same
 * bytes) in alternating rounds, printed and reported as a ratio against the target.
 */
export async function againstBare(
  targets: Served[],
  options: {
    bench: string;
    figure: string;
    title: string;
    connections: number;
    seconds: number;
    rounds: number;
    target: number;
  },
): Promise<void> {
  const results = await alternate(targets, options);
  const bare = results.get('bare')!;
  const api = results.get('api')!;
  const bytes = targets.find((t) => t.kind === 'api')?.bytes;
  console.log(
    `${options.title} (${bytes} bytes), ${options.connections} connections, ${options.rounds} alternating rounds of ${options.seconds} s`,
  );
  for (const [name, r] of [
    ['baseline (bare Fastify, same bytes)', bare],
    ['API                                ', api],
  ] as const)
    console.log(`  ${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms (median round)`);
  const ratio = api.rps / bare.rps;
  report([
    {
      bench: options.bench,
      figure: options.figure,
      baseline: `${bare.rps.toFixed(0)} (bare Fastify, same bytes)`,
      value: api.rps.toFixed(0),
      ratio,
      target: `>= ${options.target}`,
      met: ratio >= options.target,
    },
  ]);
}
