import { bootEphemeral } from '../src/boot/boot-ephemeral.ts';
import { openPgliteDatabase } from '../src/store/pglite-database.ts';
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
  const runtime = await bootEphemeral({
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_READ_PER_MINUTE: '1000000000' },
    database: () => openPgliteDatabase(null),
  });
  const user = await runtime.services.users.create({ email: 'bench@example.test' });
  await runtime.services.wallets.create(user.id, { chainType: 'ethereum' });
  await runtime.services.wallets.create(user.id, { chainType: 'solana' });
  const { key } = await runtime.services.apiKeys.create(user.id, { name: 'bench' });
  const url = `${runtime.url}/api/v1/wallets`;
  const body = await (await fetch(url, { headers: { 'x-api-key': key } })).text();
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
