import { spawn, spawnSync } from 'node:child_process';
import { freePort } from './processes.ts';

/**
 * A throwaway redis-server on loopback (no persistence), as scripts/cluster.ts runs one: the
 * Debian package's binary (apt-get install redis-server). It exits with the test process.
 */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (err) =>
      reject(new Error(`cannot start redis-server (apt-get install redis-server): ${err.message}`)),
    ),
  );
  const ready = (async () => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
      if (ping.stdout?.includes('PONG')) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('redis-server not ready after 15 s');
  })();
  process.once('exit', () => child.kill('SIGKILL'));
  await Promise.race([ready, failed]);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
