/**
 * Benchmark: authenticated GET /api/v1/wallets against a bare Fastify route returning the same
 * JSON (the baseline), on this machine, in the same run. Each server runs in its own process;
 * autocannon drives it from this one. Prints requests per second and the ratio (target >= 0.5).
 *
 *   npm run bench:wallets            (10 s per target; BENCH_SECONDS to change)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { loadConfig } from '../src/config/config.ts';
import { createLogger } from '../src/logger.ts';
import { startRuntime } from '../src/runtime.ts';
import { wrapPglite } from '../src/store/pglite-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;

async function serve(kind: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const db = wrapPglite(await PGlite.create());
  const runtime = await startRuntime({
    config: loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      DEVNET: 'off',
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_READ_PER_MINUTE: '1000000000',
    }),
    db,
    logger: createLogger('warn'),
  });
  const user = await runtime.services.users.create({ email: 'bench@example.test' });
  await runtime.services.wallets.create(user.id, { chainType: 'ethereum' });
  await runtime.services.wallets.create(user.id, { chainType: 'solana' });
  const { key } = await runtime.services.apiKeys.create(user.id, { name: 'bench' });
  const body = await (await fetch(`${runtime.url}/api/v1/wallets`, { headers: { 'x-api-key': key } })).text();
  let url = `${runtime.url}/api/v1/wallets`;
  if (kind === 'bare') {
    // The baseline: Fastify with no plugins, returning the same JSON bytes.
    await runtime.close();
    await db.close();
    const bare = Fastify();
    bare.get('/api/v1/wallets', async (_req, reply) =>
      reply.type('application/json; charset=utf-8').send(body),
    );
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const address = bare.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/wallets`;
  }
  rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ url, key, bytes: body.length })}\n`);
}

async function measure(
  kind: 'api' | 'bare',
): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL(import.meta.url).pathname, '--serve', kind],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const target = await new Promise<{ url: string; key: string }>((resolve) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      if (buf.includes('\n')) resolve(JSON.parse(buf.split('\n')[0]!));
    });
  });
  // Warm-up, then the measured run.
  await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: 2,
    headers: { 'x-api-key': target.key },
  });
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'x-api-key': target.key },
  });
  child.kill('SIGTERM');
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] ?? 'api');
} else {
  const bare = await measure('bare');
  const api = await measure('api');
  console.log(`GET /api/v1/wallets, ${CONNECTIONS} connections, ${SECONDS} s each, same machine`);
  console.log(
    `  baseline (bare Fastify, same JSON): ${bare.rps.toFixed(0)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`,
  );
  console.log(
    `  API (auth, rate limit, metrics):    ${api.rps.toFixed(0)} req/s, p50 ${api.p50} ms, p99 ${api.p99} ms, non-2xx ${api.non2xx}`,
  );
  console.log(`  ratio API / baseline: ${(api.rps / bare.rps).toFixed(2)} (target >= 0.5)`);
  if (api.non2xx > 0) process.exitCode = 1;
}
