import type { Database } from './database.ts';

/**
 * Tells every instance that cached data changed (a key revoked, a user's wallets changed), over
 * PostgreSQL LISTEN/NOTIFY so it holds across instances without extra infrastructure. When the
 * listening connection was lost, `onReset` subscribers drop everything they cached.
 */
export type Invalidation =
  | { kind: 'api-key'; id: string }
  | { kind: 'wallets'; userId: string }
  /** A wallet wrote on a chain (every chain when absent): its cached balances are stale. */
  | { kind: 'balances'; chain?: string; address: string };

const CHANNEL = 'wallet_api_invalidate';

export interface InvalidationBus {
  publish(event: Invalidation): Promise<void>;
  subscribe(handler: (event: Invalidation) => void, onReset: () => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function databaseInvalidationBus(db: Database): InvalidationBus {
  const handlers: { handler: (event: Invalidation) => void; onReset: () => void }[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  const deliver = (event: Invalidation) => {
    for (const h of handlers) h.handler(event);
  };
  return {
    async publish(event) {
      // Deliver locally first: the next request in this instance must see it even before the
      // notification comes back round.
      deliver(event);
      await db.notify(CHANNEL, JSON.stringify(event));
    },
    subscribe(handler, onReset) {
      handlers.push({ handler, onReset });
    },
    async start() {
      unlisten = await db.listen(
        CHANNEL,
        (payload) => {
          try {
            deliver(JSON.parse(payload) as Invalidation);
          } catch {
            for (const h of handlers) h.onReset();
          }
        },
        () => {
          for (const h of handlers) h.onReset();
        },
      );
    },
    async stop() {
      await unlisten?.();
      unlisten = null;
    },
  };
}
