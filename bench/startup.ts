/**
 * Benchmark: time from `npm start` (node --import tsx src/main.ts) to "ready", with the
 * development network, on a warm install. The first start on a new data directory also creates
 * the embedded database (PGlite initdb, seconds); the second start on it is the figure the target
 * (15 s) is for. Each start is stopped with SIGTERM, which must leave no process behind.
 *
 *   npm run bench:startup     (BENCH_STARTS to change the number of warm starts, default 3)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const WARM_STARTS = Number(process.env.BENCH_STARTS ?? 3);
const root = new URL('../', import.meta.url).pathname;

async function start(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ms = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('is ready')) resolve(performance.now() - started);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready:\n${out}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return ms;
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
try {
  const first = await start(dataDir);
  const warm: number[] = [];
  for (let i = 0; i < WARM_STARTS; i++) warm.push(await start(dataDir));
  const median = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)] ?? Number.NaN;
  console.log('npm start to ready, with the development network, same machine');
  console.log(`  first start (creates the embedded database): ${(first / 1000).toFixed(1)} s`);
  console.log(
    `  warm starts: ${warm.map((w) => (w / 1000).toFixed(1)).join(', ')} s; median ${(median / 1000).toFixed(1)} s`,
  );
  console.log(`  ratio median / target 15 s: ${(median / 15000).toFixed(2)} (target <= 1)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
