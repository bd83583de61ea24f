import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

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
  /**
   * The same decision without a promise, for limiters that need no I/O (in process): the request
   * hook then finishes synchronously on its hot path. Absent on limiters that must ask a server.
   */
  consumeNow?(userId: string, policy: RatePolicy): RateLimitDecision;
}

export interface RateLimits {
  readPerMinute: number;
  writePerMinute: number;
}

export const WINDOW_SECONDS = 60;

/** A rate-limiter-flexible result as our decision. */
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

/**
 * In-process fixed windows, one counter per user and policy. Written here rather than taken from
 * rate-limiter-flexible's memory limiter (still used for the Redis-backed one) because its API is
 * promise-based and allocates a result object per call: on a cached read, the limiter was the
 * largest cost after authentication (bench:wallets profile). Windows are fixed as A6 says: the
 * first use opens a 60-second window, further uses do not extend it, and a refusal counts nothing.
 */
export function memoryRateLimiter(limits: RateLimits, now: () => number = Date.now): RateLimiter {
  const windowMs = WINDOW_SECONDS * 1000;
  const windows: Record<RatePolicy, Map<string, { count: number; resetAt: number }>> = {
    read: new Map(),
    write: new Map(),
  };
  const limitOf: Record<RatePolicy, number> = { read: limits.readPerMinute, write: limits.writePerMinute };
  let sweptAt = now();
  /** Drops ended windows once a window length has passed, so idle users do not accumulate. */
  const sweep = (at: number) => {
    if (at - sweptAt < windowMs) return;
    sweptAt = at;
    for (const map of Object.values(windows)) for (const [k, w] of map) if (w.resetAt <= at) map.delete(k);
  };
  const consumeNow = (userId: string, policy: RatePolicy): RateLimitDecision => {
    const at = now();
    sweep(at);
    const map = windows[policy];
    let w = map.get(userId);
    if (w === undefined || w.resetAt <= at) {
      w = { count: 0, resetAt: at + windowMs };
      map.set(userId, w);
    }
    const limit = limitOf[policy];
    const allowed = w.count < limit;
    if (allowed) w.count++;
    return {
      allowed,
      policy,
      limit,
      windowSeconds: WINDOW_SECONDS,
      remaining: limit - w.count,
      resetSeconds: Math.max(1, Math.ceil((w.resetAt - at) / 1000)),
    };
  };
  return {
    consumeNow,
    async consume(userId, policy) {
      return consumeNow(userId, policy);
    },
  };
}
