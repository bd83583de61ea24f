/**
 * Benchmark: start-up time and memory of the service with the development network, both ways it
 * runs: `npm start` (the production build in dist/, built first when stale) and the TypeScript
 * sources through tsx (`npm run dev`, what the tests run). For each: the first start on a new data
 * directory (creates the embedded database), then warm starts on it; the time from spawning the
 * command to "ready"; the service process's peak resident memory (VmHWM) on the first and on warm
 * starts, and its resident memory once idle. Each start is checked (an authenticated request must
 * answer 200) and stopped with SIGTERM.
 *
 *   npm run bench:startup     (BENCH_STARTS warm starts per way, default 3; BENCH_IDLE_SECONDS, default 10)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryMb } from './support/process-stats.ts';
import { type Figure, failed, report } from './support/report.ts';

const WARM_STARTS = Number(process.env.BENCH_STARTS ?? 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const root = new URL('../', import.meta.url).pathname;

const WAYS = {
  'npm start (built)': { command: 'npm', args: ['start', '--silent'], marker: 'scripts/start.mjs' },
  'tsx (sources)': {
    command: process.execPath,
    args: ['--import', 'tsx', 'src/main.ts'],
    marker: 'src/main.ts',
  },
} as const;
type Way = keyof typeof WAYS;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The service's own process among the command's descendants (npm runs it under a shell). */
function servicePid(pid: number, marker: string): number | null {
  const cmd = (() => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      return '';
    }
  })();
  if (cmd.includes(marker) && /(^|\/)node$/.test(cmd.split(' ')[0] ?? '')) return pid;
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {}
  for (const c of children) {
    const found = servicePid(c, marker);
    if (found !== null) return found;
  }
  return null;
}

interface Start {
  ms: number;
  peakMb: number;
  idleMb: number | null;
}

async function start(way: Way, dataDir: string, idle: boolean): Promise<Start> {
  const { command, args, marker } = WAYS[way];
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(command, [...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const ms = await new Promise<number>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes('is ready')) resolve(performance.now() - started);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => reject(new Error(`${way} exited with ${code} before ready:\n${out}`)));
  });
  const pid = servicePid(child.pid!, marker);
  if (pid === null) throw new Error(`${way}: the service process was not found`);
  const key = readFileSync(join(dataDir, 'demo-api-key'), 'utf8').trim();
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/wallets`, { headers: { 'x-api-key': key } });
  if (res.status !== 200) failed(`${way}: GET /api/v1/wallets answered ${res.status}`);
  let idleMb: number | null = null;
  if (idle) {
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    idleMb = memoryMb(pid).rss;
  }
  const { peak } = memoryMb(pid);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  process.kill(pid, 'SIGTERM');
  const code = await exited;
  if (code !== 0) failed(`${way}: exited with ${code} on SIGTERM`);
  // The development network's children exit once the service has stopped them (or noticed it
  // gone): give them the few seconds the npm-start test gives them.
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 50 && groupAlive(); i++) await new Promise((r) => setTimeout(r, 100));
  if (groupAlive()) {
    failed(`${way}: processes were left behind 5 s after SIGTERM`);
    process.kill(-child.pid!, 'SIGKILL');
  }
  return { ms, peakMb: peak, idleMb };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const rows: Figure[] = [];
const fig = (figure: string, value: number, unit: string, target: number, scale = 1): Figure => ({
  bench: 'startup',
  figure,
  baseline: '',
  value: `${(value / scale).toFixed(unit === 's' ? 2 : 0)} ${unit}`,
  ratio: value / scale / target,
  target: `<= ${target} ${unit}`,
  met: value / scale <= target,
});

for (const way of Object.keys(WAYS) as Way[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  try {
    const first = await start(way, dataDir, false);
    const warm: Start[] = [];
    for (let i = 0; i < WARM_STARTS; i++) warm.push(await start(way, dataDir, i === WARM_STARTS - 1));
    console.log(
      `${way}: first start ${(first.ms / 1000).toFixed(2)} s (peak ${first.peakMb.toFixed(0)} MB); warm ${warm
        .map((w) => `${(w.ms / 1000).toFixed(2)} s (peak ${w.peakMb.toFixed(0)} MB)`)
        .join(', ')}; idle ${warm.at(-1)?.idleMb?.toFixed(0)} MB after ${IDLE_SECONDS} s`,
    );
    rows.push(
      fig(`${way}: warm start to ready (median)`, median(warm.map((w) => w.ms)), 's', 2, 1000),
      fig(`${way}: first start to ready (new database)`, first.ms, 's', 15, 1000),
      fig(`${way}: idle memory (RSS, warm start)`, warm.at(-1)?.idleMb ?? Number.NaN, 'MB', 250),
      fig(`${way}: peak memory, first start (VmHWM)`, first.peakMb, 'MB', 600),
      fig(`${way}: peak memory, warm start (VmHWM)`, Math.max(...warm.map((w) => w.peakMb)), 'MB', 600),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(
  '\nStart-up and memory of the service process with the development network (its children not counted)',
);
report(rows);
