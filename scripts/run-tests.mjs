// Runs every test file under test/ with Node's test runner (through tsx), after making sure a
// real PostgreSQL server is available for the storage tests (see scripts/local-postgres.mjs)
// and, when a selected test uses it, one development network shared by all test files
// (see test/support/devnet.ts; its children exit with this process, even on SIGKILL).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { startPostgres } from '../scripts/local-postgres.mjs';

function findTests(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...findTests(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

async function startSharedDevnet() {
  const { startDevnet } = await tsImport('../src/devnet/devnet.ts', import.meta.url);
  const { default: pino } = await import('pino');
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-api-devnet-'));
  const started = performance.now();
  const devnet = await startDevnet({ dataDir, logger: pino({ level: 'warn' }, pino.destination(2)) });
  console.log(`# development network ready in ${Math.round(performance.now() - started)} ms`);
  devnet.onCrash((err) => console.error(`# development network crashed: ${err.message}`));
  return {
    env: { TEST_DEVNET_INFO: JSON.stringify(devnet.info), TEST_DEVNET_DATA_DIR: dataDir },
    stop: async () => {
      await devnet.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const filter = process.argv.slice(2);
const files = findTests('test')
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

// Started first: its children boot while PostgreSQL's synchronous setup runs.
// A file needs it when it, or the test support it imports, reaches for the development network.
const DEVNET_USERS = /useDevnet\(|support\/chain-app|support\/devnet|balances\/harness|trading-app/;
const needsDevnet = files.some((f) => DEVNET_USERS.test(readFileSync(f, 'utf8')));
const devnetStarting = needsDevnet && !process.env.TEST_DEVNET_INFO ? startSharedDevnet() : null;
devnetStarting?.catch(() => {});
const pg = await startPostgres();
const env = { ...process.env };
if (pg) env.TEST_DATABASE_URL = pg.url;
let devnet = null;
try {
  devnet = devnetStarting ? await devnetStarting : null;
} catch (err) {
  if (pg) await pg.stop();
  throw err;
}
if (devnet) Object.assign(env, devnet.env);

const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
if (devnet) await devnet.stop();
if (pg) await pg.stop();
process.exit(code);
