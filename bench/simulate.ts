/**
 * Benchmark: POST /api/v1/simulate of a native send (evm-localnet) through the whole service (auth,
 * the read rate limit, the write built as /send builds it, the family's simulation: debug_traceCall
 * on Hardhat, the fee market, the key's rules) against the node's own eth_estimateGas + eth_call for
 * the same send, asked together from a clean process that loads viem only
 * (support/viem-estimate.mjs), in the same run, interleaved. The service runs in its own process as
 * production runs it (bundled, plain node). Every answer must be 200, `ok`, with the exact deltas.
 *
 *   npm run bench:simulate        (BENCH_SENDS: samples, default 100)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DevnetInfo, fundAddress, startDevnet } from '@wallet-api/devnet';
import pino from 'pino';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { bootEphemeral } from '../src/boot/boot-ephemeral.ts';
import { createChainRegistry } from '../src/chains/chain-registry.ts';
import { openPgliteDatabase } from '../src/store/pglite-database.ts';
import { startViemEstimator } from './support/baseline.ts';
import { type Figure, failed, report } from './support/report.ts';
import { exitOnSigterm, serveTarget, type Target } from './support/throughput.ts';

const SAMPLES = Number(process.env.BENCH_SENDS ?? 100);

/** Child process: the service with one funded user; prints its URL, key and wallet. */
async function serve(devnet: DevnetInfo): Promise<void> {
  const runtime = await bootEphemeral({
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_READ_PER_MINUTE: '1000000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000000',
    },
    database: () => openPgliteDatabase(null),
    chains: createChainRegistry({}, { 'evm-localnet': { rpcUrl: devnet.evm.rpcUrl } }),
  });
  const user = await runtime.services.users.create({ email: `bench-${randomUUID()}@example.test` });
  const { address } = await runtime.services.wallets.create(user.id, { chainType: 'ethereum' });
  const { key } = await runtime.services.apiKeys.create(user.id, { name: 'bench' });
  await fundAddress(devnet, { chain: 'evm-localnet', address, amount: parseEther('1000') });
  process.stdout.write(`${JSON.stringify({ url: runtime.url, key, address, bytes: 0 })}\n`);
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/** One simulation, checked: 200, ok, the wallet down and the recipient up by exactly 1000 wei. */
async function simulate(url: string, key: string, wallet: string): Promise<void> {
  const to = privateKeyToAddress(generatePrivateKey());
  const res = await fetch(`${url}/api/v1/simulate`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'send', chain: 'evm-localnet', to, asset: 'native', amount: '1000' }),
  });
  const body = (await res.json()) as { ok?: boolean; balanceChanges?: { address: string; delta: string }[] };
  const deltas = (body.balanceChanges ?? []).map((c) => `${c.address}:${c.delta}`).join(',');
  if (res.status !== 200 || body.ok !== true || deltas !== `${wallet}:-1000,${to}:1000`)
    failed(`simulate answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
}

if (process.argv[2] === '--serve') {
  exitOnSigterm();
  await serve(JSON.parse(process.env.BENCH_DEVNET ?? '{}') as DevnetInfo);
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-simulate-'));
  const devnet = await startDevnet({ dataDir, logger: pino({ level: 'warn' }) });
  const api = await serveTarget<Target & { address: string }>(import.meta.url, 'api', {
    BENCH_DEVNET: JSON.stringify(devnet.info),
  });
  let baseline: Awaited<ReturnType<typeof startViemEstimator>> | undefined;
  try {
    baseline = await startViemEstimator({ rpcUrl: devnet.info.evm.rpcUrl, from: api.address });
    const node = baseline;
    for (let i = 0; i < 10; i++) {
      await simulate(api.url, api.key, api.address);
      await node.estimate();
    }
    const simulated: number[] = [];
    const estimated: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      await simulate(api.url, api.key, api.address);
      simulated.push(performance.now() - t);
      estimated.push(await node.estimate());
    }
    const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
    console.log(`POST /api/v1/simulate latency, ${SAMPLES} sequential native sends, evm-localnet (Hardhat)`);
    console.log(
      `  baseline (eth_estimateGas + eth_call, viem): p50 ${p(estimated, 50)} ms, p99 ${p(estimated, 99)} ms`,
    );
    console.log(
      `  API simulate:                                p50 ${p(simulated, 50)} ms, p99 ${p(simulated, 99)} ms`,
    );
    const ratio = percentile(simulated, 50) / percentile(estimated, 50);
    const rows: Figure[] = [
      {
        bench: 'simulate',
        figure: 'POST /simulate p50, EVM native send, ms',
        baseline: `${p(estimated, 50)} (eth_estimateGas + eth_call)`,
        value: p(simulated, 50),
        ratio,
        target: 'reported',
        met: null,
      },
    ];
    report(rows);
  } finally {
    baseline?.stop();
    api.stop();
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
