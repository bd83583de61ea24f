// Runs the test files under test/ (all, or those whose path contains an argument) with Node's test
// runner, through tsx, after starting what the selected files need, and nothing else.
//
// A test file declares what it needs in the comment lines at its very top (read by
// scripts/test-needs.mjs; the first line that is not a comment ends them):
//
//   // @needs devnet            one development network shared by all test files
//                               (test/support/devnet.ts; its children exit with this process, even
//                               on SIGKILL), passed in TEST_DEVNET_INFO and TEST_DEVNET_DATA_DIR
//   // @needs postgres          a throwaway PostgreSQL server (scripts/local-postgres.mjs), passed in
//                               TEST_DATABASE_URL
//   // @needs devnet postgres   both
//
// A file that declares nothing gets nothing: PGlite, its own processes and fakes only. An unknown
// name fails the run before anything starts; a file that uses the network or the server without
// declaring it fails when it reaches for them (requireNeed in scripts/test-needs.mjs). Files under
// test/unit are the fast tier (`npm run test:unit`): they may declare nothing, and when only they are
// selected they share one process. `npm test` runs them too, each in its own process like the rest.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { ensureClientBuilt } from '../packages/client/scripts/build.mjs';
import { startPostgres } from './local-postgres.mjs';
import { readNeeds } from './test-needs.mjs';

const UNIT_DIR = `test${sep}unit${sep}`;

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
  const { startDevnet } = await tsImport('@wallet-api/devnet', import.meta.url);
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

const onlyUnitFiles = (list) => list.every((f) => f.startsWith(UNIT_DIR));

const filter = process.argv.slice(2);
const files = findTests('test')
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

const needs = new Set();
const problems = [];
for (const file of files) {
  try {
    const declared = readNeeds(file);
    if (file.startsWith(UNIT_DIR) && declared.size > 0)
      problems.push(
        `${file} declares @needs ${[...declared].join(' ')}, but test/unit is the tier that needs nothing: move it`,
      );
    for (const need of declared) needs.add(need);
  } catch (err) {
    problems.push(err.message);
  }
}
if (problems.length > 0) {
  for (const p of problems) console.error(`# ${p}`);
  process.exit(1);
}
console.log(`# ${files.length} test files; starting: ${[...needs].sort().join(', ') || 'nothing'}`);
// Tests, examples and the service's tooling import @wallet-api/client as people install it: its
// build in packages/client/dist, made again here when its sources changed.
if (!onlyUnitFiles(files) && ensureClientBuilt()) console.log('# built packages/client/dist');

// The network is started first: its children boot while PostgreSQL's synchronous setup runs.
const devnetStarting = needs.has('devnet') && !process.env.TEST_DEVNET_INFO ? startSharedDevnet() : null;
devnetStarting?.catch(() => {});
let pg = null;
try {
  pg = needs.has('postgres') ? await startPostgres() : null;
} catch (err) {
  console.error(`# ${err.message}`);
  await devnetStarting?.then((d) => d.stop()).catch(() => {});
  process.exit(1);
}
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

// Integration files start services and processes of their own: each in its own process, two at a
// time. Unit files are pure computation: one process loads them all, paying for tsx and the modules
// they share (viem, @solana/kit) once rather than per file, which is most of their time.
const onlyUnit = onlyUnitFiles(files);
const unitEntry = `import { test } from 'node:test';
for (const file of ${JSON.stringify(files.map((f) => pathToFileURL(resolve(f)).href))})
  await import(file).catch((err) => test(\`load \${file}\`, () => { throw err; }));`;
if (onlyUnit) env.TEST_RUN_TIER = 'unit';
const child = spawn(
  process.execPath,
  onlyUnit
    ? ['--import', 'tsx', '--test-reporter=spec', '--input-type=module', '--eval', unitEntry]
    : ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((done) => child.on('exit', (c, s) => done(c ?? (s ? 1 : 0))));
if (devnet) await devnet.stop();
if (pg) await pg.stop();
process.exit(code);
