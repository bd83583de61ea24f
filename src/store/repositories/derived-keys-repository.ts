import type { Queryable } from '../database.ts';

/** The MCP tools' derived Idempotency-Keys (migration 0007), shared by every instance. */
export function derivedKeysRepository(db: Queryable) {
  return {
    /**
     * The key of `slot` if it was first used after `expiredAt`; otherwise `fresh`, stored as first
     * used at `now`. Atomic across instances: of concurrent first calls, all get one key.
     */
    async take(slot: string, fresh: string, now: Date, expiredAt: Date): Promise<string> {
      const rows = await db.query<{ key: string }>(
        `with taken as (
           insert into mcp_derived_keys (slot, idempotency_key, first_at) values ($1, $2, $3)
           on conflict (slot) do update set idempotency_key = excluded.idempotency_key, first_at = excluded.first_at
             where mcp_derived_keys.first_at <= $4
           returning idempotency_key as key)
         select key from taken
         union all
         select idempotency_key as key from mcp_derived_keys where slot = $1 and not exists (select 1 from taken)`,
        [slot, fresh, now, expiredAt],
      );
      if (rows[0]) return rows[0].key;
      // Inserted by another instance after this statement's snapshot: it is there now.
      const again = await db.query<{ key: string }>(
        'select idempotency_key as key from mcp_derived_keys where slot = $1',
        [slot],
      );
      if (!again[0]) throw new Error('derived idempotency key vanished while it was taken');
      return again[0].key;
    },
    /** Forgets the key of `slot` if it is still `key`. */
    async forget(slot: string, key: string): Promise<void> {
      await db.query('delete from mcp_derived_keys where slot = $1 and idempotency_key = $2', [slot, key]);
    },
    /** Deletes keys first used at or before `expiredAt`. */
    async prune(expiredAt: Date): Promise<void> {
      await db.query('delete from mcp_derived_keys where first_at <= $1', [expiredAt]);
    },
  };
}
