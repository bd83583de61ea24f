/**
 * `npm run bench`: every benchmark, one after another, then one summary table of their figures
 * (figure, value, baseline, ratio, target, met). Exits non-zero when a benchmark failed a
 * correctness check inside it (non-2xx answers, lost or doubled writes) or crashed; a missed
 * timing target is reported, never a failure.
 *
 *   npm run bench                      (all)
 *   BENCH_ONLY=wallets,send npm run bench
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Figure, MACHINE, table } from './support/report.ts';

const BENCHES = ['startup', 'wallets', 'balances', 'send', 'chaos', 'scale'] as const;
const FILES: Record<(typeof BENCHES)[number], string> = {
  startup: 'bench/startup.ts',
  wallets: 'bench/wallets-list.ts',
  balances: 'bench/balances.ts',
  send: 'bench/send.ts',
  chaos: 'bench/chaos.ts',
  scale: 'bench/scale.ts',
};
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const root = new URL('../', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'bench-summary-'));
const summary = join(dir, 'figures.jsonl');
const outcomes: string[] = [];

for (const name of BENCHES.filter((b) => !only || only.includes(b))) {
  console.log(`\n=== bench:${name} ===`);
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FILES[name]], {
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
