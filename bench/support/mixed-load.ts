/**
 * bench:scale's mixed load (issue 33 item 8: size from a realistic mix, not from one key with warm
 * caches): many users, each with its own API key and wallets, reading through the load balancer in
 * a mix of paths, first with every cache cold, then warm.
 *
 * - cold: one request per user, every one the first of its key on a fresh cluster, so each misses
 *   the API-key cache, the wallet-list cache and (on the balances path) the balance cache: database
 *   reads and chain reads on the request path.
 * - warm: after a pass that reads every key on every instance (not measured), the same users for
 *   BENCH_SECONDS, keys picked in turn; entries expire on their own TTLs (API keys and wallet lists
 *   10 s, native balances 15 s), so a share of the requests still refresh: a steady state, not a
 *   best case.
 *
 * The mix: 60 % GET /api/v1/wallets, 30 % GET /api/v1/wallets/balances?chain=evm-localnet (native),
 * 10 % GET /api/v1/wallets/balances?chain=solana-localnet. Writes are sized apart (bench:send; the
 * round trips per send in bench:scale). Every answer must be 2xx.
 */
import autocannon from 'autocannon';
import type { Cluster } from '../../scripts/cluster.ts';
import { bootCli } from '../../src/boot/boot-cli.ts';
import { loadConfig } from '../../src/config/config.ts';
import { cpuMs } from './process-stats.ts';

const PATHS = [
  ...Array<string>(6).fill('/api/v1/wallets'),
  ...Array<string>(3).fill('/api/v1/wallets/balances?chain=evm-localnet'),
  '/api/v1/wallets/balances?chain=solana-localnet',
];

export interface MixFigures {
  keys: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** What the non-2xx answers and errors were (status codes with counts, the first body seen). */
  failures: string;
  requests: number;
  /** CPU milliseconds of the API instances (all of them) per request. */
  cpuMsPerRequest: number;
  /** PostgreSQL transactions and Redis commands per request, counted by the servers. */
  pgPerRequest: number;
  redisPerRequest: number;
}

/** Users with an EVM and a Solana wallet and an API key each, made through the CLI's boot. */
export async function seedUsers(cluster: Cluster, count: number, dataDir: string): Promise<string[]> {
  const config = loadConfig({ ...cluster.env, DATA_DIR: dataDir, TRACKER: 'false' });
  const { services, close } = await bootCli(config);
  const keys: string[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const user = await services.users.create({ email: `mix-${i}-${Date.now()}@example.test` });
      await services.wallets.create(user.id, { chainType: 'ethereum' });
      await services.wallets.create(user.id, { chainType: 'solana' });
      keys.push((await services.apiKeys.create(user.id, { name: 'mix' })).key);
    }
  } finally {
    await close().catch(() => {});
  }
  return keys;
}

/**
 * Runs the mix over `keys`: `amount` requests (cold: one per key), or for `seconds` (warm).
 * `counters` reads the servers' own counts (PostgreSQL transactions, Redis commands).
 */
export async function mixedLoad(
  cluster: Cluster,
  keys: string[],
  run: { amount: number } | { seconds: number },
  counters: () => Promise<{ pg: number; redis: number }>,
  connections = 64,
): Promise<MixFigures> {
  let next = 0;
  let firstFailure = '';
  const pids = cluster.instances.map((i) => i.child.process.pid).filter((p): p is number => p !== undefined);
  const cpu0 = pids.reduce((s, p) => s + cpuMs(p), 0);
  const c0 = await counters();
  const result = await autocannon({
    url: cluster.url,
    // autocannon refuses more connections than requests (a brief run's few users).
    connections: 'amount' in run ? Math.min(connections, run.amount) : connections,
    ...('amount' in run ? { amount: run.amount } : { duration: run.seconds }),
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const n = next++;
          // Each pass over the keys shifts the paths by one, so every key reads every path.
          const path = PATHS[(n + Math.floor(n / keys.length)) % PATHS.length];
          return {
            ...req,
            path,
            headers: { ...req.headers, 'x-api-key': keys[n % keys.length] as string },
          };
        },
        onResponse: (status: number, body: string) => {
          if (status >= 300 && !firstFailure) firstFailure = `${status} ${body.slice(0, 300)}`;
        },
      },
    ],
  });
  const cpu = pids.reduce((s, p) => s + cpuMs(p), 0) - cpu0;
  const c1 = await counters();
  const requests = result.requests.total;
  return {
    keys: keys.length,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    failures: [
      ...Object.entries(result.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, v]) => `${code} x${(v as { count: number }).count}`),
      ...(result.errors ? [`errors x${result.errors}`] : []),
      ...(result.timeouts ? [`timeouts x${result.timeouts}`] : []),
      ...(firstFailure ? [`first: ${firstFailure}`] : []),
    ].join(', '),
    requests,
    cpuMsPerRequest: cpu / Math.max(requests, 1),
    pgPerRequest: (c1.pg - c0.pg) / Math.max(requests, 1),
    redisPerRequest: (c1.redis - c0.redis) / Math.max(requests, 1),
  };
}
