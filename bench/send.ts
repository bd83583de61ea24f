/**
 * Benchmark: POST /api/v1/send (native, evm-localnet) through the whole service — auth, rate
 * limit, idempotency claim, checks, nonce lock, signing, record, broadcast — against the baseline
 * of a direct viem `sendTransaction` from a local account to the same node, in the same run.
 * A Privy-mode row runs the same sends through the Privy provider against the local Privy fake
 * (loopback, no network latency), as a ratio to the local signer in the same run: the provider's
 * own overhead (an HTTP round trip, the authorization signature, the checks of what came back).
 * Then sustained confirmed writes per second with many users sending at once.
 *
 *   npm run bench:send        (BENCH_SENDS, BENCH_USERS, BENCH_SECONDS to change)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { createWalletClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { createChainRegistry } from '../src/chains/chain-registry.ts';
import { loadConfig } from '../src/config/config.ts';
import { fundAddress, startDevnet } from '../src/devnet/devnet.ts';
import { evmLocalnetChain } from '../src/devnet/evm/contracts.ts';
import { startFakePrivy } from '../src/devnet/privy/fake-privy.ts';
import { createLogger } from '../src/logger.ts';
import { startRuntime } from '../src/runtime.ts';
import { wrapPglite } from '../src/store/pglite-database.ts';

const SENDS = Number(process.env.BENCH_SENDS ?? 100);
const USERS = Number(process.env.BENCH_USERS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

const dataDir = mkdtempSync(join(tmpdir(), 'bench-send-'));
const devnet = await startDevnet({ dataDir, logger: pino({ level: 'warn' }) });
const fakePrivy = await startFakePrivy();
const startService = async (dir: string, env: Record<string, string> = {}) => {
  const db = wrapPglite(await PGlite.create());
  const runtime = await startRuntime({
    config: loadConfig({
      DATA_DIR: dir,
      PORT: '0',
      DEVNET: 'off',
      SEED_DEMO: 'off',
      RATE_LIMIT_READ_PER_MINUTE: '1000000000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000000',
      TRACKER_INTERVAL_MS: '250',
      ...env,
    }),
    db,
    logger: createLogger('warn'),
    chains: createChainRegistry({}, { 'evm-localnet': { rpcUrl: devnet.info.evm.rpcUrl } }),
  });
  return { db, runtime };
};
const { db, runtime } = await startService(dataDir);
const privyDir = mkdtempSync(join(tmpdir(), 'bench-send-privy-'));
const privy = await startService(privyDir, {
  WALLET_PROVIDER: 'privy',
  PRIVY_APP_ID: fakePrivy.appId,
  PRIVY_APP_SECRET: fakePrivy.appSecret,
  PRIVY_AUTHORIZATION_KEY: fakePrivy.authorizationKey,
  PRIVY_API_URL: fakePrivy.url,
});

async function newUser(service = runtime) {
  const user = await service.services.users.create({ email: `bench-${randomUUID()}@example.test` });
  let address: string;
  if (service === runtime) {
    address = (await service.services.wallets.create(user.id, { chainType: 'ethereum' })).address;
  } else {
    const privyUser = await fakePrivy.createUser({ wallets: ['ethereum'] });
    address = (await service.services.wallets.link(user.id, privyUser.id)).wallets[0]?.address ?? '';
  }
  const { key } = await service.services.apiKeys.create(user.id, { name: 'bench' });
  await fundAddress(devnet.info, { chain: 'evm-localnet', address, amount: parseEther('1000') });
  return key;
}
const send = async (key: string, service = runtime) => {
  const res = await fetch(`${service.url}/api/v1/send`, {
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
  return (await res.json()) as { id: string };
};

try {
  // Latency, one request at a time: the API against viem straight to the node.
  const key = await newUser();
  const privyKey = await newUser(privy.runtime);
  const account = privateKeyToAccount(generatePrivateKey());
  await fundAddress(devnet.info, {
    chain: 'evm-localnet',
    address: account.address,
    amount: parseEther('1000'),
  });
  const wallet = createWalletClient({
    account,
    chain: evmLocalnetChain(devnet.info.evm.rpcUrl),
    transport: http(devnet.info.evm.rpcUrl),
  });
  for (let i = 0; i < 10; i++) {
    await send(key);
    await send(privyKey, privy.runtime);
    await wallet.sendTransaction({ to: privateKeyToAddress(generatePrivateKey()), value: 1000n });
  }
  const api: number[] = [];
  const viaPrivy: number[] = [];
  const direct: number[] = [];
  for (let i = 0; i < SENDS; i++) {
    let t = performance.now();
    await send(key);
    api.push(performance.now() - t);
    t = performance.now();
    await send(privyKey, privy.runtime);
    viaPrivy.push(performance.now() - t);
    t = performance.now();
    await wallet.sendTransaction({ to: privateKeyToAddress(generatePrivateKey()), value: 1000n });
    direct.push(performance.now() - t);
  }
  console.log(
    `POST /api/v1/send latency, ${SENDS} sequential sends each, evm-localnet (Hardhat), same machine`,
  );
  console.log(
    `  baseline (viem sendTransaction, local account): p50 ${percentile(direct, 50).toFixed(1)} ms, p99 ${percentile(direct, 99).toFixed(1)} ms`,
  );
  console.log(
    `  API:                                            p50 ${percentile(api, 50).toFixed(1)} ms, p99 ${percentile(api, 99).toFixed(1)} ms`,
  );
  console.log(
    `  ratio API / baseline at p50: ${(percentile(api, 50) / percentile(direct, 50)).toFixed(2)} (target <= 1.3); p99: ${(percentile(api, 99) / percentile(direct, 99)).toFixed(2)}`,
  );
  console.log(
    `  API, Privy provider (local fake):                p50 ${percentile(viaPrivy, 50).toFixed(1)} ms, p99 ${percentile(viaPrivy, 99).toFixed(1)} ms`,
  );
  console.log(
    `  ratio Privy / local signer at p50: ${(percentile(viaPrivy, 50) / percentile(api, 50)).toFixed(2)}; p99: ${(percentile(viaPrivy, 99) / percentile(api, 99)).toFixed(2)} (the provider's own overhead, without Privy's network latency)`,
  );

  // Throughput: many users, each sending back to back, for a fixed time; then wait for every
  // transaction to be confirmed by the tracker.
  const keys = await Promise.all(Array.from({ length: USERS }, () => newUser()));
  const ids: { id: string; key: string }[] = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    keys.map(async (k) => {
      while (performance.now() < deadline) ids.push({ id: (await send(k)).id, key: k });
    }),
  );
  const submittedIn = (performance.now() - started) / 1000;
  let confirmed = 0;
  for (const { id } of ids) {
    for (;;) {
      const tx = await runtime.services.db.query<{ status: string }>(
        'select status from transactions where id = $1',
        [id],
      );
      const status = tx[0]?.status;
      if (status === 'CONFIRMED') {
        confirmed++;
        break;
      }
      if (status === 'FAILED') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const total = (performance.now() - started) / 1000;
  console.log(`Sustained writes, ${USERS} users sending at once for ${SECONDS} s`);
  console.log(
    `  submitted ${ids.length} in ${submittedIn.toFixed(1)} s: ${(ids.length / submittedIn).toFixed(1)} writes/s`,
  );
  console.log(
    `  confirmed ${confirmed} of ${ids.length}, all by ${total.toFixed(1)} s: ${(confirmed / total).toFixed(1)} confirmed writes/s`,
  );
} finally {
  await privy.runtime.close();
  await privy.db.close();
  await fakePrivy.close();
  rmSync(privyDir, { recursive: true, force: true });
  await runtime.close();
  await db.close();
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
