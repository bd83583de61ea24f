// Runs every test file under test/ with Node's test runner (through tsx), after making sure a
// real PostgreSQL server is available for the storage tests (see test/support/postgres-server.mjs).
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres } from '../test/support/postgres-server.mjs';

function findTests(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...findTests(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const filter = process.argv.slice(2);
const files = findTests('test')
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

const pg = await startPostgres();
const env = { ...process.env };
if (pg) env.TEST_DATABASE_URL = pg.url;

const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit', env },
);
const code = await new Promise((resolve) => child.on('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
if (pg) await pg.stop();
process.exit(code);
