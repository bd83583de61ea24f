/**
 * Benchmark: POST /api/v1/send (native, evm-localnet) through the whole service — auth, rate
 * limit, idempotency claim, checks, nonce lock, signing, record, broadcast — against the baseline
 * of a direct viem `sendTransaction` from a local account to the same node, in the same run.
 * The service runs in its own process as production runs it (bundled, plain node); the baseline in
 * a clean process that loads viem only (support/viem-send.mjs), asked for one send at a time; the
 * requests come from this one, interleaved with the baseline's sends. A Privy-mode row runs the same sends through the Privy
 * provider against the local Privy fake (loopback, no network latency), as a ratio to the local
 * signer in the same run: the provider's own overhead (an HTTP round trip, the authorization
 * signature, the checks of what came back). Then sustained confirmed writes per second with many
 * users sending at once; every accepted write must reach CONFIRMED (else the benchmark fails).
 *
 *   npm run bench:send        (BENCH_SENDS, BENCH_USERS, BENCH_SECONDS; BENCH_NO_TRACKER=1 runs the
 *                              service without its tracker, to see what tracking costs the latency)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DevnetInfo, fundAddress, startDevnet } from '@wallet-api/devnet';
import { EVM_CHAIN_ID } from '@wallet-api/devnet/evm/contracts';
import { startFakePrivy } from '@wallet-api/devnet/privy';
import pino from 'pino';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { bootEphemeral } from '../src/boot/boot-ephemeral.ts';
import { createChainRegistry } from '../src/chains/chain-registry.ts';
import { openPgliteDatabase } from '../src/store/pglite-database.ts';
import { startViemSender } from './support/baseline.ts';
import { type Figure, failed, report } from './support/report.ts';
import { exitOnSigterm, serveTarget, type Target } from './support/throughput.ts';

const SENDS = Number(process.env.BENCH_SENDS ?? 100);
const USERS = Number(process.env.BENCH_USERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

interface ServeSetup {
  devnet: DevnetInfo;
  privy?: { appId: string; appSecret: string; authorizationKey: string; url: string; userIds: string[] };
  users: number;
}

/** Child process: the service with `users` funded users; prints its URL and their keys. */
async function serve(setup: ServeSetup): Promise<void> {
  const privyEnv: Record<string, string> = setup.privy
    ? {
        WALLET_PROVIDER: 'privy',
        PRIVY_APP_ID: setup.privy.appId,
        PRIVY_APP_SECRET: setup.privy.appSecret,
        PRIVY_AUTHORIZATION_KEY: setup.privy.authorizationKey,
        PRIVY_API_URL: setup.privy.url,
      }
    : {};
  const runtime = await bootEphemeral({
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_READ_PER_MINUTE: '1000000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000000',
      TRACKER_INTERVAL_MS: '250',
      ...(process.env.BENCH_NO_TRACKER ? { TRACKER: 'false' } : {}),
      ...privyEnv,
    },
    database: () => openPgliteDatabase(null),
    chains: createChainRegistry({}, { 'evm-localnet': { rpcUrl: setup.devnet.evm.rpcUrl } }),
  });
  const keys: string[] = [];
  for (let i = 0; i < setup.users; i++) {
    const user = await runtime.services.users.create({ email: `bench-${randomUUID()}@example.test` });
    let address: string;
    if (setup.privy) {
      const linked = await runtime.services.wallets.link(user.id, setup.privy.userIds[i]);
      address = linked.wallets[0]?.address ?? '';
    } else {
      address = (await runtime.services.wallets.create(user.id, { chainType: 'ethereum' })).address;
    }
    keys.push((await runtime.services.apiKeys.create(user.id, { name: 'bench' })).key);
    await fundAddress(setup.devnet, { chain: 'evm-localnet', address, amount: parseEther('1000') });
  }
  process.stdout.write(`${JSON.stringify({ url: runtime.url, key: keys[0], keys, bytes: 0 })}\n`);
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

async function send(url: string, key: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/send`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      chain: 'evm-localnet',
      to: privateKeyToAddress(generatePrivateKey()),
      asset: 'native',
      amount: '1000',
    }),
  });
  if (res.status !== 200) throw new Error(`send failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

async function status(url: string, key: string, id: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/tx/${id}`, { headers: { 'x-api-key': key } });
  return ((await res.json()) as { status: string }).status;
}

if (process.argv[2] === '--serve') {
  exitOnSigterm();
  await serve(JSON.parse(process.env.BENCH_SETUP ?? '{}') as ServeSetup);
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-send-'));
  const devnet = await startDevnet({ dataDir, logger: pino({ level: 'warn' }) });
  const fakePrivy = await startFakePrivy();
  const setup = async (privy: boolean, users: number) => ({
    BENCH_SETUP: JSON.stringify({
      devnet: devnet.info,
      users,
      ...(privy
        ? {
            privy: {
              appId: fakePrivy.appId,
              appSecret: fakePrivy.appSecret,
              authorizationKey: fakePrivy.authorizationKey,
              url: fakePrivy.url,
              userIds: await Promise.all(
                Array.from(
                  { length: users },
                  async () => (await fakePrivy.createUser({ wallets: ['ethereum'] })).id,
                ),
              ),
            },
          }
        : {}),
    }),
  });
  const local = await serveTarget<Target & { keys: string[] }>(
    import.meta.url,
    'api',
    await setup(false, USERS + 1),
  );
  const privy = await serveTarget(import.meta.url, 'privy', await setup(true, 1));
  let viem: Awaited<ReturnType<typeof startViemSender>> | undefined;
  try {
    const localKeys = local.keys;
    const privateKey = generatePrivateKey();
    await fundAddress(devnet.info, {
      chain: 'evm-localnet',
      address: privateKeyToAddress(privateKey),
      amount: parseEther('1000'),
    });
    viem = await startViemSender({ rpcUrl: devnet.info.evm.rpcUrl, chainId: EVM_CHAIN_ID, privateKey });
    const sender = viem;
    // The sends time themselves in the baseline's process (no pipe in the figure).
    const direct = () => sender.send('direct');
    // What a competent user writes: the same, with viem's JSON-RPC batching on (the reads before
    // signing go out as one HTTP request, as the service sends them: chains/evm/batch-transport.ts).
    const directBatched = () => sender.send('batched');
    for (let i = 0; i < 10; i++) {
      await send(local.url, local.key);
      await send(privy.url, privy.key);
      await direct();
      await directBatched();
    }
    // Latency, one request at a time, the four kinds interleaved.
    const api: number[] = [];
    const viaPrivy: number[] = [];
    const baseline: number[] = [];
    const batchedBaseline: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      let t = performance.now();
      await send(local.url, local.key);
      api.push(performance.now() - t);
      t = performance.now();
      await send(privy.url, privy.key);
      viaPrivy.push(performance.now() - t);
      baseline.push(await direct());
      batchedBaseline.push(await directBatched());
    }
    const p = (xs: number[], q: number) => percentile(xs, q).toFixed(1);
    console.log(
      `POST /api/v1/send latency, ${SENDS} sequential sends each, evm-localnet (Hardhat), same machine`,
    );
    console.log(
      `  baseline (viem sendTransaction, local account): p50 ${p(baseline, 50)} ms, p99 ${p(baseline, 99)} ms`,
    );
    console.log(
      `  baseline (viem, JSON-RPC batching on):          p50 ${p(batchedBaseline, 50)} ms, p99 ${p(batchedBaseline, 99)} ms`,
    );
    console.log(
      `  API, local signer:                              p50 ${p(api, 50)} ms, p99 ${p(api, 99)} ms`,
    );
    console.log(
      `  API, Privy provider (local fake):               p50 ${p(viaPrivy, 50)} ms, p99 ${p(viaPrivy, 99)} ms`,
    );

    // Throughput: many users, each sending back to back, for a fixed time; then every accepted
    // write must be confirmed by the tracker.
    const ids: { id: string; key: string }[] = [];
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    await Promise.all(
      localKeys.slice(1).map(async (k) => {
        while (performance.now() < deadline) ids.push({ id: await send(local.url, k), key: k });
      }),
    );
    const submittedIn = (performance.now() - started) / 1000;
    let confirmed = 0;
    const notConfirmed: string[] = [];
    for (const { id, key } of ids) {
      for (let tries = 0; ; tries++) {
        const s = await status(local.url, key, id);
        if (s === 'CONFIRMED') {
          confirmed++;
          break;
        }
        if (s === 'FAILED' || tries > 600) {
          notConfirmed.push(`${id}: ${s}`);
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    if (notConfirmed.length > 0)
      failed(
        `${notConfirmed.length} accepted writes never confirmed: ${notConfirmed.slice(0, 3).join(', ')}`,
      );
    const total = (performance.now() - started) / 1000;
    console.log(`Sustained writes, ${USERS} users sending at once for ${SECONDS} s`);
    console.log(
      `  submitted ${ids.length} in ${submittedIn.toFixed(1)} s: ${(ids.length / submittedIn).toFixed(1)} writes/s`,
    );
    console.log(
      `  confirmed ${confirmed} of ${ids.length}, all by ${total.toFixed(1)} s: ${(confirmed / total).toFixed(1)} confirmed writes/s`,
    );

    const ratio = percentile(api, 50) / percentile(baseline, 50);
    const rows: Figure[] = [
      {
        bench: 'send',
        figure: 'POST /send p50, EVM, ms',
        baseline: `${p(baseline, 50)} (viem sendTransaction)`,
        value: p(api, 50),
        ratio,
        target: '<= 1.2',
        met: ratio <= 1.2,
      },
      {
        bench: 'send',
        figure: 'POST /send p50, EVM, ms, vs viem batching',
        baseline: `${p(batchedBaseline, 50)} (viem sendTransaction, batch: true)`,
        value: p(api, 50),
        ratio: percentile(api, 50) / percentile(batchedBaseline, 50),
        target: '<= 1.2',
        met: percentile(api, 50) / percentile(batchedBaseline, 50) <= 1.2,
      },
      {
        bench: 'send',
        figure: 'POST /send p99, EVM, ms',
        baseline: `${p(baseline, 99)} (viem sendTransaction)`,
        value: p(api, 99),
        ratio: percentile(api, 99) / percentile(baseline, 99),
        target: '',
        met: null,
      },
      {
        bench: 'send',
        figure: 'POST /send p50 via Privy (local fake), ms',
        baseline: `${p(api, 50)} (local signer)`,
        value: p(viaPrivy, 50),
        ratio: percentile(viaPrivy, 50) / percentile(api, 50),
        target: '',
        met: null,
      },
      {
        bench: 'send',
        figure: `confirmed writes/s, ${USERS} users at once`,
        baseline: '',
        value: (confirmed / total).toFixed(1),
        ratio: null,
        target: 'all accepted confirmed',
        met: notConfirmed.length === 0,
      },
    ];
    report(rows);
  } finally {
    local.stop();
    privy.stop();
    viem?.stop();
    await fakePrivy.close();
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
