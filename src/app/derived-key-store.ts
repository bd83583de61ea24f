import type { Database } from '../store/database.ts';
import { derivedKeysRepository } from '../store/repositories/derived-keys-repository.ts';

/** Expired keys are deleted once every this many new keys. */
const PRUNE_EVERY = 200;

/**
 * Where the MCP tools keep the Idempotency-Keys they derive (src/mcp/derived-keys.ts): the
 * database, so that a derived key outlives the process and is the same on every instance.
 */
export function derivedKeyStore(deps: { db: Database }) {
  const repo = derivedKeysRepository(deps.db);
  let taken = 0;
  return {
    async take(slot: string, fresh: string, now: Date, expiredAt: Date): Promise<string> {
      if (++taken % PRUNE_EVERY === 0) await repo.prune(expiredAt).catch(() => {});
      return repo.take(slot, fresh, now, expiredAt);
    },
    forget: (slot: string, key: string) => repo.forget(slot, key),
  };
}

export type DerivedKeyStoreService = ReturnType<typeof derivedKeyStore>;
