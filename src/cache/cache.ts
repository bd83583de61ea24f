import type { Clock } from '../support/clock.ts';

export interface CacheSetOptions {
  /** Time to live; absent means until evicted or invalidated. */
  ttlMs?: number;
  /** Groups the entry can be dropped by at once (for example every balance of one wallet). */
  tags?: readonly string[];
}

/**
 * A shared key-value cache. In process now; Redis fills the same port later, which is why every
 * call is asynchronous and values must survive JSON (no bigint, no Date, no Map).
 */
export interface Cache {
  /** The live values of these keys, in order; undefined where missing or expired. */
  getMany<T>(keys: readonly string[]): Promise<(T | undefined)[]>;
  setMany(entries: readonly { key: string; value: unknown }[], options?: CacheSetOptions): Promise<void>;
  /** Drops every entry set with this tag. */
  invalidateTag(tag: string): Promise<void>;
}

interface Entry {
  value: unknown;
  expiresAt: number;
  tags: readonly string[] | undefined;
}

/**
 * The in-process cache: a Map in least-recently-used order, bounded so a burst of distinct keys
 * cannot grow the process without limit, with expiry read from the injectable clock so tests move
 * time instead of waiting.
 */
export function memoryCache(options: { clock: Clock; maxEntries?: number }): Cache {
  const { clock } = options;
  const maxEntries = options.maxEntries ?? 100_000;
  const entries = new Map<string, Entry>();
  const byTag = new Map<string, Set<string>>();

  const unlink = (key: string, entry: Entry) => {
    for (const tag of entry.tags ?? []) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  };
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    unlink(key, entry);
  };

  return {
    async getMany<T>(keys: readonly string[]) {
      const now = clock.nowMs();
      return keys.map((key) => {
        const entry = entries.get(key);
        if (!entry) return undefined;
        if (entry.expiresAt <= now) {
          remove(key);
          return undefined;
        }
        // Re-insert so the Map's order stays least recently used first.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value as T;
      });
    },

    async setMany(list, setOptions = {}) {
      const expiresAt =
        setOptions.ttlMs === undefined ? Number.POSITIVE_INFINITY : clock.nowMs() + setOptions.ttlMs;
      const tags = setOptions.tags && setOptions.tags.length > 0 ? setOptions.tags : undefined;
      for (const { key, value } of list) {
        remove(key);
        entries.set(key, { value, expiresAt, tags });
        for (const tag of tags ?? []) {
          const keys = byTag.get(tag) ?? new Set<string>();
          byTag.set(tag, keys);
          keys.add(key);
        }
      }
      for (const key of entries.keys()) {
        if (entries.size <= maxEntries) break;
        remove(key);
      }
    },

    async invalidateTag(tag) {
      for (const key of [...(byTag.get(tag) ?? [])]) remove(key);
    },
  };
}
