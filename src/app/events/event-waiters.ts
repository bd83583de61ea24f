import type { UserId } from '../../domain/ids.ts';
import type { Database } from '../../store/database.ts';
import { EVENTS_CHANNEL } from '../../store/repositories/events-repository.ts';

/** Why a wait ended. */
export type WakeReason = 'event' | 'timeout' | 'aborted' | 'closed';

export interface Waiter {
  /** Resolves on the user's next event committed (in any instance), the timeout, the signal, or close. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<WakeReason>;
  /** Forgets the waiter (always call it, in a finally). */
  release(): void;
}

/**
 * Long polls' wake-ups: one LISTEN per process on the channel append_event notifies at commit (the
 * payload is the user id), shared by every waiting request, so a waiting request holds no database
 * connection and other instances' commits wake it too. Only that user's waiters wake. When
 * notifications may have been missed (the listening connection was re-opened), every waiter wakes
 * and checks again.
 *
 * Register before reading: a commit between the read and the wait then still wakes the waiter.
 */
export function eventWaiters(db: Database) {
  const byUser = new Map<UserId, Set<(reason: WakeReason) => void>>();
  let listening: Promise<void> | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;

  const wakeAll = (reason: WakeReason) => {
    for (const set of byUser.values()) for (const wake of [...set]) wake(reason);
  };

  return {
    /** Starts the shared LISTEN once (first long poll); later calls wait for the same start. */
    ready(): Promise<void> {
      listening ??= db
        .listen(
          EVENTS_CHANNEL,
          (payload) => {
            for (const wake of [...(byUser.get(payload as UserId) ?? [])]) wake('event');
          },
          () => wakeAll('event'),
        )
        .then((stop) => {
          unlisten = stop;
        })
        .catch((err: unknown) => {
          listening = null; // the next long poll tries again
          throw err;
        });
      return listening;
    },

    register(userId: UserId): Waiter {
      let woken: WakeReason | null = closed ? 'closed' : null;
      let resolve: ((reason: WakeReason) => void) | null = null;
      const wake = (reason: WakeReason) => {
        woken ??= reason;
        resolve?.(woken);
      };
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      set.add(wake);
      const release = () => {
        set.delete(wake);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
      return {
        wait(timeoutMs, signal) {
          if (woken) return Promise.resolve(woken);
          if (signal?.aborted) return Promise.resolve('aborted');
          return new Promise<WakeReason>((done) => {
            const timer = setTimeout(() => wake('timeout'), Math.max(0, timeoutMs));
            const onAbort = () => wake('aborted');
            signal?.addEventListener('abort', onAbort, { once: true });
            resolve = (reason) => {
              clearTimeout(timer);
              signal?.removeEventListener('abort', onAbort);
              resolve = null;
              woken = null; // the next wait (after a re-read) starts afresh
              done(reason);
            };
          });
        },
        release,
      };
    },

    /** How many requests are waiting (for tests and metrics). */
    waiting(): number {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },

    /** Shutdown: every waiter answers now, later ones at once; the LISTEN stops. */
    async close(): Promise<void> {
      closed = true;
      wakeAll('closed');
      await unlisten?.().catch(() => {});
      unlisten = null;
    },
  };
}

export type EventWaiters = ReturnType<typeof eventWaiters>;
