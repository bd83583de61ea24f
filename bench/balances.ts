/**
 * Benchmark: GET /api/v1/wallets/balances for native plus 50 tokens on both development chains.
 *
 * 1. Upstream HTTP requests (counted by a proxy in front of each node) and latency, cold (nothing
 *    cached), refresh (fresh=true: metadata cached, balances read) and warm (cached), against the
 *    naive baseline in the same run: one RPC call per token and field (balance, decimals, symbol
 *    on EVM; mint, token account and metadata account on Solana), all concurrent; and against what
 *    a competent user writes: viem's multicall (Multicall3, one eth_call for every token's fields)
 *    beside eth_getBalance, and one getMultipleAccounts for every account on Solana (in pages of
 *    100, its limit) beside getBalance.
 * 2. Cached balance requests per second at saturation, and CPU time per request at a fixed offered
 *    load, against a bare Fastify route returning the same JSON: the API in its own process
 *    (bundled, plain node), the baseline in a clean process that loads fastify only
 *    (support/bare-route.mjs), driven by autocannon from this one in alternating rounds, each figure
 *    with its spread (target ratio of the req/s medians >= 0.75).
 *
 *   npm run bench:balances   (BENCH_SECONDS per run, default 5; BENCH_ROUNDS 5; BENCH_RATE; BENCH_SAMPLES 20)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSolanaRpc, type Address as SolanaAddress } from '@solana/kit';
import { type DevnetInfo, fundAddress, startDevnet } from '@wallet-api/devnet';
import { evmLocalnetChain } from '@wallet-api/devnet/evm/contracts';
import pino from 'pino';
import { createPublicClient, erc20Abi, getAddress, http } from 'viem';
import { bootEphemeral } from '../src/boot/boot-ephemeral.ts';
import { createChainRegistry } from '../src/chains/chain-registry.ts';
import {
  associatedTokenAddress,
  metaplexMetadataAddress,
  TOKEN_PROGRAM,
} from '../src/chains/solana/solana-token-metadata.ts';
import { openPgliteDatabase } from '../src/store/pglite-database.ts';
import { evmActor, testTokens } from '../test/balances/evm-fixtures.ts';
import { countingProxy } from '../test/balances/rpc-servers.ts';
import { createMints } from '../test/balances/solana-fixtures.ts';
import {
  againstBare,
  DEFAULT_RATE,
  exitOnSigterm,
  type Served,
  serveBare,
  serveTarget,
} from './support/throughput.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const CONNECTIONS = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TOKENS = 50;

interface Setup {
  devnet: DevnetInfo;
  evmTokens: string[];
  mints: string[];
}

/** The service on a fresh database, with a user whose wallets hold native and all the tokens. */
async function serveApi(setup: Setup, rpc: { evm: string; solana: string }) {
  const runtime = await bootEphemeral({
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_READ_PER_MINUTE: '1000000000' },
    database: () => openPgliteDatabase(null),
    chains: createChainRegistry(
      {},
      { 'evm-localnet': { rpcUrl: rpc.evm }, 'solana-localnet': { rpcUrl: rpc.solana } },
    ),
  });
  const user = await runtime.services.users.create({ email: `bench-${Date.now()}@example.test` });
  const evm = await runtime.services.wallets.create(user.id, { chainType: 'ethereum' });
  const sol = await runtime.services.wallets.create(user.id, { chainType: 'solana' });
  const { key } = await runtime.services.apiKeys.create(user.id, { name: 'bench' });
  const { devnet } = setup;
  await fundAddress(devnet, { chain: 'evm-localnet', address: evm.address, amount: 10n ** 18n });
  await fundAddress(devnet, { chain: 'solana-localnet', address: sol.address, amount: 10n ** 9n });
  for (const token of setup.evmTokens)
    await fundAddress(devnet, { chain: 'evm-localnet', address: evm.address, amount: 1_000_000n, token });
  await Promise.all(
    setup.mints.map((token) =>
      fundAddress(devnet, { chain: 'solana-localnet', address: sol.address, amount: 1_000_000n, token }),
    ),
  );
  const paths = {
    evm: `/api/v1/wallets/balances?chain=evm-localnet&tokens=${setup.evmTokens.join(',')}`,
    solana: `/api/v1/wallets/balances?chain=solana-localnet&tokens=${setup.mints.join(',')}`,
  };
  return {
    url: runtime.url,
    key,
    paths,
    owners: { evm: evm.address, solana: sol.address },
    close: async () => {
      await runtime.stop();
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/** One call per token and field, all at once, through clients that do not batch. */
async function naiveEvm(rpcUrl: string, owner: string, tokens: string[]) {
  const client = createPublicClient({ chain: evmLocalnetChain(rpcUrl), transport: http(rpcUrl) });
  const account = getAddress(owner);
  await Promise.all([
    client.getBalance({ address: account }),
    ...tokens.flatMap((t) => {
      const address = getAddress(t);
      return [
        client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [account] }),
        client.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
        client.readContract({ address, abi: erc20Abi, functionName: 'symbol' }),
      ];
    }),
  ]);
}

/** What a competent user writes: every token's fields in one Multicall3 call, and the balance. */
async function multicallEvm(rpcUrl: string, owner: string, tokens: string[]) {
  const client = createPublicClient({ chain: evmLocalnetChain(rpcUrl), transport: http(rpcUrl) });
  const account = getAddress(owner);
  await Promise.all([
    client.getBalance({ address: account }),
    client.multicall({
      allowFailure: true,
      // One eth_call for everything, as the service makes (viem splits at 1 KB of call data by default).
      batchSize: 0,
      contracts: tokens.flatMap((t) => {
        const address = getAddress(t);
        return [
          { address, abi: erc20Abi, functionName: 'balanceOf', args: [account] } as const,
          { address, abi: erc20Abi, functionName: 'decimals' } as const,
          { address, abi: erc20Abi, functionName: 'symbol' } as const,
        ];
      }),
    }),
  ]);
}

/** What a competent user writes on Solana: the balance, and every account in getMultipleAccounts. */
async function batchedSolana(rpcUrl: string, owner: string, mints: string[]) {
  const rpc = createSolanaRpc(rpcUrl);
  const accounts = (
    await Promise.all(
      mints.flatMap((m) => [
        Promise.resolve(m),
        associatedTokenAddress(owner, m, TOKEN_PROGRAM),
        metaplexMetadataAddress(m),
      ]),
    )
  ).map((a) => a as SolanaAddress);
  const pages: SolanaAddress[][] = [];
  for (let i = 0; i < accounts.length; i += 100) pages.push(accounts.slice(i, i + 100));
  await Promise.all([
    rpc.getBalance(owner as SolanaAddress).send(),
    ...pages.map((page) => rpc.getMultipleAccounts(page, { encoding: 'base64' }).send()),
  ]);
}

async function naiveSolana(rpcUrl: string, owner: string, mints: string[]) {
  const rpc = createSolanaRpc(rpcUrl);
  const info = (a: string) => rpc.getAccountInfo(a as SolanaAddress, { encoding: 'base64' }).send();
  await Promise.all([
    rpc.getBalance(owner as SolanaAddress).send(),
    ...mints.flatMap((m) => [
      info(m),
      associatedTokenAddress(owner, m, TOKEN_PROGRAM).then(info),
      metaplexMetadataAddress(m).then(info),
    ]),
  ]);
}

async function measureRequests(setup: Setup) {
  const evmRpc = await countingProxy(setup.devnet.evm.rpcUrl);
  const solanaRpc = await countingProxy(setup.devnet.solana.rpcUrl);
  const api = await serveApi(setup, { evm: evmRpc.url, solana: solanaRpc.url });
  const get = async (path: string) => {
    const res = await fetch(`${api.url}${path}`, { headers: { 'x-api-key': api.key } });
    const body = (await res.json()) as { balances?: unknown[] };
    if (res.status !== 200 || body.balances?.length !== 1 + TOKENS)
      throw new Error(`unexpected answer ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  };
  const rows: string[] = [];
  for (const [name, proxy, path, naive, competent] of [
    [
      'EVM',
      evmRpc,
      api.paths.evm,
      () => naiveEvm(evmRpc.url, api.owners.evm, setup.evmTokens),
      () => multicallEvm(evmRpc.url, api.owners.evm, setup.evmTokens),
    ],
    [
      'Solana',
      solanaRpc,
      api.paths.solana,
      () => naiveSolana(solanaRpc.url, api.owners.solana, setup.mints),
      () => batchedSolana(solanaRpc.url, api.owners.solana, setup.mints),
    ],
  ] as const) {
    const sample = async (work: () => Promise<unknown>) => {
      const times: number[] = [];
      let requests = 0;
      for (let i = 0; i < SAMPLES; i++) {
        proxy.reset();
        times.push((await timed(work)).ms);
        requests = proxy.requests;
      }
      return { ms: median(times), requests };
    };
    proxy.reset();
    const cold = await timed(() => get(path));
    const coldRequests = proxy.requests;
    const refresh = await sample(() => get(`${path}&fresh=true`));
    const warm = await sample(() => get(path));
    const baseline = await sample(naive);
    const batched = await sample(competent);
    rows.push(
      `  ${name.padEnd(6)} cold      ${String(coldRequests).padStart(4)} upstream requests  ${cold.ms.toFixed(1).padStart(7)} ms`,
      `  ${name.padEnd(6)} refresh   ${String(refresh.requests).padStart(4)} upstream requests  ${refresh.ms.toFixed(1).padStart(7)} ms (fresh=true, metadata cached; median of ${SAMPLES})`,
      `  ${name.padEnd(6)} warm      ${String(warm.requests).padStart(4)} upstream requests  ${warm.ms.toFixed(1).padStart(7)} ms (median of ${SAMPLES})`,
      `  ${name.padEnd(6)} baseline  ${String(baseline.requests).padStart(4)} upstream requests  ${baseline.ms.toFixed(1).padStart(7)} ms (naive, direct RPC, concurrent; median of ${SAMPLES})`,
      `  ${name.padEnd(6)} ratio     requests cold/baseline ${(coldRequests / baseline.requests).toFixed(3)}, latency cold/baseline ${(cold.ms / baseline.ms).toFixed(2)}, refresh/baseline ${(refresh.ms / baseline.ms).toFixed(2)}`,
      `  ${name.padEnd(6)} batched   ${String(batched.requests).padStart(4)} upstream requests  ${batched.ms.toFixed(1).padStart(7)} ms (${name === 'EVM' ? "viem's multicall" : 'getMultipleAccounts'}, direct RPC; median of ${SAMPLES})`,
      `  ${name.padEnd(6)} ratio     requests cold/batched ${(coldRequests / batched.requests).toFixed(3)}, latency cold/batched ${(cold.ms / batched.ms).toFixed(2)}, refresh/batched ${(refresh.ms / batched.ms).toFixed(2)}`,
    );
  }
  await api.close();
  await evmRpc.close();
  await solanaRpc.close();
  return rows;
}

/** Child process: serves the API with its cache warmed, prints the target on stdout. */
async function serve(setup: Setup) {
  const api = await serveApi(setup, { evm: setup.devnet.evm.rpcUrl, solana: setup.devnet.solana.rpcUrl });
  const url = `${api.url}${api.paths.evm}`;
  const body = await (await fetch(url, { headers: { 'x-api-key': api.key } })).text();
  process.stdout.write(`${JSON.stringify({ url, key: api.key, bytes: body.length })}\n`);
}

if (process.argv[2] === '--serve') {
  exitOnSigterm();
  await serve(JSON.parse(process.env.BENCH_SETUP ?? '{}') as Setup);
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-devnet-'));
  const devnet = await startDevnet({ dataDir, logger: pino({ level: 'warn' }) });
  try {
    const actor = await evmActor(devnet.info.evm.rpcUrl, (req) => fundAddress(devnet.info, req));
    const setup: Setup = {
      devnet: devnet.info,
      evmTokens: await actor.deploy(testTokens(TOKENS)),
      mints: await createMints(devnet.info.solana.rpcUrl, TOKENS),
    };
    const rows = await measureRequests(setup);
    console.log(`Native + ${TOKENS} tokens, GET /api/v1/wallets/balances, development network, same machine`);
    for (const row of rows) console.log(row);
    const env = { BENCH_SETUP: JSON.stringify(setup) };
    const api = await serveTarget(import.meta.url, 'api', env);
    const targets: Served[] = [api];
    try {
      // The same bytes as the cached answer, from a clean process (fetching them also warms the cache).
      targets.unshift(await serveBare(api));
      await againstBare(targets, {
        bench: 'balances',
        figure: `Cached EVM native + ${TOKENS} tokens, req/s`,
        title: `Cached EVM native + ${TOKENS} tokens, GET /api/v1/wallets/balances`,
        connections: CONNECTIONS,
        seconds: SECONDS,
        rounds: ROUNDS,
        rate: DEFAULT_RATE,
        target: 0.75,
      });
    } finally {
      for (const t of targets) t.stop();
    }
  } finally {
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
