import { createHash } from 'node:crypto';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Redis } from '../store/redis.ts';

export interface SignInLimits {
  /** Attempts per client address (every attempt counts: each one costs a scrypt verification). */
  perAddress: number;
  /** Attempts per account (email) since its last successful sign-in. */
  perAccount: number;
  windowSeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAddress: 30,
  perAccount: 10,
  windowSeconds: 15 * 60,
};

export type SignInDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * One limit, in this process or shared through Redis (REDIS_URL: every instance counts the same
 * attempts, or N instances would allow N times the guesses). While Redis cannot answer, this
 * instance's own count stands in (rate-limiter-flexible's insurance limiter): sign-in stays limited.
 */
function limiter(prefix: string, points: number, duration: number, redis?: Redis): RateLimiterAbstract {
  const local = new RateLimiterMemory({ keyPrefix: prefix, points, duration });
  if (!redis) return local;
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `wallet-api:${prefix}`,
    points,
    duration,
    insuranceLimiter: local,
  });
}

/**
 * Sign-in attempt limits per client address and per account, taken before the password is
 * verified, so a blocked caller costs no hashing. The account key is the normalized email whether
 * or not such a user exists: the answer never tells which emails have accounts. It is hashed, so
 * Redis holds no email addresses.
 */
export function signInLimiter(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS, redis?: Redis) {
  const byAddress = limiter('sign-in-address', limits.perAddress, limits.windowSeconds, redis);
  const byAccount = limiter('sign-in-account', limits.perAccount, limits.windowSeconds, redis);
  const accountKey = (email: string) =>
    createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  const take = async (limiter: RateLimiterAbstract, key: string): Promise<SignInDecision> => {
    try {
      await limiter.consume(key);
      return { allowed: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes)
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      throw rejection;
    }
  };
  return {
    /** Counts one attempt against both limits (consume is atomic, so concurrent attempts add up). */
    async attempt(address: string, email: string): Promise<SignInDecision> {
      const first = await take(byAddress, address);
      if (!first.allowed) return first;
      return take(byAccount, accountKey(email));
    },
    /** A correct password clears the account's count: only consecutive failures lock it. */
    async succeeded(email: string): Promise<void> {
      await byAccount.delete(accountKey(email));
    },
  };
}

export type SignInLimiter = ReturnType<typeof signInLimiter>;
