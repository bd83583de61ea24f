import type { ApiKeyId, UserId } from '../../domain/ids.ts';
import type { Queryable } from '../database.ts';
import { toBuffer, toDateOrNull } from './rows.ts';

/** What a key may do, as stored (jsonb; src/app/key-policies.ts reads it): amounts as decimal strings. */
export interface StoredKeyPolicy {
  scopes: string[];
  chains: string[] | null;
  limits: { chain: string; asset: string; perTransaction: string | null; perDay: string | null }[];
  recipients: string[] | null;
  contracts: string[] | null;
}

export interface ApiKeyRecord {
  id: ApiKeyId;
  userId: UserId;
  name: string;
  prefix: string;
  keyHash: Buffer;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  /** As stored: `{}` for a key from before policies (unrestricted). */
  policy: Partial<StoredKeyPolicy>;
}

interface ApiKeyRow {
  id: ApiKeyId;
  user_id: UserId;
  name: string;
  prefix: string;
  key_hash: Uint8Array;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  policy: Partial<StoredKeyPolicy> | string;
}

const toKey = (r: ApiKeyRow): ApiKeyRecord => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  prefix: r.prefix,
  keyHash: toBuffer(r.key_hash),
  createdAt: r.created_at,
  expiresAt: toDateOrNull(r.expires_at),
  revokedAt: toDateOrNull(r.revoked_at),
  lastUsedAt: toDateOrNull(r.last_used_at),
  policy: typeof r.policy === 'string' ? JSON.parse(r.policy) : r.policy,
});

export function apiKeysRepository(db: Queryable) {
  return {
    async insert(key: ApiKeyRecord): Promise<void> {
      await db.query(
        `insert into api_keys (id, user_id, name, prefix, key_hash, created_at, expires_at, policy)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
        [
          key.id,
          key.userId,
          key.name,
          key.prefix,
          key.keyHash,
          key.createdAt,
          key.expiresAt,
          JSON.stringify(key.policy),
        ],
      );
    },
    async countActive(userId: UserId, now: Date): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `select count(*)::int as n from api_keys
         where user_id = $1 and revoked_at is null and (expires_at is null or expires_at > $2)`,
        [userId, now],
      );
      return rows[0]?.n ?? 0;
    },
    async findByPrefix(prefix: string): Promise<ApiKeyRecord[]> {
      return (await db.query<ApiKeyRow>('select * from api_keys where prefix = $1', [prefix])).map(toKey);
    },
    async findById(id: ApiKeyId): Promise<ApiKeyRecord | null> {
      const rows = await db.query<ApiKeyRow>('select * from api_keys where id = $1', [id]);
      return rows[0] ? toKey(rows[0]) : null;
    },
    async listByUser(userId: UserId): Promise<ApiKeyRecord[]> {
      return (
        await db.query<ApiKeyRow>(
          'select * from api_keys where user_id = $1 order by created_at desc, id desc',
          [userId],
        )
      ).map(toKey);
    },
    /** Sets revoked_at unless it is set: whether this call revoked the key (its api_key.revoked event). */
    async revokeIfActive(id: ApiKeyId, at: Date): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        'update api_keys set revoked_at = $2 where id = $1 and revoked_at is null returning id',
        [id, at],
      );
      return rows.length > 0;
    },
    /** Writes many last-used times in one statement, never moving one backwards. */
    async recordLastUsed(entries: { id: string; at: Date }[]): Promise<void> {
      if (entries.length === 0) return;
      await db.query(
        `update api_keys k set last_used_at = greatest(coalesce(k.last_used_at, u.at), u.at)
         from (select unnest($1::text[]) as id, unnest($2::timestamptz[]) as at) u
         where k.id = u.id`,
        [entries.map((e) => e.id), entries.map((e) => e.at.toISOString())],
      );
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;
