/**
 * Benchmark: authenticated GET /api/v1/wallets against a bare Fastify route returning the same
 * bytes (the baseline), on this machine, in the same run. The API runs in its own process as
 * production runs it (bundled, plain node); the baseline in a clean process that loads fastify only
 * (support/bare-route.mjs); autocannon drives both from this one in alternating rounds. Prints
 * requests per second at saturation (ratio target >= 0.75) and CPU time per request at a fixed
 * offered load, each with its spread over the rounds; any non-2xx answer fails it.
 *
 *   npm run bench:wallets   (5 rounds of 5 s + 5 s per target; BENCH_ROUNDS, BENCH_SECONDS, BENCH_RATE)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/config.ts';
import { startRuntime } from '../src/runtime.ts';
import { openPgliteDatabase } from '../src/store/pglite-database.ts';
import { createLogger } from '../src/support/logger.ts';
import {
  againstBare,
  DEFAULT_RATE,
  exitOnSigterm,
  type Served,
  serveBare,
  serveTarget,
} from './support/throughput.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** Child process: the API on a fresh database with one user and two wallets; prints its target. */
async function serve(): Promise<void> {
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
  const url = `${runtime.url}/api/v1/wallets`;
  const body = await (await fetch(url, { headers: { 'x-api-key': key } })).text();
  rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ url, key, bytes: body.length })}\n`);
}

if (process.argv[2] === '--serve') {
  exitOnSigterm();
  await serve();
} else {
  const api = await serveTarget(import.meta.url, 'api');
  const targets: Served[] = [api];
  try {
    targets.unshift(await serveBare(api));
    await againstBare(targets, {
      bench: 'wallets',
      figure: 'GET /api/v1/wallets, req/s',
      title: 'GET /api/v1/wallets',
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      rate: DEFAULT_RATE,
      target: 0.75,
    });
  } finally {
    for (const t of targets) t.stop();
  }
}
