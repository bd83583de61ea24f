// Starts a throwaway PostgreSQL server on 127.0.0.1 (for the test run and scripts/cluster.ts), from the Debian packages'
// binaries. PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = join(root, v, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `own`: always start a new server (not the test run's shared one), which `halt` and `resume` can
 * stop and start again on the same port and data (to test a database outage).
 * Throws, in one line, when PostgreSQL is not installed.
 * @returns {Promise<{url: string, stop: () => Promise<void>, halt: () => void, resume: () => void}>}
 */
export async function startPostgres({ own = false } = {}) {
  if (process.env.TEST_DATABASE_URL && !own)
    return {
      url: process.env.TEST_DATABASE_URL,
      stop: async () => {},
      halt: () => {
        throw new Error('the shared test server cannot be halted');
      },
      resume: () => {},
    };
  const bin = findBinDir();
  if (!bin) {
    // Never a silent fallback: a test that declared it needs PostgreSQL fails rather than passing
    // on PGlite alone.
    throw new Error('PostgreSQL not found: install the postgresql package (apt-get install postgresql)');
  }
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const full = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]]
      : [join(bin, cmd), args];
    const r = spawnSync(full[0], full[1], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
  };
  const dir = mkdtempSync(join(tmpdir(), 'wallet-api-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '30',
      '-o',
      `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // fast, not immediate: with this server's fsync and synchronous_commit off, a crash would also
    // lose the last commits, which a real server (with them on) keeps.
    halt: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already halted
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
