import { setTimeout as delay } from 'node:timers/promises';
import type { WalletApiError } from './errors.ts';

export interface RetryOptions {
  /** Attempts per call, the first included (default 5). */
  maxAttempts?: number;
  /** Time budget of a call, waits included (default 60 000 ms): a wait that would end past it is not started. */
  maxElapsedMs?: number;
  /** First backoff after a network error or 5xx without Retry-After (default 500 ms), doubled each time. */
  baseDelayMs?: number;
  /** Largest backoff (default 10 000 ms). */
  maxDelayMs?: number;
}

export type ResolvedRetry = Required<RetryOptions>;

export function resolveRetry(options: RetryOptions = {}): ResolvedRetry {
  return {
    maxAttempts: Math.max(1, options.maxAttempts ?? 5),
    maxElapsedMs: options.maxElapsedMs ?? 60_000,
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 10_000,
  };
}

/** Waits `ms`; rejects with the signal's reason when it fires. Injectable for tests (`sleep` option). */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) => delay(ms, undefined, signal ? { signal } : {});

/**
 * Elapsed time of a call as the client counts it: real time, except that time spent in `sleep` counts
 * as the time asked for (so an injected sleep that returns at once still spends the budget).
 */
export class Stopwatch {
  readonly #start = performance.now();
  #sleptReal = 0;
  #asked = 0;
  constructor(private readonly sleepFn: Sleep) {}

  elapsedMs(): number {
    return performance.now() - this.#start - this.#sleptReal + this.#asked;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    const before = performance.now();
    this.#asked += ms;
    try {
      await this.sleepFn(ms, signal);
    } finally {
      this.#sleptReal += performance.now() - before;
    }
  }
}

/**
 * How long to wait before retrying after `err` (attempt `attempt` just failed), or null when the
 * error must not be retried:
 * - 429 RATE_LIMITED: its Retry-After;
 * - 409 IDEMPOTENT_REPLAY with Retry-After (the key's request is still running): its Retry-After;
 * - no response (NETWORK_ERROR, TIMEOUT) or 5xx: Retry-After when given, else exponential backoff with
 *   jitter (base x 2^(attempt-1), capped, then a random point in its upper half);
 * - anything else (other 4xx, ABORTED): null.
 */
export function retryDelayMs(
  err: WalletApiError,
  attempt: number,
  policy: ResolvedRetry,
  random: () => number = Math.random,
): number | null {
  const after = err.retryAfterSeconds !== undefined ? err.retryAfterSeconds * 1000 : undefined;
  if (err.status === 429) return after ?? 1000;
  if (err.status === 409) return err.code === 'IDEMPOTENT_REPLAY' && after !== undefined ? after : null;
  const transient = err.code === 'NETWORK_ERROR' || err.code === 'TIMEOUT' || err.status >= 500;
  if (!transient) return null;
  if (after !== undefined) return after;
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
