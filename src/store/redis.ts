import type { Redis } from 'ioredis';
import { lazyModule } from '../support/lazy-module.ts';

/** ioredis, loaded when REDIS_URL is first used (the embedded default needs no Redis). */
const ioredis = lazyModule<typeof import('ioredis')>('ioredis');

export type { Redis };

/**
 * A Redis connection for the shared limits, caches and the invalidation bus. Commands fail fast
 * while Redis is unreachable (no offline queue, a command timeout) so a request never waits on it;
 * the connection keeps reconnecting in the background.
 */
export function connectRedis(
  url: string,
  options: {
    name: string;
    onError?: (err: Error) => void;
    commandTimeoutMs?: number;
    /**
     * A connection for SUBSCRIBE only. ioredis's own re-subscription after a reconnect sends
     * SUBSCRIBE without handling its failure (redis/ioredis pull request 2187, in no release yet):
     * a connection that drops again at that moment becomes an unhandled rejection, which ends a
     * Node process. The subscriber re-subscribes itself instead (redisInvalidationBus).
     */
    subscriber?: boolean;
  },
): Redis {
  const redis = new (ioredis().Redis)(url, {
    connectionName: `wallet-api:${options.name}`,
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: options.commandTimeoutMs ?? 1_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    autoResubscribe: !options.subscriber,
  });
  // Without a listener, ioredis prints every connection error; they are reported once here.
  redis.on('error', (err) => options.onError?.(err));
  return redis;
}

/** Waits until the connection is ready (start-up), or fails after `timeoutMs`. */
export async function redisReady(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis is not reachable (REDIS_URL) after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
}
