import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson } from '../app/idempotency.ts';

/** How long an agent's identical write call is a replay of the first, from that first call. */
export const DERIVED_KEY_WINDOW_MS = 10 * 60_000;
/** At most this many keys in memory (`wallet-api mcp`); the oldest go first. */
const MAX_ENTRIES = 10_000;

/** The identity a derived key belongs to: a SHA-256 of the API key, never the key itself. */
export function keyIdentity(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

/**
 * Where derived keys are kept: the database in the service (shared by its instances, kept across
 * restarts), memory in `wallet-api mcp` (a client of the service, with no database of its own).
 */
export interface DerivedKeyStore {
  /**
   * The key of `slot` if it was first used after `expiredAt`; otherwise `fresh`, stored as first
   * used at `now`.
   */
  take(slot: string, fresh: string, now: Date, expiredAt: Date): Promise<string>;
  /** Forgets the key of `slot` if it is still `key`. */
  forget(slot: string, key: string): Promise<void>;
}

/** Keys in this process's memory, at most MAX_ENTRIES of them. */
export function memoryDerivedKeyStore(): DerivedKeyStore {
  const entries = new Map<string, { key: string; firstAt: number }>();
  const prune = (expiredAt: number) => {
    for (const [slot, entry] of entries) if (entry.firstAt <= expiredAt) entries.delete(slot);
    // Still full of live entries: drop the oldest (insertion order is first-call order).
    for (const slot of entries.keys()) {
      if (entries.size < MAX_ENTRIES) break;
      entries.delete(slot);
    }
  };
  return {
    async take(slot, fresh, now, expiredAt) {
      const entry = entries.get(slot);
      if (entry !== undefined && entry.firstAt > expiredAt.getTime()) return entry.key;
      if (entries.size >= MAX_ENTRIES) prune(expiredAt.getTime());
      entries.delete(slot);
      entries.set(slot, { key: fresh, firstAt: now.getTime() });
      return fresh;
    },
    async forget(slot, key) {
      if (entries.get(slot)?.key === key) entries.delete(slot);
    },
  };
}

/**
 * Idempotency keys for write tools called without one, so that an agent repeating an identical
 * call (a retry after a lost answer, a loop) gets the first call's answer instead of paying twice.
 *
 * The key is remembered per (API key identity, tool, canonical JSON of the arguments) for
 * DERIVED_KEY_WINDOW_MS from the FIRST call: the window slides from that call, not from a clock
 * bucket, so two calls a second apart never straddle a boundary. A call after the window, or with
 * other arguments, gets a new key (a new payment). A key whose write provably sent nothing (the
 * API's error says `sent: "no"`) is forgotten, so the same call after fixing the cause (funding
 * the wallet) is a new attempt rather than a replay of the refusal.
 */
export class DerivedKeys {
  readonly #store: DerivedKeyStore;
  readonly #now: () => number;
  readonly #windowMs: number;

  constructor(options: { store?: DerivedKeyStore; now?: () => number; windowMs?: number } = {}) {
    this.#store = options.store ?? memoryDerivedKeyStore();
    this.#now = options.now ?? Date.now;
    this.#windowMs = options.windowMs ?? DERIVED_KEY_WINDOW_MS;
  }

  /** The slot: a hash, so neither arguments (call data can be large) nor identities are kept. */
  #slot(identity: string, tool: string, args: unknown): string {
    return createHash('sha256')
      .update(`${identity}\n${tool}\n${canonicalJson(args)}`)
      .digest('base64url');
  }

  /** The key for this call: the one of an identical call within the window, or a new one. */
  keyFor(identity: string, tool: string, args: unknown): Promise<string> {
    const now = this.#now();
    return this.#store.take(
      this.#slot(identity, tool, args),
      randomUUID(),
      new Date(now),
      new Date(now - this.#windowMs),
    );
  }

  /** Forgets the key of this call if it is still `key` (the API proved that nothing was sent). */
  forget(identity: string, tool: string, args: unknown, key: string): Promise<void> {
    return this.#store.forget(this.#slot(identity, tool, args), key);
  }
}
