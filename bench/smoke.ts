/**
 * `npm run bench:smoke`: every benchmark briefly, for CI. It asserts what each benchmark checks
 * inside it (every answer 2xx, every intended payment landed exactly once, nothing lost or doubled)
 * and never a timing: the figures it prints come from runs far too short to mean anything.
 * bench:compare runs too, this checkout against itself (BENCH_BEFORE=.): it proves the harness still
 * builds, starts, seeds and measures a checkout through its public entry points.
 */
import { spawn } from 'node:child_process';

const brief: Record<string, string> = {
  BENCH_SECONDS: '1',
  BENCH_ROUNDS: '1',
  BENCH_SAMPLES: '3',
  BENCH_SENDS: '10',
  BENCH_RATE: '20',
  BENCH_PAYOUT_ITEMS: '10',
  BENCH_USERS: '3',
  BENCH_KEYS: '5',
  BENCH_STARTS: '1',
  BENCH_IDLE_SECONDS: '1',
  BENCH_TOKENS: '5',
  BENCH_BEFORE: '.',
  CHAOS_USERS: '3',
  CHAOS_PAYMENTS: '24',
  CHAOS_PACE_MS: '2000',
};

const code = await new Promise<number | null>((resolve) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/all.ts'], {
    cwd: new URL('../', import.meta.url).pathname,
    stdio: 'inherit',
    env: { ...brief, ...process.env },
  });
  child.once('exit', (c) => resolve(c));
});
console.log(
  code === 0 ? '# bench:smoke: every benchmark ran without a correctness failure' : '# bench:smoke FAILED',
);
process.exit(code ?? 1);
