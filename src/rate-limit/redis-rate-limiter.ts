import { RateLimiterRedis } from 'rate-limiter-flexible';
import { AppError } from '../errors/app-error.ts';
import type { Redis } from '../store/redis.ts';
import {
  flexibleRateLimiter,
  memoryRateLimiter,
  type RateLimiter,
  type RateLimits,
  WINDOW_SECONDS,
} from './rate-limiter.ts';

const WARN_EVERY_MS = 10_000;

/**
 * The limits of DESIGN A6 shared by every instance through Redis (rate-limiter-flexible's Redis
 * limiter: one atomic increment per request, the same fixed windows as in process).
 *
 * When Redis cannot answer, the rule is (README "Scaling out"):
 * - writes are refused with 503 SERVICE_UNAVAILABLE: moving money without the documented limit
 *   would let N instances allow N times the rate, and a write can wait;
 * - reads fall back to this instance's own limits (a warning is logged): reads move nothing, and
 *   refusing them would turn a cache outage into a full outage.
 */
export function redisRateLimiter(
  redis: Redis,
  limits: RateLimits,
  logger?: { warn(obj: object, msg: string): void },
): RateLimiter {
  const shared = flexibleRateLimiter({
    read: new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'wallet-api:rl:read',
      points: limits.readPerMinute,
      duration: WINDOW_SECONDS,
    }),
    write: new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'wallet-api:rl:write',
      points: limits.writePerMinute,
      duration: WINDOW_SECONDS,
    }),
  });
  const local = memoryRateLimiter(limits);
  let warnedAt = 0;
  return {
    async consume(userId, policy) {
      try {
        return await shared.consume(userId, policy);
      } catch (err) {
        const now = Date.now();
        if (now - warnedAt > WARN_EVERY_MS) {
          warnedAt = now;
          logger?.warn(
            { err },
            'Redis unreachable: writes are refused (503), reads use per-instance rate limits',
          );
        }
        if (policy === 'write')
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'Rate limits cannot be enforced right now (the shared limit store is unreachable); nothing was done, retry shortly',
            { cause: err, headers: { 'Retry-After': '5' } },
          );
        return local.consume(userId, policy);
      }
    },
  };
}
