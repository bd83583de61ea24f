import type { Logger } from 'pino';
import { apiKeysService } from './app/api-keys.ts';
import { approvalsService } from './app/approvals.ts';
import { auditService } from './app/audit/audit-service.ts';
import { startBackgroundWork } from './app/background-work.ts';
import { balancesService } from './app/balances/balances-service.ts';
import { chainHealthService } from './app/chain-health.ts';
import { sessionService } from './app/dashboard-sessions.ts';
import { derivedKeyStore } from './app/derived-key-store.ts';
import { eventsService } from './app/events/events-service.ts';
import { idempotencyService } from './app/idempotency.ts';
import { keySpendService } from './app/key-spend.ts';
import { payoutRunner } from './app/payouts/payout-runner.ts';
import { payoutsService } from './app/payouts/payouts.ts';
import { readinessService } from './app/readiness.ts';
import type { Services } from './app/services.ts';
import { tradingService } from './app/trading/trading.ts';
import { controlService } from './app/transactions/control.ts';
import { deferredBuilders } from './app/transactions/deferred-builders.ts';
import { deferredWrites } from './app/transactions/deferred-writes.ts';
import { simulationService } from './app/transactions/simulation.ts';
import { transactionsService } from './app/transactions/transactions.ts';
import { usersService } from './app/users.ts';
import { walletsService } from './app/wallets.ts';
import { webhookDelivery } from './app/webhooks/webhook-delivery.ts';
import { webhookSecretBox } from './app/webhooks/webhook-secrets.ts';
import { hostResolver } from './app/webhooks/webhook-targets.ts';
import { webhooksService } from './app/webhooks/webhooks.ts';
import { memoryCache } from './cache/cache.ts';
import { redisCache } from './cache/redis-cache.ts';
import { type ChainRegistry, createChainRegistry } from './chains/chain-registry.ts';
import { chainFamilies } from './chains/families.ts';
import { createChainClients } from './chains/rpc-clients.ts';
import type { Config } from './config/config.ts';
import type { Secrets } from './config/local-secrets.ts';
import { addressThrottle } from './rate-limit/address-throttle.ts';
import { memoryRateLimiter, type RateLimiter } from './rate-limit/rate-limiter.ts';
import { redisRateLimiter } from './rate-limit/redis-rate-limiter.ts';
import { DEFAULT_SIGN_IN_LIMITS, signInLimiter } from './rate-limit/sign-in-limiter.ts';
import type { Database } from './store/database.ts';
import { balancesChanged, databaseInvalidationBus, redisInvalidationBus } from './store/invalidation-bus.ts';
import { connectRedis, redisReady } from './store/redis.ts';
import { walletLockFor } from './store/wallet-lock.ts';
import { type Clock, systemClock } from './support/clock.ts';
import { tracingOn } from './support/tracing.ts';
import { swapAggregators } from './swap-aggregators/aggregators.ts';
import { keyEncryption } from './wallet-providers/local/key-encryption.ts';
import { localWalletProvider } from './wallet-providers/local/local-wallet-provider.ts';
import { type PrivySettings, privyWalletProvider } from './wallet-providers/privy/privy-wallet-provider.ts';
import { tracedWalletProvider } from './wallet-providers/traced-wallet-provider.ts';
import type { WalletProvider } from './wallet-providers/wallet-provider.ts';

export interface ComposeOptions {
  config: Config;
  db: Database;
  secrets: Secrets;
  clock?: Clock;
  chains?: ChainRegistry;
  rateLimiter?: RateLimiter;
  logger?: Logger;
}

export interface Composition {
  services: Services;
  /** Connects what the services need: Redis, the invalidation listener, last-used flushing. */
  start(): Promise<void>;
  /** Starts the tracker and the idempotency sweep (server and worker; never the CLI). */
  startBackground(): Promise<void>;
  /** Stops background work and writes what is pending; the database stays open. */
  stop(): Promise<void>;
}

const LAST_USED_FLUSH_MS = 15_000;

/** Redis connection errors, logged at most every 10 s per process (it keeps reconnecting). */
function redisError(logger: Logger | undefined): (err: Error) => void {
  let last = 0;
  return (err) => {
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    logger?.warn({ err }, 'Redis connection error (reconnecting)');
  };
}

function privySettings(config: Config): PrivySettings {
  const {
    PRIVY_APP_ID: appId,
    PRIVY_APP_SECRET: appSecret,
    PRIVY_AUTHORIZATION_KEY: authorizationKey,
  } = config;
  if (!appId || !appSecret || !authorizationKey)
    throw new Error('WALLET_PROVIDER=privy needs PRIVY_APP_ID, PRIVY_APP_SECRET and PRIVY_AUTHORIZATION_KEY');
  return {
    appId,
    appSecret,
    authorizationKey,
    apiUrl: config.PRIVY_API_URL,
    timeoutMs: config.PRIVY_TIMEOUT_MS,
  };
}

/** The one composition root: builds every service from validated configuration. */
export function compose(options: ComposeOptions): Composition {
  const { config, db, secrets } = options;
  const clock = options.clock ?? systemClock;
  const redis = config.REDIS_URL
    ? {
        commands: connectRedis(config.REDIS_URL, { name: 'commands', onError: redisError(options.logger) }),
        subscriber: connectRedis(config.REDIS_URL, {
          name: 'bus',
          onError: redisError(options.logger),
          commandTimeoutMs: 5_000,
          subscriber: true,
        }),
      }
    : null;
  const busOptions = {
    heartbeatMs: config.BUS_HEARTBEAT_MS,
    ...(options.logger ? { logger: options.logger } : {}),
  };
  const bus = redis
    ? redisInvalidationBus(redis.commands, redis.subscriber, busOptions)
    : databaseInvalidationBus(db, busOptions);
  const chosenProvider: WalletProvider =
    config.WALLET_PROVIDER === 'privy'
      ? privyWalletProvider(privySettings(config), {
          // After Privy refused our signature: is the wallet still delegated (a fresh look)?
          stillDelegated: async (wallet) =>
            (await wallets.refresh(wallet.userId)).some((w) => w.id === wallet.id && w.automationEnabled),
        })
      : localWalletProvider({ encryption: keyEncryption(secrets.masterKey), db });
  // A span per provider call only when tracing is on: otherwise the provider itself, unwrapped.
  const provider = tracingOn() ? tracedWalletProvider(chosenProvider) : chosenProvider;
  const chains = options.chains ?? createChainRegistry(config.chainOverrides, {}, config.enabledChains);
  const chainClients = createChainClients({ timeoutMs: config.RPC_TIMEOUT_MS });
  const wallets = walletsService({
    db,
    clock,
    bus,
    provider,
    providerCacheMs: config.PRIVY_USER_CACHE_MS,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const lock = walletLockFor(db);
  const idempotency = idempotencyService({
    db,
    clock,
    retentionHours: config.IDEMPOTENCY_RETENTION_HOURS,
    leaseMs: config.IDEMPOTENCY_LEASE_MS,
  });
  const keySpend = keySpendService({ db, clock });
  const families = chainFamilies({
    chains,
    clients: chainClients,
    now: () => clock.now(),
    solanaPriorityFeeCapMicroLamports: BigInt(config.SOLANA_PRIORITY_FEE_CAP_MICROLAMPORTS),
    solanaMaxResigns: config.SOLANA_MAX_RESIGNS,
  });
  const limits = {
    readPerMinute: config.RATE_LIMIT_READ_PER_MINUTE,
    writePerMinute: config.RATE_LIMIT_WRITE_PER_MINUTE,
  };
  const chainHealth = chainHealthService({ chains, families, clock });
  // What every path that signs and sends needs (writes, approvals' deferred writes, payouts, control).
  const writeDeps = {
    db,
    clock,
    chains,
    families,
    provider,
    wallets,
    lock,
    ...(options.logger ? { logger: options.logger } : {}),
    onWalletWrite: balancesChanged(bus),
  };
  const payoutRunnerOf = payoutRunner(writeDeps);
  const webhookBox = webhookSecretBox(secrets.masterKey);
  const webhookRules = {
    production: config.WALLET_API_MODE === 'production',
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    allowHttp: config.WEBHOOK_ALLOW_HTTP,
    resolve: hostResolver(config.WEBHOOK_DNS_SERVERS),
  };
  // Built here, started with the background work (server and worker; never the CLI).
  const delivery = webhookDelivery({
    db,
    clock,
    chains,
    box: webhookBox,
    rules: webhookRules,
    settings: {
      schedule: config.WEBHOOK_RETRY_SCHEDULE,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      concurrency: config.WEBHOOK_CONCURRENCY,
      disableAfterMs: config.WEBHOOK_DISABLE_AFTER,
    },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  let deliveryStarted = false;
  const trading = tradingService({
    chains,
    allowUnknownRouterMethods: config.ONEINCH_ALLOW_UNKNOWN_ROUTER_METHODS,
    families,
    wallets,
    aggregatorFor: swapAggregators({
      oneInch: {
        url: config.ONEINCH_API_URL,
        version: config.ONEINCH_API_VERSION,
        apiKey: config.ONEINCH_API_KEY,
      },
      jupiter: {
        url: config.JUPITER_API_URL,
        apiKey: config.JUPITER_API_KEY,
        priorityFeeCapLamports: BigInt(config.JUPITER_PRIORITY_FEE_CAP_LAMPORTS),
      },
      timeoutMs: config.AGGREGATOR_TIMEOUT_MS,
    }),
  });
  // Writes recorded unsigned and executed later by exactly one instance (approvals; issue 30).
  const deferred = deferredWrites({
    ...writeDeps,
    builders: deferredBuilders({ families, trading }),
    leaseMs: config.IDEMPOTENCY_LEASE_MS,
  });
  const approvals = approvalsService({
    db,
    clock,
    chains,
    deferred,
    ttlMs: config.APPROVAL_TTL,
    urlOf: (id) => `${config.publicUrl}/dashboard/approvals/${id}`,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const services: Services = {
    clock,
    chains,
    families,
    users: usersService({ db, clock }),
    apiKeys: apiKeysService({
      db,
      secret: secrets.apiKeySecret,
      clock,
      bus,
      chains,
      throttle: addressThrottle(config.UNAUTHENTICATED_PER_MINUTE, redis?.commands),
    }),
    wallets,
    balances: balancesService({
      chains,
      wallets,
      families,
      cache: redis
        ? redisCache(redis.commands, (err) => options.logger?.debug({ err }, 'Redis cache unavailable'))
        : memoryCache({ clock }),
      bus,
      clock,
      timeoutMs: config.RPC_TIMEOUT_MS,
    }),
    idempotency,
    keySpend,
    transactions: transactionsService({
      ...writeDeps,
      idempotency,
      keySpend,
      approvals: { deferred, service: approvals },
      // A payout's last transaction final: it completes now, not at the runner's next look.
      onPayoutSettled: () => payoutRunnerOf.wake(),
    }),
    events: eventsService({ db, chains }),
    payouts: payoutsService({
      db,
      clock,
      families,
      wallets,
      idempotency,
      keySpend,
      wake: () => payoutRunnerOf.wake(),
      ...(options.logger ? { logger: options.logger } : {}),
    }),
    payoutRunner: payoutRunnerOf,
    trading,
    control: controlService({ ...writeDeps, idempotency }),
    simulation: simulationService({
      families,
      wallets,
      keySpend,
      // The trading use case's builder, as POST /trade/swap uses it (read when a swap is simulated).
      swapBuilder: (userId, body) => services.trading.swapBuilder(userId, body),
    }),
    approvals,
    chainHealth,
    readiness: readinessService({ db, chainHealth }),
    sessions: sessionService({ db, clock }),
    derivedKeys: derivedKeyStore({ db }),
    signInLimiter: signInLimiter(DEFAULT_SIGN_IN_LIMITS, redis?.commands),
    webhooks: webhooksService({
      db,
      clock,
      chains,
      box: webhookBox,
      rules: webhookRules,
      wake: () => {
        if (deliveryStarted) delivery.wake();
      },
    }),
    audit: auditService({ db, clock, retentionDays: config.AUDIT_RETENTION_DAYS ?? null }),
    rateLimiter:
      options.rateLimiter ??
      (redis
        ? redisRateLimiter(redis.commands, limits, options.logger)
        : memoryRateLimiter(limits, () => clock.nowMs())),
  };
  let timer: NodeJS.Timeout | null = null;
  let background: { stop(): Promise<void> } | null = null;
  return {
    services,
    /** Connects what the services need (Redis, the invalidation bus): enough for the CLI. */
    async start() {
      if (redis) {
        await redisReady(redis.commands);
        await redisReady(redis.subscriber);
      }
      await bus.start();
      timer = setInterval(() => {
        services.apiKeys.flushLastUsed().catch(() => {});
      }, LAST_USED_FLUSH_MS);
      timer.unref();
    },
    /**
     * Starts the background loops (the tracker, the idempotency sweep) when TRACKER is on: the
     * server and the worker do, the CLI never does. After `start`.
     */
    async startBackground() {
      // Requests of an earlier process that stopped mid-write: with the embedded database this
      // process is the only writer, so everything in progress is abandoned whatever its lease says;
      // with PostgreSQL other instances may still be working on theirs (their leases are alive).
      const cutoff =
        db.kind === 'pglite'
          ? clock.now().getTime() + 2 * config.IDEMPOTENCY_LEASE_MS
          : clock.now().getTime();
      if (config.TRACKER) {
        await services.transactions.reconcileIdempotency(new Date(cutoff));
        if (db.kind === 'pglite') await services.payoutRunner.takeOverLeases();
        // Approved writes this process claimed before it stopped: with the embedded database no
        // other instance holds them, whatever their lease says. Taken over by the first background
        // sweep, not here: executing them signs and broadcasts, which must not hold up the start.
        background = startBackgroundWork(services, config, clock, options.logger, {
          staleBefore: new Date(cutoff),
          restarted: db.kind === 'pglite',
        });
        // Webhook deliveries run where the tracker runs: the server in embedded mode, the workers
        // when scaled out (API instances with TRACKER=off send none).
        await delivery.start();
        deliveryStarted = true;
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      await background?.stop();
      await services.events.close();
      if (deliveryStarted) await delivery.stop();
      await lock.close();
      await services.apiKeys.flushLastUsed().catch(() => {});
      await bus.stop();
      await redis?.commands.quit().catch(() => redis.commands.disconnect());
    },
  };
}
