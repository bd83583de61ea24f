import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson } from '../app/idempotency.ts';

/** How long an agent's identical write call is a replay of the first, from that first call. */
export const DERIVED_KEY_WINDOW_MS = 10 * 60_000;
const MAX_ENTRIES = 10_000;

/** The identity a derived key belongs to: a SHA-256 of the API key, never the key itself. */
export function keyIdentity(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

interface Entry {
  key: string;
  firstAt: number;
}

/**
 * Idempotency keys for write tools called without one, so that an agent repeating an identical
 * call (a retry after a lost answer, a loop) gets the first call's answer instead of paying twice.
 *
 * The key is remembered per (API key identity, tool, canonical JSON of the arguments) for
 * DERIVED_KEY_WINDOW_MS from the FIRST call: the window slides from that call, not from a clock
 * bucket, so two calls a second apart never straddle a boundary. A call after the window, or with
 * other arguments, gets a new key (a new payment). A key whose write definitely did nothing (the
 * API refused it) is forgotten, so the same call after fixing the cause (funding the wallet) is a
 * new attempt rather than a replay of the refusal. Memory only: per process.
 */
export class DerivedKeys {
  readonly #entries = new Map<string, Entry>();
  readonly #now: () => number;
  readonly #windowMs: number;

  constructor(options: { now?: () => number; windowMs?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#windowMs = options.windowMs ?? DERIVED_KEY_WINDOW_MS;
  }

  /** The map key: a hash, so neither arguments (call data can be large) nor identities are kept. */
  #slot(identity: string, tool: string, args: unknown): string {
    return createHash('sha256')
      .update(`${identity}\n${tool}\n${canonicalJson(args)}`)
      .digest('base64url');
  }

  /** The key for this call: the one of an identical call within the window, or a new one. */
  keyFor(identity: string, tool: string, args: unknown): string {
    const slot = this.#slot(identity, tool, args);
    const now = this.#now();
    const entry = this.#entries.get(slot);
    if (entry !== undefined && now - entry.firstAt < this.#windowMs) return entry.key;
    if (this.#entries.size >= MAX_ENTRIES) this.#prune(now);
    const fresh = { key: randomUUID(), firstAt: now };
    this.#entries.delete(slot);
    this.#entries.set(slot, fresh);
    return fresh.key;
  }

  /** Forgets the key of this call if it is still `key` (the API refused it: nothing was sent). */
  forget(identity: string, tool: string, args: unknown, key: string): void {
    const slot = this.#slot(identity, tool, args);
    if (this.#entries.get(slot)?.key === key) this.#entries.delete(slot);
  }

  #prune(now: number): void {
    for (const [slot, entry] of this.#entries)
      if (now - entry.firstAt >= this.#windowMs) this.#entries.delete(slot);
    // Still full of live entries: drop the oldest (insertion order is first-call order).
    for (const slot of this.#entries.keys()) {
      if (this.#entries.size < MAX_ENTRIES) break;
      this.#entries.delete(slot);
    }
  }
}
