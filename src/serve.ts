/**
 * The service `npm start` runs (main.ts loads this once its checks pass): the database and the
 * development network side by side, the server's boot (src/boot/boot-server.ts: the HTTP and admin
 * servers), the demo user with its funded wallets, and the banner saying where everything is.
 */
import type { Devnet, DevnetChain } from '@wallet-api/devnet';
import type { DevnetNodes } from '@wallet-api/devnet/nodes';
import type { FakePrivy } from '@wallet-api/devnet/privy';
import type { Logger } from 'pino';
import { DEMO_EMAIL, demoPrivyUser, seedDemo } from './app/seed-demo.ts';
import { openBootDatabase } from './boot/boot-sequence.ts';
import { bootServer } from './boot/boot-server.ts';
import { createChainRegistry } from './chains/chain-registry.ts';
import { chainSummaryLines } from './chains/chain-summary.ts';
import type { Config } from './config/config.ts';

export interface ServeOptions {
  config: Config;
  logger: Logger;
  /** The development network's nodes, launched already (null with DEVNET=off). */
  nodes: DevnetNodes | null;
  /** Run in reverse order at shutdown; everything started here adds its own. */
  cleanups: Array<() => Promise<void> | void>;
  startedAt: number;
}

export async function serve(options: ServeOptions): Promise<void> {
  const { logger, nodes, cleanups, startedAt } = options;
  let { config } = options;
  /** WALLET_PROVIDER=privy without credentials in local mode: the built-in Privy fake (offline demo). */
  const embeddedPrivy =
    config.WALLET_PROVIDER === 'privy' && !config.PRIVY_APP_ID && config.WALLET_API_MODE !== 'production';
  // The embedded database opens while the development network's nodes come up; whichever is ready
  // registers its cleanup, so a failure of the other stops it.
  const opening = openBootDatabase(config, logger).then((db) => {
    cleanups.push(() => db.close());
    return db;
  });
  const starting = nodes
    ? import('@wallet-api/devnet').then(async ({ startDevnet, fundAddress }) => {
        const running = await startDevnet({
          dataDir: config.DATA_DIR,
          nodes,
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

  const chains = createChainRegistry(
    config.chainOverrides,
    {
      ...(devnet
        ? {
            // The localnets trade through the devnet's local aggregator (no key needed).
            'evm-localnet': {
              rpcUrl: devnet.info.evm.rpcUrl,
              instance: () => devnet.info.evm.instance,
              trading: true,
              aggregatorUrl: devnet.info.aggregator.oneinchApiUrl,
              listedTokens: [devnet.info.evm.testToken.address, devnet.info.evm.secondToken.address],
            },
            'solana-localnet': {
              rpcUrl: devnet.info.solana.rpcUrl,
              instance: () => devnet.info.solana.instance,
              trading: true,
              aggregatorUrl: devnet.info.aggregator.jupiterApiUrl,
              // The local pools are paid directly (they have no program of their own).
              swapPayees: devnet.info.solana.pools.map((p) => p.address),
              listedTokens: [devnet.info.solana.splMint.address, devnet.info.solana.token2022Mint.address],
            },
          }
        : {}),
    },
    config.enabledChains,
  );
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
  const runtime = await bootServer({ config, db, logger, chains, admin: !config.DATABASE_URL });
  cleanups.push(() => runtime.close());

  const seed = config.SEED_DEMO
    ? await seedDemo(runtime.services, config.DATA_DIR, privyFake ? demoPrivyUser(privyFake) : undefined)
    : null;
  /**
   * Funds the demo user's default wallets on the development network (one chain, or both). The
   * fundings are independent (the faucets never collide), so they all run at once.
   */
  async function fundDemoWallets(only?: DevnetChain): Promise<void> {
    if (!devnet || !fundAddress) return;
    const fund = fundAddress;
    const user = await runtime.services.users.findByEmail(DEMO_EMAIL);
    const wallets = user ? await runtime.services.wallets.listAll(user.id) : [];
    const requests: Array<Parameters<typeof fund>[1]> = [];
    for (const w of wallets.filter((x) => x.isDefault)) {
      if (w.chainType === 'ethereum' && only !== 'solana-localnet')
        requests.push(
          { chain: 'evm-localnet', address: w.address, amount: 100n * 10n ** 18n },
          {
            chain: 'evm-localnet',
            address: w.address,
            amount: 1_000_000n * 10n ** 6n,
            token: devnet.info.evm.testToken.address,
          },
        );
      if (w.chainType === 'solana' && only !== 'evm-localnet') {
        requests.push({ chain: 'solana-localnet', address: w.address, amount: 100n * 10n ** 9n });
        for (const mint of [devnet.info.solana.splMint, devnet.info.solana.token2022Mint])
          requests.push({
            chain: 'solana-localnet',
            address: w.address,
            amount: 1_000_000n * 10n ** BigInt(mint.decimals),
            token: mint.address,
          });
      }
    }
    const results = await Promise.allSettled(requests.map((r) => fund(devnet.info, r)));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
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
  lines.push(...chainSummaryLines(chains.list()));
  if (devnet)
    lines.push(
      '             the development network has new chains at every start: balances and transactions',
      '             on them do not survive a restart (earlier transactions keep their last status)',
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
}
