/**
 * Benchmark: authenticated GET /api/v1/wallets against a bare Fastify route returning the same
 * bytes (the baseline), on this machine, in the same run. Each server runs in its own process, as
 * production runs it (bundled, plain node); autocannon drives both from this one in alternating
 * rounds. Prints requests per second and the ratio (target >= 0.75); any non-2xx answer fails it.
 *
 *   npm run bench:wallets            (3 rounds of 5 s per target; BENCH_ROUNDS, BENCH_SECONDS)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../src/config/config.ts';
import { startRuntime } from '../src/runtime.ts';
import { openPgliteDatabase } from '../src/store/pglite-database.ts';
import { createLogger } from '../src/support/logger.ts';
import { againstBare, exitOnSigterm, serveTarget } from './support/throughput.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function serve(kind: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const db = await openPgliteDatabase(null);
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
    // The same bytes, encoded once, as the API keeps cached bodies (frozen-json.ts).
    const bareBody = Buffer.from(body);
    const bare = Fastify();
    bare.get('/api/v1/wallets', async (_req, reply) =>
      reply.type('application/json; charset=utf-8').send(bareBody),
    );
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const address = bare.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1/wallets`;
  }
  rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ url, key, bytes: body.length })}\n`);
}

if (process.argv[2] === '--serve') {
  exitOnSigterm();
  await serve(process.argv[3] ?? 'api');
} else {
  const targets = [await serveTarget(import.meta.url, 'bare'), await serveTarget(import.meta.url, 'api')];
  try {
    await againstBare(targets, {
      bench: 'wallets',
      figure: 'GET /api/v1/wallets, req/s',
      title: 'GET /api/v1/wallets',
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      target: 0.75,
    });
  } finally {
    for (const t of targets) t.stop();
  }
}
