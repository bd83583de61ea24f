import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Redis } from '../store/redis.ts';
import { WINDOW_SECONDS } from './rate-limiter.ts';

/**
 * Requests whose API key is not one we know, counted per client address (TRUST_PROXY decides
 * where the address comes from). Past the limit, an address gets 429 before its next unknown key
 * costs a database read; known keys are served from memory and never pay for this check.
 */
export interface AddressThrottle {
  /** Seconds until the address may try again, or 0 when it may now. */
  retryAfter(address: string): Promise<number>;
  /** Counts one request with an unknown key from the address. */
  failed(address: string): Promise<void>;
}

export function addressThrottle(perMinute: number, redis?: Redis): AddressThrottle {
  const options = { keyPrefix: 'wallet-api:rl:unknown-key', points: perMinute, duration: WINDOW_SECONDS };
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ ...options, storeClient: redis })
    : new RateLimiterMemory(options);
  return {
    async retryAfter(address) {
      // A throttle that cannot be read lets the request through: authentication still holds.
      const res = await limiter.get(address).catch(() => null);
      return res && res.consumedPoints >= perMinute ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
    },
    async failed(address) {
      await limiter.consume(address).catch((_rejected: RateLimiterRes | Error) => {});
    },
  };
}
