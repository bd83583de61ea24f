/**
 * Benchmark: the multi-instance setup (scripts/cluster.ts: nginx, PostgreSQL, Redis) with one API
 * instance and with three, same run: throughput of authenticated GET /api/v1/wallets and of cached
 * balance reads through the load balancer; the per-request round trips to PostgreSQL and Redis on
 * those paths (counted by the servers themselves); and the Redis-backed rate limiter's cost against
 * the in-process one, as a ratio. The instance ratio is bounded by this machine's cores: it is
 * printed with the CPU count. On three instances, a mixed load of many users (BENCH_KEYS, default
 * 500), cold then warm (bench/support/mixed-load.ts): the figures docs/scaling.md sizes from.
 *
 *   npm run bench:scale            (BENCH_SECONDS per measurement, default 10; BENCH_KEYS)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fundAddress, startDevnet } from '@wallet-api/devnet';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pino from 'pino';
import { type Cluster, startCluster } from '../scripts/cluster.ts';
import { bootCli } from '../src/boot/boot-cli.ts';
import { loadConfig } from '../src/config/config.ts';
import { memoryRateLimiter } from '../src/rate-limit/rate-limiter.ts';
import { redisRateLimiter } from '../src/rate-limit/redis-rate-limiter.ts';
import { type MixFigures, mixedLoad, seedUsers } from './support/mixed-load.ts';
import { type Figure, failed, report } from './support/report.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const KEYS = Number(process.env.BENCH_KEYS ?? 500);
const CONNECTIONS = 64;
const LIMITS = { RATE_LIMIT_READ_PER_MINUTE: '1000000000', RATE_LIMIT_WRITE_PER_MINUTE: '1000000000' };

const devnetDir = mkdtempSync(join(tmpdir(), 'bench-scale-devnet-'));
const devnet = await startDevnet({ dataDir: devnetDir, logger: pino({ level: 'warn' }) });

/** A user with an EVM wallet (funded) and a key, made through the operator services. */
async function seedUser(cluster: Cluster) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-op-'));
  const config = loadConfig({ ...cluster.env, DATA_DIR: dir, TRACKER: 'false' });
  // The CLI's boot: what `wallet-api` does on the cluster's PostgreSQL.
  const { services, close } = await bootCli(config);
  const user = await services.users.create({ email: `bench-${Date.now()}@example.test` });
  const wallet = await services.wallets.create(user.id, { chainType: 'ethereum' });
  await services.wallets.create(user.id, { chainType: 'solana' });
  const { key } = await services.apiKeys.create(user.id, { name: 'bench' });
  await fundAddress(devnet.info, { chain: 'evm-localnet', address: wallet.address, amount: 10n ** 18n });
  await close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
  return key;
}

async function load(url: string, key: string) {
  const opts = { url, connections: CONNECTIONS, headers: { 'x-api-key': key } };
  await autocannon({ ...opts, duration: 2 });
  const r = await autocannon({ ...opts, duration: SECONDS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

/** PostgreSQL statements and Redis commands per request on one path (n sequential requests). */
async function roundTrips(cluster: Cluster, request: () => Promise<Response>, n = 200) {
  const pool = cluster.database();
  const redis = new Redis(cluster.redis.url);
  // Transactions the server counted (each statement outside a transaction is one); backends report
  // them within a second, hence the pause.
  const pgCalls = async () => {
    await new Promise((r) => setTimeout(r, 1_500));
    return Number(
      (
        await pool.query<{ n: string }>(
          'select (xact_commit + xact_rollback)::bigint as n from pg_stat_database where datname = current_database()',
        )
      ).rows[0]?.n ?? 0,
    );
  };
  const redisCalls = async () => {
    const info = await redis.info('stats');
    return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? 0);
  };
  for (let i = 0; i < 20; i++) await (await request()).arrayBuffer();
  const pg0 = await pgCalls();
  const r0 = await redisCalls();
  for (let i = 0; i < n; i++) {
    const res = await request();
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  const pgPer = ((await pgCalls()) - pg0 - 1) / n; // less this function's own query
  // The INFO call itself and the instances' heartbeats (a ping each per 2 s) are in the count.
  const redisPer = ((await redisCalls()) - r0 - 1) / n;
  redis.disconnect();
  return { pgPer, redisPer };
}

async function limiterCost(redisUrl: string) {
  const redis = new Redis(redisUrl);
  const limits = { readPerMinute: 1_000_000_000, writePerMinute: 1_000_000_000 };
  const measure = async (limiter: ReturnType<typeof memoryRateLimiter>) => {
    for (let i = 0; i < 1000; i++) await limiter.consume(`u${i % 100}`, 'read');
    const n = 20_000;
    const t = performance.now();
    // 64 concurrent callers, as a loaded instance would have.
    await Promise.all(
      Array.from({ length: 64 }, async (_, c) => {
        for (let i = 0; i < n / 64; i++) await limiter.consume(`u${(c * 7 + i) % 100}`, 'read');
      }),
    );
    return n / ((performance.now() - t) / 1000);
  };
  const memory = await measure(memoryRateLimiter(limits));
  const shared = await measure(redisRateLimiter(redis, limits));
  redis.disconnect();
  return { memory, shared };
}

const results: Record<
  number,
  { wallets: Awaited<ReturnType<typeof load>>; balances: Awaited<ReturnType<typeof load>> }
> = {};
let trips: Awaited<ReturnType<typeof roundTrips>>[] = [];
let limiter: Awaited<ReturnType<typeof limiterCost>> | null = null;
let mix: { cold: MixFigures; warm: MixFigures } | null = null;

/** The servers' own counts: PostgreSQL's committed and rolled-back transactions, Redis's commands. */
function serverCounters(cluster: Cluster) {
  const pool = cluster.database();
  const redis = new Redis(cluster.redis.url);
  return {
    read: async () => {
      // Backends report their transactions within a second.
      await new Promise((r) => setTimeout(r, 1_500));
      const pg = await pool.query<{ n: string }>(
        'select sum(xact_commit + xact_rollback)::bigint as n from pg_stat_database',
      );
      const info = await redis.info('stats');
      return {
        pg: Number(pg.rows[0]?.n ?? 0),
        redis: Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? 0),
      };
    },
    close: () => redis.disconnect(),
  };
}
try {
  for (const instances of [1, 3]) {
    const cluster = await startCluster({
      devnet: devnet.info,
      instances,
      env: LIMITS,
    });
    try {
      const key = await seedUser(cluster);
      const wallets = `${cluster.url}/api/v1/wallets`;
      const balances = `${cluster.url}/api/v1/wallets/balances?chain=evm-localnet`;
      results[instances] = { wallets: await load(wallets, key), balances: await load(balances, key) };
      if (instances === 3) {
        const dir = mkdtempSync(join(tmpdir(), 'bench-scale-mix-'));
        const counters = serverCounters(cluster);
        try {
          const keys = await seedUsers(cluster, KEYS, dir);
          // Counted with the worker stopped, like the round trips: its tracker polls PostgreSQL.
          await cluster.killWorker();
          const cold = await mixedLoad(cluster, keys, { amount: keys.length }, counters.read);
          // Not measured: every key read on every instance (nginx takes them in turn), so the
          // measured run starts warm and then refreshes entries as their TTLs end.
          await mixedLoad(cluster, keys, { amount: keys.length * 3 * 2 }, counters.read);
          const warm = await mixedLoad(cluster, keys, { seconds: SECONDS }, counters.read);
          mix = { cold, warm };
        } finally {
          counters.close();
          rmSync(dir, { recursive: true, force: true });
        }
      }
      if (instances === 1) {
        // Counted with the worker stopped: its tracker polls PostgreSQL on its own schedule.
        await cluster.killWorker();
        const get = (url: string) => () => fetch(url, { headers: { 'x-api-key': key } });
        const send = () =>
          fetch(`${cluster.url}/api/v1/send`, {
            method: 'POST',
            headers: {
              'x-api-key': key,
              'content-type': 'application/json',
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({
              chain: 'evm-localnet',
              to: '0x000000000000000000000000000000000000dEaD',
              asset: 'native',
              amount: '1',
            }),
          });
        trips = [
          await roundTrips(cluster, get(wallets)),
          await roundTrips(cluster, get(balances)),
          await roundTrips(cluster, send, 50),
        ];
        limiter = await limiterCost(cluster.redis.url);
      }
    } finally {
      await cluster.stop();
    }
  }
} finally {
  await devnet.stop();
  rmSync(devnetDir, { recursive: true, force: true });
}

const rows: Figure[] = [];
const one = results[1];
const three = results[3];
const cores = availableParallelism();
console.log(
  `Scale-out through nginx, ${SECONDS} s each, ${CONNECTIONS} connections; this machine: ${cores} CPUs (${cpus()[0]?.model ?? 'unknown'})`,
);
for (const [name, pick] of [
  ['GET /api/v1/wallets', (r: typeof one) => r?.wallets],
  ['GET /api/v1/wallets/balances (cached)', (r: typeof one) => r?.balances],
] as const) {
  const a = pick(one);
  const b = pick(three);
  if (!a || !b) continue;
  console.log(`  ${name}`);
  console.log(
    `    1 instance:  ${a.rps.toFixed(0)} req/s, p50 ${a.p50} ms, p99 ${a.p99} ms, non-2xx ${a.non2xx}`,
  );
  console.log(
    `    3 instances: ${b.rps.toFixed(0)} req/s, p50 ${b.p50} ms, p99 ${b.p99} ms, non-2xx ${b.non2xx}`,
  );
  console.log(
    `    ratio 3 / 1 instances: ${(b.rps / a.rps).toFixed(2)} (bounded by ${cores} cores shared with nginx, PostgreSQL and Redis)`,
  );
  if (a.non2xx > 0 || b.non2xx > 0) failed(`${name}: non-2xx answers through the load balancer`);
  rows.push({
    bench: 'scale',
    figure: `${name}, 3 instances, req/s`,
    baseline: `${a.rps.toFixed(0)} (1 instance)`,
    value: b.rps.toFixed(0),
    ratio: b.rps / a.rps,
    target: `bounded by ${cores} cores`,
    met: null,
  });
}
if (trips.length === 3)
  console.log(
    `  per request (1 instance, sequential, worker stopped), PostgreSQL transactions / Redis commands:\n    GET /wallets ${trips[0]?.pgPer.toFixed(2)} / ${trips[0]?.redisPer.toFixed(2)}; cached balances ${trips[1]?.pgPer.toFixed(2)} / ${trips[1]?.redisPer.toFixed(2)}; POST /send ${trips[2]?.pgPer.toFixed(2)} / ${trips[2]?.redisPer.toFixed(2)}\n    (Redis counts the rate limiter's Lua script as 4 commands in one round trip: EVALSHA of SET NX, INCRBY, PTTL)`,
  );
if (limiter)
  console.log(
    `  rate limiter, 20000 consumes by 64 callers: in process ${limiter.memory.toFixed(0)}/s, Redis ${limiter.shared.toFixed(0)}/s: cost ratio ${(limiter.memory / limiter.shared).toFixed(1)}x (baseline: the in-process limiter)`,
  );
if (limiter)
  rows.push({
    bench: 'scale',
    figure: 'Redis rate limiter, consumes/s',
    baseline: `${limiter.memory.toFixed(0)} (in process)`,
    value: limiter.shared.toFixed(0),
    ratio: limiter.shared / limiter.memory,
    target: '',
    met: null,
  });
if (mix) {
  console.log(
    `  mixed load, 3 instances, ${mix.warm.keys} users (60 % wallets, 30 % EVM balances, 10 % Solana balances):`,
  );
  for (const [phase, m] of [
    ['cold (each key’s first request)', mix.cold],
    [`warm (${SECONDS} s)`, mix.warm],
  ] as const) {
    console.log(
      `    ${phase}: ${m.requests} requests, ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.non2xx}; instances' CPU ${(m.cpuMsPerRequest * 1000).toFixed(0)} µs/request; PostgreSQL ${m.pgPerRequest.toFixed(2)} transactions, Redis ${m.redisPerRequest.toFixed(2)} commands per request`,
    );
    if (m.non2xx > 0) failed(`mixed load ${phase}: non-2xx answers or errors (${m.failures})`);
    rows.push({
      bench: 'scale',
      figure: `mixed load ${phase.split(' ')[0]}, ${m.keys} users, 3 instances, req/s`,
      baseline: '',
      value: m.rps.toFixed(0),
      ratio: null,
      target: '',
      met: null,
    });
  }
}
report(rows);
process.exit(process.exitCode ?? 0);
