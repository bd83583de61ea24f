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
  /**
   * Delivers the event here at once and sends it to the other instances. Never rejects: a message
   * the transport cannot take now (Redis down or cut off) is kept and sent again on each heartbeat
   * until it goes out, so a change that committed is never answered as an error (issue 33).
   */
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
  /**
   * Drops and re-opens the receiving connection (after missed heartbeats), and the sending one too
   * when `sending` (no send went out meanwhile: it may be the one the network forgot).
   */
  reconnect(sending: boolean): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = 'wallet_api_invalidate';
/** Heartbeats missed before the bus counts as silent. */
const MISSED_BEATS = 3;
/**
 * Messages kept for re-sending while the transport is down. Past this, the oldest are dropped:
 * every other instance resets its caches when its own connection comes back, and the key cache
 * expires within KEY_CACHE_TTL_MS anyway; the bound only keeps a long outage from growing memory.
 */
const MAX_OWED = 1_000;
/** How often owed messages are re-sent when the heartbeat is off. */
const RETRY_MS = 1_000;

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
  // When a send last went out: a sending connection the network forgot fails every send (each
  // after its command timeout), which tells it apart from a silent receiving one.
  let lastSent = Date.now();
  let timer: NodeJS.Timeout | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let stopped = false;
  // Sent by publish but refused by the transport, oldest first.
  const owed: string[] = [];
  let flushing = false;
  const flushOwed = async () => {
    if (flushing) return;
    flushing = true;
    try {
      while (owed.length > 0) {
        await transport.send(owed[0]!);
        lastSent = Date.now();
        owed.shift();
      }
    } catch {
      // Still down: the next beat (or retry) tries again.
    } finally {
      flushing = false;
    }
  };
  const scheduleRetry = () => {
    // With the heartbeat on, each beat flushes; with it off, a timer of its own does.
    if (heartbeatMs > 0 || retryTimer || stopped) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void flushOwed().then(() => {
        if (owed.length > 0) scheduleRetry();
      });
    }, RETRY_MS);
    retryTimer.unref();
  };
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
    const silentMs = Date.now() - lastBeat;
    if (silentMs > MISSED_BEATS * heartbeatMs) {
      const sending = Date.now() - lastSent > MISSED_BEATS * heartbeatMs;
      options.logger?.warn(
        { silentMs, sendingSilent: sending },
        'invalidation bus went silent: caches reset, reconnecting',
      );
      lastBeat = Date.now();
      lastSent = Date.now();
      reset();
      transport
        .reconnect(sending)
        .catch((err) => options.logger?.warn({ err }, 'invalidation bus reconnect failed'));
    }
    transport
      .send(JSON.stringify({ kind: 'ping', from: self }))
      .then(() => {
        lastSent = Date.now();
      })
      .catch(() => {});
    if (owed.length > 0) void flushOwed();
  };
  return {
    async publish(event) {
      // Deliver locally first: the next request in this instance must see it even before the
      // message comes back round.
      deliver(event);
      const payload = JSON.stringify(event);
      // Behind older owed messages: sending it now would overtake them.
      if (owed.length === 0) {
        try {
          await transport.send(payload);
          lastSent = Date.now();
          return;
        } catch (err) {
          options.logger?.warn({ err }, 'invalidation bus cannot publish now: kept for re-sending');
        }
      }
      owed.push(payload);
      if (owed.length > MAX_OWED) owed.shift();
      scheduleRetry();
    },
    subscribe(handler, onReset) {
      handlers.push({ handler, onReset });
    },
    async start() {
      await transport.start(onMessage, reset);
      lastBeat = Date.now();
      lastSent = Date.now();
      if (heartbeatMs > 0) {
        timer = setInterval(beat, heartbeatMs);
        timer.unref();
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (retryTimer) clearTimeout(retryTimer);
      timer = null;
      retryTimer = null;
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
      // Notifications go out on the pool, whose connections are checked out afresh per query.
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
 * connection of its own (a subscribed Redis connection takes no other commands), opened with
 * `subscriber: true` (connectRedis): the bus re-subscribes after each reconnect itself; messages
 * sent meanwhile are lost, hence the reset. A command
 * connection the network dropped without a word is re-opened here too: the caches and rate limits
 * share it, and otherwise it stays dead until the OS's keepalive gives up (about 2 h).
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
          if (connectedBefore) {
            // Re-subscribed here, not by ioredis (connectRedis's `subscriber`): a failure is
            // handled; the heartbeat notices a subscription that did not take and reconnects.
            subscriber
              .subscribe(CHANNEL)
              .catch((err) => options.logger?.warn({ err }, 'invalidation bus re-subscribe failed'));
            onReset();
          }
          connectedBefore = true;
        });
        if (subscriber.status === 'ready') connectedBefore = true;
        await subscriber.subscribe(CHANNEL);
      },
      async reconnect(sending) {
        subscriber.disconnect(true);
        if (sending) publisher.disconnect(true);
      },
      async stop() {
        subscriber.removeAllListeners('message');
        await subscriber.quit().catch(() => subscriber.disconnect());
      },
    },
    options,
  );
}
