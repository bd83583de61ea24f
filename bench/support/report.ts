/**
 * How every benchmark reports: one row per figure (what was measured, against which baseline, the
 * ratio and the target), printed as a table, and appended as JSON lines to the file named by
 * BENCH_SUMMARY when `npm run bench` runs them all (bench/all.ts prints the summary).
 *
 * A target missed is reported, never an error: timings vary by machine. A correctness check that
 * fails inside a benchmark (a non-2xx answer, a lost write) makes it exit non-zero (`failed`).
 */
import { appendFileSync } from 'node:fs';
import { cpus } from 'node:os';

export interface Figure {
  bench: string;
  figure: string;
  /** The baseline's value and name, or '' when the figure is absolute. */
  baseline: string;
  value: string;
  /** value / baseline (or value / target for absolute figures), when meaningful. */
  ratio: number | null;
  target: string;
  /** Whether the target is met (null: no target). */
  met: boolean | null;
}

export const MACHINE = `${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}`;

export function table(rows: Figure[]): string {
  const cells = rows.map((r) => [
    r.figure,
    r.value,
    r.baseline,
    r.ratio === null ? '' : r.ratio.toFixed(2),
    r.target,
    r.met === null ? '' : r.met ? 'met' : 'MISSED',
  ]);
  const head = ['figure', 'value', 'baseline', 'ratio', 'target', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((x, i) => x.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export function report(rows: Figure[]): void {
  console.log(`\n${table(rows)}\n(${MACHINE})`);
  record(rows);
}

/** Appends the figures to the summary of `npm run bench` (BENCH_SUMMARY), for a benchmark that prints its own table. */
export function record(rows: Figure[]): void {
  const file = process.env.BENCH_SUMMARY;
  if (file) for (const r of rows) appendFileSync(file, `${JSON.stringify(r)}\n`);
}

/** A correctness check inside a benchmark failed: say so, and exit non-zero at the end. */
export function failed(message: string): void {
  console.error(`CORRECTNESS CHECK FAILED: ${message}`);
  process.exitCode = 1;
}
