import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export type RatePolicy = 'read' | 'write';

export interface RateLimitDecision {
  allowed: boolean;
  policy: RatePolicy;
  limit: number;
  windowSeconds: number;
  remaining: number;
  /** Whole seconds until the window resets, at least 1. */
  resetSeconds: number;
}

/** Per-user fixed-window limits (DESIGN A6): in process, or shared through Redis (redis-rate-limiter.ts). */
export interface RateLimiter {
  consume(userId: string, policy: RatePolicy): Promise<RateLimitDecision>;
}

export interface RateLimits {
  readPerMinute: number;
  writePerMinute: number;
}

export const WINDOW_SECONDS = 60;

/**
 * Wraps rate-limiter-flexible limiters (one per policy). Their windows are fixed: the first use
 * opens a 60-second window and further uses do not extend it, which is the contract of A6.
 */
function decision(
  limiter: RateLimiterAbstract,
  policy: RatePolicy,
  res: RateLimiterRes,
  allowed: boolean,
): RateLimitDecision {
  return {
    allowed,
    policy,
    limit: limiter.points,
    windowSeconds: limiter.duration,
    remaining: Math.max(0, limiter.points - res.consumedPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

/**
 * Wraps rate-limiter-flexible limiters (one per policy). Their windows are fixed: the first use
 * opens a 60-second window and further uses do not extend it, which is the contract of A6.
 */
export function flexibleRateLimiter(limiters: Record<RatePolicy, RateLimiterAbstract>): RateLimiter {
  return {
    async consume(userId, policy) {
      const limiter = limiters[policy];
      try {
        return decision(limiter, policy, await limiter.consume(userId), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(limiter, policy, rejection, false);
        throw rejection;
      }
    },
  };
}

export function memoryRateLimiter(limits: RateLimits): RateLimiter {
  return flexibleRateLimiter({
    read: new RateLimiterMemory({
      keyPrefix: 'read',
      points: limits.readPerMinute,
      duration: WINDOW_SECONDS,
    }),
    write: new RateLimiterMemory({
      keyPrefix: 'write',
      points: limits.writePerMinute,
      duration: WINDOW_SECONDS,
    }),
  });
}
