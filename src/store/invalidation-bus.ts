import { randomUUID } from 'node:crypto';
import type { UserId } from '../domain/ids.ts';
import type { Database } from './database.ts';
import type { Redis } from './redis.ts';

/**
 * Tells every instance that cached data changed (a key revoked, a user's wallets changed, a wallet
 * wrote): over Redis pub/sub when Redis is configured, else PostgreSQL LISTEN/NOTIFY. When the bus
 * may have missed messages (its connection dropped, or went silent), `onReset` subscribers drop
 * everything they cached.
 */
export type Invalidation =
  | { kind: 'api-key'; id: string }
  | { kind: 'wallets'; userId: UserId }
  /**
   * A wallet wrote on a chain (every chain when absent): its cached balances are stale. The address
   * as written; subscribers compare it in their own key form (EVM case-insensitively).
   */
  | { kind: 'balances'; chain?: string; address: string }
  /** The bus's own heartbeat (never delivered to subscribers). */
  | { kind: 'ping'; from: string };

export interface InvalidationBus {
  publish(event: Invalidation): Promise<void>;
  subscribe(handler: (event: Invalidation) => void, onReset: () => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * What the write path calls once a wallet sent something (a broadcast, a transaction settled): its
 * cached balances are stale in every instance, so it says so on the bus, where the balances cache
 * listens. A failed publish never fails the write: the bus delivered it here first, and other
 * instances keep their entries until the TTL (at most 45 s) at worst.
 */
export function balancesChanged(
  bus: Pick<InvalidationBus, 'publish'>,
): (chain: string, address: string) => Promise<void> {
  return async (chain, address) => {
    try {
      await bus.publish({ kind: 'balances', chain, address });
    } catch {}
  };
}

/** How a bus moves its messages: PostgreSQL or Redis. */
interface BusTransport {
  send(payload: string): Promise<void>;
  start(onMessage: (payload: string) => void, onReset: () => void): Promise<void>;
  /** Drops and re-opens the receiving connection (after missed heartbeats). */
  reconnect(): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = 'wallet_api_invalidate';
/** Heartbeats missed before the bus counts as silent. */
const MISSED_BEATS = 3;

export interface BusOptions {
  /** How often each instance pings itself through the bus (0 turns the heartbeat off). */
  heartbeatMs?: number;
  logger?: { warn(obj: object, msg: string): void };
}

/**
 * The bus over a transport, with a heartbeat: every `heartbeatMs` the instance publishes a ping to
 * itself; when none has come back for three intervals, the bus is silent (a connection a load
 * balancer or PgBouncer dropped without a word, a blackholed network): every cache is reset and the
 * receiving connection is re-opened. A connection that drops loudly resets at once.
 */
function heartbeatBus(transport: BusTransport, options: BusOptions): InvalidationBus {
  const handlers: { handler: (event: Invalidation) => void; onReset: () => void }[] = [];
  const self = randomUUID();
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  let lastBeat = Date.now();
  let timer: NodeJS.Timeout | null = null;
  const deliver = (event: Invalidation) => {
    for (const h of handlers) h.handler(event);
  };
  const reset = () => {
    for (const h of handlers) h.onReset();
  };
  const onMessage = (payload: string) => {
    let event: Invalidation;
    try {
      event = JSON.parse(payload) as Invalidation;
    } catch {
      reset();
      return;
    }
    if (event.kind === 'ping') {
      if (event.from === self) lastBeat = Date.now();
      return;
    }
    deliver(event);
  };
  const beat = () => {
    if (Date.now() - lastBeat > MISSED_BEATS * heartbeatMs) {
      options.logger?.warn(
        { silentMs: Date.now() - lastBeat },
        'invalidation bus went silent: caches reset, reconnecting',
      );
      lastBeat = Date.now();
      reset();
      transport
        .reconnect()
        .catch((err) => options.logger?.warn({ err }, 'invalidation bus reconnect failed'));
    }
    transport.send(JSON.stringify({ kind: 'ping', from: self })).catch(() => {});
  };
  return {
    async publish(event) {
      // Deliver locally first: the next request in this instance must see it even before the
      // message comes back round.
      deliver(event);
      await transport.send(JSON.stringify(event));
    },
    subscribe(handler, onReset) {
      handlers.push({ handler, onReset });
    },
    async start() {
      await transport.start(onMessage, reset);
      lastBeat = Date.now();
      if (heartbeatMs > 0) {
        timer = setInterval(beat, heartbeatMs);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await transport.stop();
    },
  };
}

/** The bus on PostgreSQL LISTEN/NOTIFY (no extra infrastructure). */
export function databaseInvalidationBus(db: Database, options: BusOptions = {}): InvalidationBus {
  let unlisten: (() => Promise<void>) | null = null;
  return heartbeatBus(
    {
      send: (payload) => db.notify(CHANNEL, payload),
      async start(onMessage, onReset) {
        unlisten = await db.listen(CHANNEL, onMessage, onReset);
      },
      reconnect: async () => db.reconnectListener?.(),
      async stop() {
        await unlisten?.();
        unlisten = null;
      },
    },
    options,
  );
}

/**
 * The bus on Redis pub/sub: `publisher` is the shared command connection, `subscriber` a
 * connection of its own (a subscribed Redis connection takes no other commands). ioredis
 * re-subscribes after a reconnect; messages sent meanwhile are lost, hence the reset.
 */
export function redisInvalidationBus(
  publisher: Redis,
  subscriber: Redis,
  options: BusOptions = {},
): InvalidationBus {
  let connectedBefore = false;
  return heartbeatBus(
    {
      async send(payload) {
        await publisher.publish(CHANNEL, payload);
      },
      async start(onMessage, onReset) {
        subscriber.on('message', (channel: string, message: string) => {
          if (channel === CHANNEL) onMessage(message);
        });
        subscriber.on('ready', () => {
          if (connectedBefore) onReset();
          connectedBefore = true;
        });
        if (subscriber.status === 'ready') connectedBefore = true;
        await subscriber.subscribe(CHANNEL);
      },
      async reconnect() {
        subscriber.disconnect(true);
      },
      async stop() {
        subscriber.removeAllListeners('message');
        await subscriber.quit().catch(() => subscriber.disconnect());
      },
    },
    options,
  );
}
