/**
 * `npm start`: the service on its embedded defaults (PGlite under DATA_DIR, the local signer, the
 * development network), or on whatever the environment configures.
 */

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { Devnet, DevnetChain } from '@wallet-api/devnet';
import type { FakePrivy } from '@wallet-api/devnet/privy';
import { DEMO_EMAIL, demoPrivyUser, seedDemo } from './app/seed-demo.ts';
import { createChainRegistry } from './chains/chain-registry.ts';
import { type Config, ConfigError, loadConfig, loadDotEnv } from './config/config.ts';
import { startRuntime } from './runtime.ts';
import { lockDataDir } from './store/data-dir-lock.ts';
import { openDatabase } from './store/open-database.ts';
import { describeError } from './support/describe-error.ts';
import { createLogger } from './support/logger.ts';

const startedAt = performance.now();
/** WALLET_PROVIDER=privy without credentials in local mode: the built-in Privy fake (offline demo). */
let embeddedPrivy = false;

let config: Config;
try {
  loadDotEnv();
  config = loadConfig();
  if (config.WALLET_PROVIDER === 'privy' && !config.PRIVY_APP_ID && config.WALLET_API_MODE !== 'production')
    embeddedPrivy = true;
} catch (err) {
  if (err instanceof ConfigError) {
    for (const p of err.problems) console.error(`config: ${p}`);
    process.exit(1);
  }
  throw err;
}

const logger = createLogger(config.LOG_LEVEL);
const cleanups: (() => Promise<void> | void)[] = [];
let stopping = false;

async function shutdown(reason: string, code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ reason }, 'shutting down');
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
    }
  }
  process.exit(code);
}
process.once('SIGINT', () => void shutdown('SIGINT', 0));
process.once('SIGTERM', () => void shutdown('SIGTERM', 0));

/**
 * The data directory must take writes before anything starts: a read-only file system or a full disk
 * would otherwise surface as an embedded database error that names neither the path nor the cause.
 * A megabyte is written and removed (the embedded database needs far more).
 */
function requireWritableDataDir(dir: string): void {
  const probe = join(dir, `.write-check-${process.pid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(probe, Buffer.alloc(1024 * 1024));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOSPC'
        ? `DATA_DIR ${dir} is on a full disk (ENOSPC): free some space there, or set DATA_DIR to a place with room`
        : code === 'EROFS'
          ? `DATA_DIR ${dir} is on a read-only file system (EROFS): set DATA_DIR to a writable place`
          : `DATA_DIR ${dir} cannot be written (${code ?? describeError(err)}): check its owner and permissions, or set DATA_DIR`,
    );
  } finally {
    rmSync(probe, { force: true });
  }
}

/** Fails fast, before anything starts, when the HTTP port is taken. */
async function requireFreePort(host: string, port: number): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `port ${port} on ${host} is already in use (another wallet-api, or another program): stop it or set PORT`
            : `cannot listen on ${host}:${port} (${err.code ?? err.message}): set HOST and PORT`,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

try {
  await requireFreePort(config.HOST, config.PORT);
  requireWritableDataDir(config.DATA_DIR);
  if (!config.DATABASE_URL) {
    const lock = lockDataDir(config.DATA_DIR, 'wallet-api server');
    cleanups.push(() => lock.release());
  }
  // The embedded database and the development network start side by side (each takes most of a
  // second); whichever comes up registers its cleanup, so a failure of the other stops it. The
  // development network's package (Hardhat, LiteSVM) is loaded only when it runs: never with DEVNET=off.
  const opening = openDatabase(config, (err) => logger.warn({ err }, 'database connection error')).then(
    (db) => {
      cleanups.push(() => db.close());
      return db;
    },
  );
  const starting = config.DEVNET
    ? import('@wallet-api/devnet').then(async ({ startDevnet, fundAddress }) => {
        const running = await startDevnet({
          dataDir: config.DATA_DIR,
          evmPort: config.DEVNET_EVM_PORT || undefined,
          solanaPort: config.DEVNET_SOLANA_PORT || undefined,
          aggregatorPort: config.DEVNET_AGGREGATOR_PORT || undefined,
          logger: logger.child({ component: 'devnet' }),
        });
        cleanups.push(() => running.stop());
        return { running, fundAddress };
      })
    : Promise.resolve(null);
  const [opened, started] = await Promise.allSettled([opening, starting]);
  if (opened.status === 'rejected') throw opened.reason;
  if (started.status === 'rejected') throw started.reason;
  const db = opened.value;
  const devnet: Devnet | null = started.value?.running ?? null;
  const fundAddress = started.value?.fundAddress;
  devnet?.onRestart((chain) => {
    fundDemoWallets(chain).catch((err) =>
      logger.warn({ err, chain }, 'could not fund the demo wallets again'),
    );
  });

  const chains = createChainRegistry(config.chainOverrides, {
    ...(devnet
      ? {
          // The localnets trade through the devnet's local aggregator (no key needed).
          'evm-localnet': {
            rpcUrl: devnet.info.evm.rpcUrl,
            instance: () => devnet.info.evm.instance,
            trading: true,
            aggregatorUrl: devnet.info.aggregator.oneinchApiUrl,
          },
          'solana-localnet': {
            rpcUrl: devnet.info.solana.rpcUrl,
            instance: () => devnet.info.solana.instance,
            trading: true,
            aggregatorUrl: devnet.info.aggregator.jupiterApiUrl,
            // The local pools are paid directly (they have no program of their own).
            swapPayees: devnet.info.solana.pools.map((p) => p.address),
          },
        }
      : {}),
  });
  let privyFake: FakePrivy | null = null;
  if (embeddedPrivy) {
    const { startFakePrivy } = await import('@wallet-api/devnet/privy');
    privyFake = await startFakePrivy();
    const fake = privyFake;
    cleanups.push(() => fake.close());
    config = Object.freeze({
      ...config,
      PRIVY_APP_ID: fake.appId,
      PRIVY_APP_SECRET: fake.appSecret,
      PRIVY_AUTHORIZATION_KEY: fake.authorizationKey.replace(/^wallet-auth:/, ''),
      PRIVY_API_URL: fake.url,
    });
  }
  const runtime = await startRuntime({ config, db, logger, chains, admin: !config.DATABASE_URL });
  cleanups.push(() => runtime.close());

  const seed = config.SEED_DEMO
    ? await seedDemo(runtime.services, config.DATA_DIR, privyFake ? demoPrivyUser(privyFake) : undefined)
    : null;
  /** Funds the demo user's default wallets on the development network (one chain, or both). */
  async function fundDemoWallets(only?: DevnetChain): Promise<void> {
    if (!devnet || !fundAddress) return;
    const user = await runtime.services.users.findByEmail(DEMO_EMAIL);
    const wallets = user ? await runtime.services.wallets.listAll(user.id) : [];
    for (const w of wallets.filter((x) => x.isDefault)) {
      if (w.chainType === 'ethereum') {
        if (only === 'solana-localnet') continue;
        await fundAddress(devnet.info, {
          chain: 'evm-localnet',
          address: w.address,
          amount: 100n * 10n ** 18n,
        });
        await fundAddress(devnet.info, {
          chain: 'evm-localnet',
          address: w.address,
          amount: 1_000_000n * 10n ** 6n,
          token: devnet.info.evm.testToken.address,
        });
      } else {
        if (only === 'evm-localnet') continue;
        await fundAddress(devnet.info, {
          chain: 'solana-localnet',
          address: w.address,
          amount: 100n * 10n ** 9n,
        });
        for (const mint of [devnet.info.solana.splMint, devnet.info.solana.token2022Mint])
          await fundAddress(devnet.info, {
            chain: 'solana-localnet',
            address: w.address,
            amount: 1_000_000n * 10n ** BigInt(mint.decimals),
            token: mint.address,
          });
      }
    }
  }
  await fundDemoWallets();

  const lines = [
    '',
    `Wallet Automation API is ready (${((performance.now() - startedAt) / 1000).toFixed(1)} s)`,
    `  API        ${config.publicUrl}/api/v1`,
    `  Docs       ${config.publicUrl}/docs`,
    `  Dashboard  ${config.publicUrl}/dashboard`,
    `  OpenAPI    ${config.publicUrl}/api/v1/openapi.json`,
    `  Data       ${config.DATA_DIR}${config.DATABASE_URL ? ' (database: PostgreSQL)' : ' (embedded PostgreSQL)'}`,
  ];
  if (devnet)
    lines.push(
      `  Chains     evm-localnet (${devnet.info.evm.rpcUrl}), solana-localnet (${devnet.info.solana.rpcUrl})`,
      '             new chains at every start: balances and transactions on them do not survive a',
      '             restart (earlier transactions keep their last status; their hashes are gone)',
      `  Swaps      local aggregator ${devnet.info.aggregator.url} (1inch and Jupiter APIs)`,
      '             wallet-api devnet info  lists test tokens, mints and pools',
    );
  if (privyFake)
    lines.push(
      `  Privy      built-in Privy fake ${privyFake.url} (no PRIVY_APP_ID set): its users and wallets`,
      '             are new at every start; the demo user is linked to a new one each time',
    );
  if (seed)
    lines.push(
      '',
      `Demo user ${seed.email} with wallets ${seed.wallets.map((w) => w.address).join(', ')}`,
      // Production mode never prints a key (logs are collected); the file is readable by the owner only.
      ...(config.WALLET_API_MODE === 'production'
        ? [`Demo API key saved to ${seed.apiKeyPath} (mode 0600; not printed in production mode)`]
        : [`Demo API key (shown once, also saved to ${seed.apiKeyPath}):`, `  ${seed.apiKey}`]),
      '',
      `Try: curl -H "x-api-key: $(cat ${seed.apiKeyPath})" ${config.publicUrl}/api/v1/wallets`,
    );
  console.log(lines.join('\n'));
} catch (err) {
  logger.fatal({ err }, 'start-up failed');
  console.error(`start-up failed: ${describeError(err)}`);
  await shutdown('start-up failed', 1);
}
