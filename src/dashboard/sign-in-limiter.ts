import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

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
 * Sign-in attempt limits per client address and per account, taken before the password is
 * verified, so a blocked caller costs no hashing. The account key is the normalized email whether
 * or not such a user exists: the answer never tells which emails have accounts.
 */
export function signInLimiter(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS) {
  const byAddress = new RateLimiterMemory({
    keyPrefix: 'sign-in-address',
    points: limits.perAddress,
    duration: limits.windowSeconds,
  });
  const byAccount = new RateLimiterMemory({
    keyPrefix: 'sign-in-account',
    points: limits.perAccount,
    duration: limits.windowSeconds,
  });
  const accountKey = (email: string) => email.trim().toLowerCase();
  const take = async (limiter: RateLimiterMemory, key: string): Promise<SignInDecision> => {
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
