import { createHmac, hash as digest, randomInt, timingSafeEqual } from 'node:crypto';
import type { ChainRegistry } from '../chains/chain-registry.ts';
import type { ApiKeyId, UserId } from '../domain/ids.ts';
import { hasControlCharacter } from '../domain/input-values.ts';
import { AppError } from '../errors/app-error.ts';
import type { AddressThrottle } from '../rate-limit/address-throttle.ts';
import type { Database } from '../store/database.ts';
import type { InvalidationBus } from '../store/invalidation-bus.ts';
import { type ApiKeyRecord, apiKeysRepository } from '../store/repositories/api-keys-repository.ts';
import { usersRepository } from '../store/repositories/users-repository.ts';
import type { Clock } from '../support/clock.ts';
import { newId } from '../support/ids.ts';
import { type AuditContext, SERVICE_CONTEXT } from './audit/audit-entry.ts';
import { recordAudit } from './audit/audit-service.ts';
import { apiKeyEventData, appendApiKeyEvent } from './events/api-key-events.ts';
import {
  type KeyPolicy,
  type KeyPolicyInput,
  loadKeyPolicy,
  parseKeyPolicy,
  type StoredKeyPolicy,
  storeKeyPolicy,
} from './key-policies.ts';

export const API_KEY_PATTERN = /^wak_([A-Za-z0-9]{4})_[A-Za-z0-9]{32}$/;
export const MAX_ACTIVE_KEYS = 10;
/** The 401 of a request without a key: where a key goes (/api/v1 and /mcp take either). */
export const MISSING_API_KEY =
  'Missing API key: send it in the x-api-key header or as Authorization: Bearer <key>';
export const EXPIRING_SOON_MS = 7 * 24 * 3600 * 1000;

const DAY = 24 * 3600 * 1000;
export const KEY_EXPIRIES = {
  never: null,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
  '90d': 90 * DAY,
  '180d': 180 * DAY,
  '1y': 365 * DAY,
};
export type KeyExpiry = keyof typeof KEY_EXPIRIES;

export type KeyStatus = 'Active' | 'Expiring soon' | 'Expired' | 'Revoked';

export interface ApiKeyView {
  id: ApiKeyId;
  name: string;
  /** Masked form for display: wak_ABCD_… */
  maskedKey: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  status: KeyStatus;
  /** What the key may do (src/app/key-policies.ts), amounts as decimal strings. */
  policy: StoredKeyPolicy;
}

export interface Principal {
  readonly userId: UserId;
  readonly keyId: ApiKeyId;
  /** The key's name (audit entries name the key that acted). */
  readonly keyName: string;
  /** What this key may do: checked before anything is claimed or signed. */
  readonly policy: KeyPolicy;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** crypto.randomInt draws without modulo bias. */
function randomString(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

export function keyStatus(key: Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt'>, now: Date): KeyStatus {
  if (key.revokedAt) return 'Revoked';
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return 'Expired';
  if (key.expiresAt && key.expiresAt.getTime() - now.getTime() <= EXPIRING_SOON_MS) return 'Expiring soon';
  return 'Active';
}

interface CachedKey {
  keyId: ApiKeyId;
  userId: UserId;
  /** Epoch milliseconds, or null for a key that never expires. */
  expiresAt: number | null;
  revoked: boolean;
  /** Handed to every request of this key (never modified). */
  principal: Principal;
  /** When it was read from the database (the cache's second line: a TTL). */
  readAt: number;
}

const CACHE_LIMIT = 50_000;
/**
 * What the in-memory caches are keyed by: a SHA-256 of the key, never the key itself, so a heap
 * snapshot or core dump holds no usable key. A key has 190 random bits: its digest cannot be
 * reversed, and one digest costs well under a microsecond (the stored HMAC is computed on a miss).
 */
const cacheKeyOf = (key: string) => digest('sha256', key, 'base64');
/**
 * A cached key is re-read after this long even if no invalidation arrived: a revocation reaches
 * every instance within this bound even while the invalidation bus is down (README "Scaling out").
 */
export const KEY_CACHE_TTL_MS = 10_000;

/**
 * API keys: creation (shown once), listing with status labels, revocation, and authentication of
 * every request. Authentication is served from memory after the first lookup of a key; revocations
 * reach every instance through the invalidation bus, and last-used times are written in batches.
 */
export function apiKeysService(deps: {
  db: Database;
  secret: Buffer;
  clock: Clock;
  bus: InvalidationBus;
  /** The configured chains: a key's chains and limits must name them. */
  chains: ChainRegistry;
  /** Throttles addresses that keep sending unknown keys (each costs a database read). */
  throttle?: AddressThrottle;
}) {
  const { db, secret, clock, bus } = deps;
  const repo = apiKeysRepository(db);
  const hash = (key: string) => createHmac('sha256', secret).update(key).digest();

  const byKey = new Map<string, CachedKey>();
  // Keys nobody has: a random key cannot later become valid, since new keys are fresh random values.
  const unknown = new Set<string>();
  let epoch = 0;
  const lastUsed = new Map<string, number>();

  const forget = () => {
    byKey.clear();
    epoch++;
  };
  bus.subscribe((event) => {
    if (event.kind !== 'api-key') return;
    epoch++;
    for (const [h, k] of byKey) if (k.keyId === event.id) byKey.delete(h);
  }, forget);

  const toView = (k: ApiKeyRecord, now: Date): ApiKeyView => ({
    id: k.id,
    name: k.name,
    maskedKey: `wak_${k.prefix}_…`,
    createdAt: k.createdAt.toISOString(),
    expiresAt: k.expiresAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    lastUsedAt: (lastUsed.has(k.id) ? new Date(lastUsed.get(k.id)!) : k.lastUsedAt)?.toISOString() ?? null,
    status: keyStatus(k, now),
    policy: storeKeyPolicy(loadKeyPolicy(k.policy)),
  });

  /** A key found (cached or just read): its principal, or 401 when revoked or expired. */
  const accept = (key: CachedKey, now: number): Principal => {
    if (key.revoked) throw new AppError('UNAUTHORIZED', 'Invalid API key');
    if (key.expiresAt !== null && key.expiresAt <= now) throw new AppError('UNAUTHORIZED', 'Expired API key');
    lastUsed.set(key.keyId, now);
    return key.principal;
  };

  /**
   * The cached answer for a key, without I/O: its principal, a 401 thrown for a key known to be
   * revoked, expired, malformed or unknown, or `undefined` when the database must be asked
   * (`authenticate`). Most requests end here, synchronously (the request hook's hot path).
   */
  const authenticateCached = (header: string | undefined): Principal | undefined => {
    if (header === undefined || header === '') throw new AppError('UNAUTHORIZED', MISSING_API_KEY);
    const entry = cacheKeyOf(header);
    const cached = byKey.get(entry);
    if (cached === undefined) {
      if (unknown.has(entry)) throw new AppError('UNAUTHORIZED', 'Invalid API key');
      return undefined;
    }
    const now = clock.nowMs();
    if (now - cached.readAt > KEY_CACHE_TTL_MS) {
      byKey.delete(entry);
      return undefined;
    }
    return accept(cached, now);
  };

  return {
    async create(
      userId: UserId,
      input: { name: string; expires?: KeyExpiry; policy?: KeyPolicyInput },
      context: AuditContext = SERVICE_CONTEXT,
    ): Promise<{ key: string; apiKey: ApiKeyView }> {
      const name = input.name.trim();
      if (name.length < 1 || name.length > 100)
        throw new AppError('INVALID_INPUT', 'name: must be 1 to 100 characters');
      if (hasControlCharacter(name))
        throw new AppError('INVALID_INPUT', 'name: must not contain control characters');
      const expires = input.expires ?? 'never';
      // Own keys only: "toString" is `in` every object.
      if (typeof expires !== 'string' || !Object.hasOwn(KEY_EXPIRIES, expires))
        throw new AppError(
          'INVALID_INPUT',
          `expires: must be one of ${Object.keys(KEY_EXPIRIES).join(', ')}`,
        );
      const policy = parseKeyPolicy(deps.chains, input.policy);
      const now = clock.now();
      const ttl = KEY_EXPIRIES[expires];
      const prefix = randomString(4);
      const key = `wak_${prefix}_${randomString(32)}`;
      const record: ApiKeyRecord = {
        id: newId('key'),
        userId,
        name,
        prefix,
        keyHash: hash(key),
        createdAt: now,
        expiresAt: ttl === null ? null : new Date(now.getTime() + ttl),
        revokedAt: null,
        lastUsedAt: null,
        policy: storeKeyPolicy(policy),
      };
      await db.transaction(async (tx) => {
        // The user row lock makes the 10-active check hold under concurrent creations.
        if (!(await usersRepository(tx).lock(userId))) throw new AppError('NOT_FOUND', 'user not found');
        const keys = apiKeysRepository(tx);
        if ((await keys.countActive(userId, now)) >= MAX_ACTIVE_KEYS)
          throw new AppError(
            'FORBIDDEN',
            `This user already has ${MAX_ACTIVE_KEYS} active API keys, the maximum. Revoke one before creating another.`,
          );
        await keys.insert(record);
        // In the same transaction: a creation that fails emits nothing, one that commits is never missed.
        await appendApiKeyEvent(tx, userId, 'api_key.created', apiKeyEventData(toView(record, now)), now);
        // The policy, never the key or its hash.
        await recordAudit(
          tx,
          context,
          {
            action: 'key.created',
            userId,
            target: { type: 'api_key', id: record.id },
            details: { name, expiresAt: record.expiresAt?.toISOString() ?? null, policy: record.policy },
          },
          now,
        );
      });
      return { key, apiKey: toView(record, now) };
    },

    /** One key of the user, as listed (404 when it is not theirs). */
    async get(keyId: ApiKeyId, userId: UserId): Promise<ApiKeyView> {
      const key = await repo.findById(keyId);
      if (!key || key.userId !== userId) throw new AppError('NOT_FOUND', `API key ${keyId} not found`);
      return toView(key, clock.now());
    },

    async list(userId: UserId): Promise<ApiKeyView[]> {
      const now = clock.now();
      return (await repo.listByUser(userId)).map((k) => toView(k, now));
    },

    /** Revokes a key of the user (any user when userId is null: operator). Permanent, immediate. */
    async revoke(
      keyId: ApiKeyId,
      userId: UserId | null,
      context: AuditContext = SERVICE_CONTEXT,
    ): Promise<ApiKeyView> {
      const existing = await repo.findById(keyId);
      if (!existing || (userId !== null && existing.userId !== userId))
        throw new AppError('NOT_FOUND', `API key ${keyId} not found`);
      const at = clock.now();
      // The revocation, its api_key.revoked event and its audit entry commit together; revoking a
      // revoked key changes nothing, emits nothing and records nothing.
      const revoked = await db.transaction(async (tx) => {
        const keys = apiKeysRepository(tx);
        const changed = await keys.revokeIfActive(keyId, at);
        const now = await keys.findById(keyId);
        if (changed && now) {
          await appendApiKeyEvent(tx, now.userId, 'api_key.revoked', apiKeyEventData(toView(now, at)), at);
          // Last: the entry holds the audit chain's head until the commit.
          await recordAudit(
            tx,
            context,
            {
              action: 'key.revoked',
              userId: existing.userId,
              target: { type: 'api_key', id: keyId },
              details: { name: existing.name },
            },
            at,
          );
        }
        return now;
      });
      // Committed: the answer is success even with Redis down; the bus never rejects, it keeps the
      // message and re-sends it until it goes out (other instances also reset when they reconnect).
      await bus.publish({ kind: 'api-key', id: keyId });
      return toView(revoked ?? existing, clock.now());
    },

    authenticateCached,

    /** Resolves the API key (x-api-key, or Authorization: Bearer) to its user, or throws 401. Records nothing on failure. */
    async authenticate(header: string | undefined, address = ''): Promise<Principal> {
      const hit = authenticateCached(header);
      if (hit !== undefined) return hit;
      const match = API_KEY_PATTERN.exec(header as string);
      if (!match) throw new AppError('UNAUTHORIZED', 'Invalid API key');
      const wait = (await deps.throttle?.retryAfter(address)) ?? 0;
      if (wait > 0)
        throw new AppError(
          'RATE_LIMITED',
          `Too many requests with unknown API keys from your address; retry in ${wait} s`,
          { headers: { 'Retry-After': String(wait) } },
        );
      const key = header as string;
      const h = hash(key);
      const before = epoch;
      const candidates = await repo.findByPrefix(match[1]!);
      const found = candidates.find((c) => c.keyHash.length === h.length && timingSafeEqual(c.keyHash, h));
      if (!found) {
        await deps.throttle?.failed(address);
        if (unknown.size >= CACHE_LIMIT) unknown.clear();
        unknown.add(cacheKeyOf(key));
        throw new AppError('UNAUTHORIZED', 'Invalid API key');
      }
      const now = clock.now().getTime();
      const cached: CachedKey = {
        keyId: found.id,
        userId: found.userId,
        expiresAt: found.expiresAt?.getTime() ?? null,
        revoked: found.revokedAt !== null,
        readAt: now,
        principal: Object.freeze({
          userId: found.userId,
          keyId: found.id,
          keyName: found.name,
          policy: loadKeyPolicy(found.policy),
        }),
      };
      // Cache only if no invalidation arrived while we were reading: it may concern this key.
      if (before === epoch) {
        if (byKey.size >= CACHE_LIMIT) byKey.clear();
        byKey.set(cacheKeyOf(key), cached);
      }
      return accept(cached, now);
    },

    /** Writes the last-used times gathered since the previous flush (one statement). */
    async flushLastUsed(): Promise<void> {
      if (lastUsed.size === 0) return;
      const entries = [...lastUsed].map(([id, at]) => ({ id, at: new Date(at) }));
      lastUsed.clear();
      try {
        await repo.recordLastUsed(entries);
      } catch (err) {
        // Keep them for the next flush unless a newer use replaced them meanwhile.
        for (const e of entries) if (!lastUsed.has(e.id)) lastUsed.set(e.id, e.at.getTime());
        throw err;
      }
    },
  };
}

export type ApiKeysService = ReturnType<typeof apiKeysService>;
