/**
 * Benchmark: webhook delivery (issue 28).
 *
 * 1. Latency from a transaction's status change to the receiver's 200, p50 and p99, on the
 *    development network: sends on evm-localnet, each producing transaction.created, .submitted and
 *    .confirmed; for each delivery, the receiver's arrival time minus the event's own timestamp
 *    (the service's clock when the change was written).
 * 2. Sustained deliveries per second to a healthy endpoint, with and without a second endpoint of
 *    the same user that never answers (each of its attempts held until the 15 s timeout), in the
 *    same process: the healthy endpoint's p99 must not move. Events are appended at a fixed pace
 *    through append_event, the function the service writes its own events with.
 *
 * The service, the receivers and the load run in this one process (loopback, no network latency).
 *
 *   npm run bench:events   (BENCH_SENDS sends; BENCH_SECONDS per sustained phase; BENCH_RATE events/s)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fundAddress, startDevnet } from '@wallet-api/devnet';
import pino from 'pino';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { bootEphemeral } from '../src/boot/boot-ephemeral.ts';
import { createChainRegistry } from '../src/chains/chain-registry.ts';
import { openPgliteDatabase } from '../src/store/pglite-database.ts';
import { eventsRepository } from '../src/store/repositories/events-repository.ts';
import { type Figure, failed, report } from './support/report.ts';

const SENDS = Number(process.env.BENCH_SENDS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 30);

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/** A receiver on 127.0.0.1: records (event id, event timestamp, arrival) and answers 200, or never. */
async function receiver(hang: boolean) {
  const arrivals: { id: string; type: string; latencyMs: number }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (hang) return;
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id: string;
        type: string;
        timestamp: string;
      };
      res.end('ok');
      arrivals.push({ id: event.id, type: event.type, latencyMs: Date.now() - Date.parse(event.timestamp) });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`,
    arrivals,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const until = async (done: () => boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
};

const dataDir = mkdtempSync(join(tmpdir(), 'bench-events-'));
const devnet = await startDevnet({ dataDir, logger: pino({ level: 'warn' }) });
const runtime = await bootEphemeral({
  env: {
    LOG_LEVEL: 'warn',
    RATE_LIMIT_READ_PER_MINUTE: '1000000000',
    RATE_LIMIT_WRITE_PER_MINUTE: '1000000000',
    TRACKER_INTERVAL_MS: '250',
  },
  database: () => openPgliteDatabase(null),
  chains: createChainRegistry({}, { 'evm-localnet': { rpcUrl: devnet.info.evm.rpcUrl } }),
});
const rows: Figure[] = [];
const receivers: Awaited<ReturnType<typeof receiver>>[] = [];
try {
  const api = (path: string, key: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${runtime.url}/api/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'x-api-key': key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const newUser = async () => {
    const user = await runtime.services.users.create({ email: `bench-${randomUUID()}@example.test` });
    const { key } = await runtime.services.apiKeys.create(user.id, { name: 'bench' });
    return { user, key };
  };
  const endpoint = async (key: string, url: string, types?: string[]) => {
    const res = await api('/webhooks', key, { url, ...(types ? { types } : {}) });
    if (res.status !== 201) failed(`POST /webhooks answered ${res.status}: ${await res.text()}`);
  };

  // 1. Status change to the receiver's 200, on the development network.
  {
    const { user, key } = await newUser();
    const wallet = await runtime.services.wallets.create(user.id, { chainType: 'ethereum' });
    await fundAddress(devnet.info, {
      chain: 'evm-localnet',
      address: wallet.address,
      amount: parseEther('100'),
    });
    const r = await receiver(false);
    receivers.push(r);
    await endpoint(key, r.url, ['transaction.created', 'transaction.submitted', 'transaction.confirmed']);
    for (let i = 0; i < SENDS; i++) {
      const res = await api(
        '/send',
        key,
        {
          chain: 'evm-localnet',
          to: privateKeyToAddress(generatePrivateKey()),
          asset: 'native',
          amount: '1000',
        },
        { 'idempotency-key': randomUUID() },
      );
      if (res.status !== 200) failed(`send answered ${res.status}: ${await res.text()}`);
    }
    if (!(await until(() => r.arrivals.length >= SENDS * 3, 120_000)))
      failed(`only ${r.arrivals.length} of ${SENDS * 3} transaction events arrived`);
    const latencies = r.arrivals.map((a) => a.latencyMs);
    const confirmed = r.arrivals.filter((a) => a.type === 'transaction.confirmed').map((a) => a.latencyMs);
    rows.push(
      {
        bench: 'events',
        figure: `status change → receiver 200, p50 (${latencies.length} events)`,
        baseline: '',
        value: `${percentile(latencies, 50).toFixed(0)} ms`,
        ratio: null,
        target: '< 1000 ms',
        met: percentile(latencies, 50) < 1000,
      },
      {
        bench: 'events',
        figure: 'status change → receiver 200, p99',
        baseline: '',
        value: `${percentile(latencies, 99).toFixed(0)} ms`,
        ratio: null,
        target: '',
        met: null,
      },
      {
        bench: 'events',
        figure: 'transaction.confirmed → receiver 200, p50',
        baseline: '',
        value: `${percentile(confirmed, 50).toFixed(0)} ms`,
        ratio: null,
        target: '',
        met: null,
      },
    );
  }

  // 2. Sustained deliveries to a healthy endpoint, without and with a hanging one beside it.
  const sustained = async (withHanging: boolean) => {
    const { user, key } = await newUser();
    const healthy = await receiver(false);
    receivers.push(healthy);
    await endpoint(key, healthy.url);
    if (withHanging) {
      const hanging = await receiver(true);
      receivers.push(hanging);
      await endpoint(key, hanging.url);
    }
    const events = eventsRepository(runtime.db);
    const total = Math.max(1, Math.round(RATE * SECONDS));
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      await events.append(user.id, 'api_key.created', null, { bench: i }, new Date());
      const wait = started + ((i + 1) * 1000) / RATE - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    if (!(await until(() => healthy.arrivals.length >= total, 60_000)))
      failed(
        `${withHanging ? 'with' : 'without'} a hanging endpoint: ${healthy.arrivals.length} of ${total} delivered`,
      );
    const seconds = (performance.now() - started) / 1000;
    const latencies = healthy.arrivals.map((a) => a.latencyMs);
    return {
      perSecond: healthy.arrivals.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      total,
    };
  };
  // The most one endpoint takes: a burst appended at once, drained one delivery at a time.
  {
    const { user, key } = await newUser();
    const r = await receiver(false);
    receivers.push(r);
    await endpoint(key, r.url);
    const burst = Math.max(10, RATE * 4);
    const events = eventsRepository(runtime.db);
    const started = performance.now();
    for (let i = 0; i < burst; i++)
      await events.append(user.id, 'api_key.created', null, { burst: i }, new Date());
    if (!(await until(() => r.arrivals.length >= burst, 120_000)))
      failed(`burst: ${r.arrivals.length} of ${burst} delivered`);
    rows.push({
      bench: 'events',
      figure: `one endpoint, most deliveries/s (a burst of ${burst}, in order, one at a time)`,
      baseline: '',
      value: (r.arrivals.length / ((performance.now() - started) / 1000)).toFixed(1),
      ratio: null,
      target: '',
      met: null,
    });
  }
  const alone = await sustained(false);
  const beside = await sustained(true);
  const ratio = beside.p99 / alone.p99;
  rows.push(
    {
      bench: 'events',
      figure: `healthy endpoint, deliveries/s (${alone.total} events at ${RATE}/s)`,
      baseline: '',
      value: alone.perSecond.toFixed(1),
      ratio: null,
      target: '',
      met: null,
    },
    {
      bench: 'events',
      figure: 'healthy endpoint p50 / p99, alone',
      baseline: '',
      value: `${alone.p50.toFixed(0)} / ${alone.p99.toFixed(0)} ms`,
      ratio: null,
      target: '',
      met: null,
    },
    {
      bench: 'events',
      figure: 'healthy endpoint, deliveries/s beside a hanging one',
      baseline: `${alone.perSecond.toFixed(1)} alone`,
      value: beside.perSecond.toFixed(1),
      ratio: beside.perSecond / alone.perSecond,
      target: '',
      met: null,
    },
    {
      bench: 'events',
      figure: 'healthy endpoint p99 beside a hanging one',
      baseline: `${alone.p99.toFixed(0)} ms alone`,
      value: `${beside.p99.toFixed(0)} ms (p50 ${beside.p50.toFixed(0)})`,
      ratio,
      target: 'ratio ≤ 1.5 (or within 20 ms)',
      met: ratio <= 1.5 || beside.p99 - alone.p99 <= 20,
    },
  );
  report(rows);
} finally {
  for (const r of receivers) await r.close();
  await runtime.stop();
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
