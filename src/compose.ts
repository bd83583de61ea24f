import { apiKeysService } from './app/api-keys.ts';
import type { Services } from './app/services.ts';
import { usersService } from './app/users.ts';
import { walletsService } from './app/wallets.ts';
import { type ChainRegistry, createChainRegistry } from './chains/chain-registry.ts';
import type { Config } from './config/config.ts';
import type { Secrets } from './config/local-secrets.ts';
import { memoryRateLimiter, type RateLimiter } from './rate-limit/rate-limiter.ts';
import type { Database } from './store/database.ts';
import { databaseInvalidationBus } from './store/invalidation-bus.ts';
import { type Clock, systemClock } from './support/clock.ts';
import { keyEncryption } from './wallet-providers/local/key-encryption.ts';
import { localWalletProvider } from './wallet-providers/local/local-wallet-provider.ts';

export interface ComposeOptions {
  config: Config;
  db: Database;
  secrets: Secrets;
  clock?: Clock;
  chains?: ChainRegistry;
  rateLimiter?: RateLimiter;
}

export interface Composition {
  services: Services;
  /** Starts background work (invalidation listener, last-used flushing). */
  start(): Promise<void>;
  /** Stops background work and writes what is pending; the database stays open. */
  stop(): Promise<void>;
}

const LAST_USED_FLUSH_MS = 15_000;

/** The one composition root: builds every service from validated configuration. */
export function compose(options: ComposeOptions): Composition {
  const { config, db, secrets } = options;
  const clock = options.clock ?? systemClock;
  const bus = databaseInvalidationBus(db);
  const provider = localWalletProvider({ encryption: keyEncryption(secrets.masterKey) });
  const services: Services = {
    db,
    clock,
    chains: options.chains ?? createChainRegistry(config.chainOverrides),
    users: usersService({ db, clock }),
    apiKeys: apiKeysService({ db, secret: secrets.apiKeySecret, clock, bus }),
    wallets: walletsService({ db, clock, bus, provider }),
    rateLimiter:
      options.rateLimiter ??
      memoryRateLimiter({
        readPerMinute: config.RATE_LIMIT_READ_PER_MINUTE,
        writePerMinute: config.RATE_LIMIT_WRITE_PER_MINUTE,
      }),
  };
  let timer: NodeJS.Timeout | null = null;
  return {
    services,
    async start() {
      await bus.start();
      timer = setInterval(() => {
        services.apiKeys.flushLastUsed().catch(() => {});
      }, LAST_USED_FLUSH_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await services.apiKeys.flushLastUsed().catch(() => {});
      await bus.stop();
    },
  };
}
