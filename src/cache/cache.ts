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
  /** Drops every entry set with this tag, encoded entries of that group included. */
  invalidateTag(tag: string): Promise<void>;
  /**
   * Encoded entries (ready-to-send bytes, for example a JSON response body) under a key of a
   * `group`, which is also the tag that drops them, and a `variant` in parts, which may be long (a
   * request's token list, 2 KB). In process a variant is compared part by part, never hashed nor
   * joined: V8 hashes a fresh 2 KB string in about 3 µs, a tenth of a whole cached request, and a
   * joined string is copied before it is compared, while comparing two strings of different
   * lengths is free and of equal ones a memory compare. Undefined when missing or expired.
   */
  getBytes(group: string, variant: readonly string[]): Promise<Buffer | undefined>;
  setBytes(
    group: string,
    variant: readonly string[],
    bytes: Buffer,
    options: { ttlMs: number },
  ): Promise<void>;
}

const sameParts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((part, i) => part === b[i]);

interface BytesEntry {
  variant: readonly string[];
  bytes: Buffer;
  expiresAt: number;
}
/** A group holds at most this many variants (a wallet read with that many token lists), oldest out first. */
const MAX_VARIANTS = 64;

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
export function memoryCache(options: { clock: Clock; maxEntries?: number; maxBytes?: number }): Cache {
  const { clock } = options;
  const maxEntries = options.maxEntries ?? 100_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  // Encoded entries by group, groups in the order last written (the first is dropped when full).
  const bytesGroups = new Map<string, BytesEntry[]>();
  let bytesHeld = 0;
  const dropGroup = (group: string) => {
    for (const e of bytesGroups.get(group) ?? []) bytesHeld -= e.bytes.length;
    bytesGroups.delete(group);
  };
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
      dropGroup(tag);
    },

    async getBytes(group, variant) {
      const list = bytesGroups.get(group);
      if (list === undefined) return undefined;
      for (const [i, entry] of list.entries()) {
        if (!sameParts(entry.variant, variant)) continue;
        if (entry.expiresAt > clock.nowMs()) return entry.bytes;
        list.splice(i, 1);
        bytesHeld -= entry.bytes.length;
        if (list.length === 0) bytesGroups.delete(group);
        return undefined;
      }
      return undefined;
    },

    async setBytes(group, variant, bytes, setOptions) {
      const list = (bytesGroups.get(group) ?? []).filter((e) => {
        const keep = !sameParts(e.variant, variant);
        if (!keep) bytesHeld -= e.bytes.length;
        return keep;
      });
      list.push({ variant, bytes, expiresAt: clock.nowMs() + setOptions.ttlMs });
      bytesHeld += bytes.length;
      if (list.length > MAX_VARIANTS) bytesHeld -= list.shift()?.bytes.length ?? 0;
      bytesGroups.delete(group);
      bytesGroups.set(group, list);
      for (const oldest of bytesGroups.keys()) {
        if (bytesHeld <= maxBytes || oldest === group) break;
        dropGroup(oldest);
      }
    },
  };
}
