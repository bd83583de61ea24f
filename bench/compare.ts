/**
 * Before and after: the hot paths of two checkouts of this project on the same machine, in the same
 * run, alternating (before, after, before, after, …) so a slow moment of the machine lands on both.
 * Each checkout's service is built and started through its public entry points only
 * (support/checkout-service.ts), so the two may differ in every internal.
 *
 *   npm run bench:compare -- --before /work/wt-before --after .
 *
 * Figures, each as median (min–max) over BENCH_ROUNDS rounds (default 5):
 * - GET /api/v1/wallets: req/s at saturation (32 connections) and the service process's CPU time per
 *   request at a fixed offered load (BENCH_RATE, default 2000 req/s), BENCH_SECONDS each (default 5);
 * - cached balances (GET /api/v1/wallets/balances, EVM native + BENCH_TOKENS tokens, default 50): the same;
 * - POST /api/v1/send p50 (native, evm-localnet), BENCH_SENDS sequential sends per round (default 20),
 *   the two services' sends interleaved one by one;
 * - warm start (spawn to "is ready" on an existing database) and idle RSS (VmRSS after
 *   BENCH_IDLE_SECONDS, default 10, of that start).
 * The table gives after/before of the medians and whether after is within before's spread or better.
 * Any non-2xx answer or failed send is a failed correctness check (exit code 1).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fundAddress, startDevnet } from '@wallet-api/devnet';
import pino from 'pino';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { evmActor, testTokens } from '../test/balances/evm-fixtures.ts';
import {
  build,
  type Checkout,
  checkout,
  type RunningService,
  startService,
} from './support/checkout-service.ts';
import { memoryMb } from './support/process-stats.ts';
import { type Figure, failed, MACHINE, record } from './support/report.ts';
import { formatSpread, type Spread, spread } from './support/stats.ts';
import { alternate, DEFAULT_RATE, type Served, summarize } from './support/throughput.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SENDS = Number(process.env.BENCH_SENDS ?? 20);
const TOKENS = Number(process.env.BENCH_TOKENS ?? 50);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const CONNECTIONS = 32;

const { values: args } = parseArgs({
  options: { before: { type: 'string' }, after: { type: 'string', default: '.' } },
});
if (!args.before) {
  console.error('usage: npm run bench:compare -- --before <checkout> [--after <checkout, default .>]');
  process.exit(2);
}
const sides: Checkout[] = [checkout('before', args.before), checkout('after', args.after ?? '.')];

interface Row {
  figure: string;
  unit: string;
  digits: number;
  /** Whether a higher value is better (req/s) or a lower one (ms, µs, MB). */
  higherIsBetter: boolean;
  before: Spread;
  after: Spread;
}
const rows: Row[] = [];

const started = performance.now();
for (const c of sides) await build(c);

const devnetDir = mkdtempSync(join(tmpdir(), 'bench-compare-devnet-'));
const dataDirs = new Map(sides.map((c) => [c.name, mkdtempSync(join(tmpdir(), `bench-compare-${c.name}-`))]));
const devnet = await startDevnet({ dataDir: devnetDir, logger: pino({ level: 'warn' }) });
const rpc = { evm: devnet.info.evm.rpcUrl, solana: devnet.info.solana.rpcUrl };
const running: RunningService[] = [];
try {
  const actor = await evmActor(rpc.evm, (req) => fundAddress(devnet.info, req));
  const tokens = await actor.deploy(testTokens(TOKENS));

  // First start of each service (creates its database and its demo user), then its wallets funded
  // and its cache of balances warmed, all through its HTTP API.
  for (const c of sides) running.push(await startService(c, dataDirs.get(c.name)!, rpc));
  const balancesPath = `/api/v1/wallets/balances?chain=evm-localnet&tokens=${tokens.join(',')}`;
  for (const s of running) {
    const res = await fetch(`${s.url}/api/v1/wallets`, { headers: { 'x-api-key': s.key } });
    const { wallets } = (await res.json()) as { wallets: { address: string; chainType: string }[] };
    const evm = wallets.find((w) => w.chainType === 'ethereum');
    if (!evm) throw new Error(`${s.checkout.name}: the demo user has no EVM wallet`);
    await fundAddress(devnet.info, {
      chain: 'evm-localnet',
      address: evm.address,
      amount: parseEther('1000'),
    });
    await actor.mint(tokens, evm.address as `0x${string}`, 1_000_000n);
    const warm = await fetch(`${s.url}${balancesPath}`, { headers: { 'x-api-key': s.key } });
    if (warm.status !== 200) throw new Error(`${s.checkout.name}: balances answered ${warm.status}`);
  }

  for (const [figure, path] of [
    ['GET /api/v1/wallets', '/api/v1/wallets'],
    [`cached balances (EVM native + ${TOKENS} tokens)`, balancesPath],
  ] as const) {
    const targets: Served[] = running.map((s) => ({
      url: `${s.url}${path}`,
      key: s.key,
      bytes: 0,
      kind: s.checkout.name,
      pid: s.pid,
      stop: () => {},
    }));
    console.log(
      `\n${figure}: ${ROUNDS} alternating rounds of ${SECONDS} s saturated + ${SECONDS} s at ${DEFAULT_RATE} req/s`,
    );
    const results = await alternate(targets, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      rate: DEFAULT_RATE,
    });
    const [b, a] = sides.map((c) => summarize(c.name, results.get(c.name)!, DEFAULT_RATE));
    rows.push(
      {
        figure: `${figure}, req/s`,
        unit: 'req/s',
        digits: 0,
        higherIsBetter: true,
        before: b!.rps,
        after: a!.rps,
      },
      {
        figure: `${figure}, CPU/request at ${DEFAULT_RATE} req/s`,
        unit: 'µs',
        digits: 1,
        higherIsBetter: false,
        before: b!.cpuUs,
        after: a!.cpuUs,
      },
    );
  }

  console.log(`\nPOST /api/v1/send: ${ROUNDS} rounds of ${SENDS} sequential sends per service, interleaved`);
  const send = async (s: RunningService): Promise<number> => {
    const t = performance.now();
    const res = await fetch(`${s.url}/api/v1/send`, {
      method: 'POST',
      headers: { 'x-api-key': s.key, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        chain: 'evm-localnet',
        to: privateKeyToAddress(generatePrivateKey()),
        asset: 'native',
        amount: '1000',
      }),
    });
    const ms = performance.now() - t;
    if (res.status !== 200)
      failed(`${s.checkout.name}: POST /send answered ${res.status}: ${await res.text()}`);
    else await res.arrayBuffer();
    return ms;
  };
  for (let i = 0; i < 5; i++) for (const s of running) await send(s);
  const p50s = new Map<string, number[]>(sides.map((c) => [c.name, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const times = new Map<string, number[]>(sides.map((c) => [c.name, []]));
    for (let i = 0; i < SENDS; i++) for (const s of running) times.get(s.checkout.name)?.push(await send(s));
    for (const [name, xs] of times) p50s.get(name)?.push(spread(xs).median);
  }
  rows.push({
    figure: 'POST /api/v1/send p50 (EVM native)',
    unit: 'ms',
    digits: 1,
    higherIsBetter: false,
    before: spread(p50s.get('before')!),
    after: spread(p50s.get('after')!),
  });

  // Warm starts: the services stop (the embedded database allows one process), then each starts
  // again on its database, alternating, and idles before its memory is read.
  for (const s of running.splice(0)) await s.stop();
  console.log(
    `\nWarm start and idle RSS: ${ROUNDS} alternating starts per service, ${IDLE_SECONDS} s idle each`,
  );
  const starts = new Map<string, { ms: number[]; rss: number[] }>(
    sides.map((c) => [c.name, { ms: [], rss: [] }]),
  );
  for (let r = 0; r < ROUNDS; r++)
    for (const c of sides) {
      const s = await startService(c, dataDirs.get(c.name)!, rpc);
      running.push(s);
      const res = await fetch(`${s.url}/api/v1/wallets`, { headers: { 'x-api-key': s.key } });
      if (res.status !== 200)
        failed(`${c.name}: GET /api/v1/wallets answered ${res.status} after a warm start`);
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
      starts.get(c.name)?.ms.push(s.readyMs);
      starts.get(c.name)?.rss.push(memoryMb(s.pid).rss);
      await s.stop();
      running.splice(running.indexOf(s), 1);
    }
  const [sb, sa] = sides.map((c) => starts.get(c.name)!);
  rows.push(
    {
      figure: 'warm start to ready',
      unit: 'ms',
      digits: 0,
      higherIsBetter: false,
      before: spread(sb!.ms),
      after: spread(sa!.ms),
    },
    {
      figure: `idle RSS after ${IDLE_SECONDS} s`,
      unit: 'MB',
      digits: 0,
      higherIsBetter: false,
      before: spread(sb!.rss),
      after: spread(sa!.rss),
    },
  );
} finally {
  for (const s of running) await s.stop();
  await devnet.stop();
  for (const dir of [devnetDir, ...dataDirs.values()]) rmSync(dir, { recursive: true, force: true });
}

/**
 * "within" when after's median lies inside before's spread, "better"/"slower" beyond it: on a
 * quiet machine, a "slower" row is a regression to look at; within the spread it is not decided.
 */
function verdict(r: Row): string {
  // Fewer than three rounds have no spread to speak of (bench:smoke runs one).
  if (r.before.n < 3 || r.after.n < 3) return 'undecided (rounds < 3)';
  const a = r.after.median;
  if (a >= r.before.min && a <= r.before.max) return 'within';
  return a > r.before.max === r.higherIsBetter ? 'better' : 'slower';
}

const cells = rows.map((r) => [
  r.figure,
  r.unit,
  formatSpread(r.before, r.digits),
  formatSpread(r.after, r.digits),
  (r.after.median / r.before.median).toFixed(3),
  r.higherIsBetter ? 'higher' : 'lower',
  verdict(r),
]);
const head = [
  'figure',
  'unit',
  'before median (min–max)',
  'after median (min–max)',
  'after/before',
  'better',
  '',
];
const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
const line = (c: string[]) =>
  c
    .map((x, i) => x.padEnd(widths[i]!))
    .join('  ')
    .trimEnd();
console.log(
  `\nbefore: ${sides[0]!.root}\nafter:  ${sides[1]!.root}\n${[line(head), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n')}`,
);
console.log(`(${MACHINE}; ${ROUNDS} rounds; ${((performance.now() - started) / 1000).toFixed(0)} s in all)`);
record(
  rows.map(
    (r): Figure => ({
      bench: 'compare',
      figure: r.figure,
      baseline: `${formatSpread(r.before, r.digits)} ${r.unit} (before)`,
      value: `${formatSpread(r.after, r.digits)} ${r.unit}`,
      ratio: r.after.median / r.before.median,
      target: 'not slower than before',
      met: verdict(r).startsWith('undecided') ? null : verdict(r) !== 'slower',
    }),
  ),
);
