/**
 * `npm run bench`: every benchmark, one after another, then one summary table of their figures
 * (figure, value, baseline, ratio, target, met). Exits non-zero when a benchmark failed a
 * correctness check inside it (non-2xx answers, lost or doubled writes) or crashed; a missed
 * timing target is reported, never a failure.
 *
 *   npm run bench                      (all)
 *   BENCH_ONLY=wallets,send npm run bench
 *   BENCH_BEFORE=<checkout> npm run bench   (also bench:compare, this checkout against that one)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Figure, MACHINE, table } from './support/report.ts';

const BENCHES = [
  'startup',
  'wallets',
  'balances',
  'send',
  'events',
  'simulate',
  'payouts',
  'chaos',
  'scale',
  'compare',
] as const;
const FILES: Record<(typeof BENCHES)[number], string> = {
  startup: 'bench/startup.ts',
  wallets: 'bench/wallets-list.ts',
  balances: 'bench/balances.ts',
  send: 'bench/send.ts',
  events: 'bench/events.ts',
  simulate: 'bench/simulate.ts',
  payouts: 'bench/payouts.ts',
  chaos: 'bench/chaos.ts',
  scale: 'bench/scale.ts',
  compare: 'bench/compare.ts',
};
const before = process.env.BENCH_BEFORE;
/** bench:compare needs a checkout to compare with: it runs only when BENCH_BEFORE names one. */
const ARGS: Partial<Record<(typeof BENCHES)[number], string[]>> = { compare: ['--before', before ?? ''] };
const wanted = (b: (typeof BENCHES)[number]) =>
  only ? only.includes(b) : b !== 'compare' || Boolean(before);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const root = new URL('../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'bench-summary-'));
const summary = join(dir, 'figures.jsonl');
const outcomes: string[] = [];

for (const name of BENCHES.filter(wanted)) {
  console.log(`\n=== bench:${name} ===`);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FILES[name], ...(ARGS[name] ?? [])], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_SUMMARY: summary },
    });
    child.once('exit', (c) => resolve(c));
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  outcomes.push(`${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s`);
  if (code !== 0) process.exitCode = 1;
}

let rows: Figure[] = [];
try {
  rows = readFileSync(summary, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Figure);
} catch {}
rmSync(dir, { recursive: true, force: true });
console.log(`\n=== Summary (${MACHINE}) ===\n${table(rows)}\n`);
for (const o of outcomes) console.log(o);
