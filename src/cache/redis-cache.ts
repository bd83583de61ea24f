import type { Redis } from '../store/redis.ts';
import type { Cache } from './cache.ts';

const PREFIX = 'wallet-api:cache:';
const TAG_PREFIX = 'wallet-api:tag:';
/** A tag set lives a little longer than the longest entry set with it. */
const TAG_SLACK_MS = 60_000;

/**
 * The cache port on Redis, shared by every instance (README "Scaling out"): values are JSON with a
 * TTL (PX); a tag is a Redis set of the keys set with it, dropped with them on invalidation.
 *
 * A cache must never take the service down: while Redis cannot answer, reads miss (the caller
 * reads upstream) and writes are skipped. An invalidation that could not reach Redis leaves the
 * entries to expire by their TTL (balances: at most 45 s), which is why every entry has one.
 */
export function redisCache(redis: Redis, onError?: (err: unknown) => void): Cache {
  const fail = (err: unknown) => onError?.(err);
  return {
    async getMany<T>(keys: readonly string[]) {
      if (keys.length === 0) return [];
      try {
        const raw = await redis.mget(...keys.map((k) => PREFIX + k));
        return raw.map((v) => (v === null ? undefined : (JSON.parse(v) as T)));
      } catch (err) {
        fail(err);
        return keys.map(() => undefined);
      }
    },

    async setMany(entries, options = {}) {
      if (entries.length === 0) return;
      const ttlMs = Math.max(1, Math.round(options.ttlMs ?? 24 * 3600_000));
      const multi = redis.multi();
      for (const { key, value } of entries) multi.set(PREFIX + key, JSON.stringify(value), 'PX', ttlMs);
      for (const tag of options.tags ?? []) {
        multi.sadd(TAG_PREFIX + tag, ...entries.map((e) => e.key));
        multi.pexpire(TAG_PREFIX + tag, ttlMs + TAG_SLACK_MS);
      }
      try {
        await multi.exec();
      } catch (err) {
        fail(err);
      }
    },

    async invalidateTag(tag) {
      try {
        const keys = await redis.smembers(TAG_PREFIX + tag);
        const multi = redis.multi();
        if (keys.length > 0) multi.del(...keys.map((k) => PREFIX + k));
        multi.del(TAG_PREFIX + tag);
        await multi.exec();
      } catch (err) {
        fail(err);
      }
    },

    async getBytes(group, variant) {
      try {
        return (await redis.getBuffer(`${PREFIX}${group}|${variant.join('|')}`)) ?? undefined;
      } catch (err) {
        fail(err);
        return undefined;
      }
    },

    // Stored as the bytes themselves (not JSON), in the group's tag set so invalidateTag drops them.
    async setBytes(group, variant, bytes, options) {
      const ttlMs = Math.max(1, Math.round(options.ttlMs));
      const key = `${group}|${variant.join('|')}`;
      const multi = redis.multi();
      multi.set(PREFIX + key, bytes, 'PX', ttlMs);
      multi.sadd(TAG_PREFIX + group, key);
      multi.pexpire(TAG_PREFIX + group, ttlMs + TAG_SLACK_MS);
      try {
        await multi.exec();
      } catch (err) {
        fail(err);
      }
    },
  };
}
