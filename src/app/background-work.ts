import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Clock } from '../support/clock.ts';
import type { Services } from './services.ts';

const IDEMPOTENCY_SWEEP_MS = 60_000;
/** An in-progress write older than this was cut off: requests end well within it (RPC timeouts). */
export const STALE_WRITE_MS = 2 * 60_000;

/**
 * The server's background loops: the transaction tracker (each run starts after the previous one
 * ends, so runs never overlap), and once a minute the idempotency sweep (stale in-progress
 * records settled, records past retention pruned).
 */
export function startBackgroundWork(services: Services, config: Config, clock: Clock, logger?: Logger) {
  let stopped = false;
  let trackerTimer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  const trackerRun = () => {
    if (stopped) return;
    running = services.transactions
      .trackDue()
      .catch((err) => logger?.warn({ err }, 'transaction tracker run failed'))
      .finally(() => {
        if (!stopped) trackerTimer = setTimeout(trackerRun, config.TRACKER_INTERVAL_MS).unref();
      });
  };
  trackerTimer = setTimeout(trackerRun, 0).unref();

  const sweep = setInterval(() => {
    services.transactions
      .reconcileIdempotency(new Date(clock.now().getTime() - STALE_WRITE_MS))
      .then(() => services.idempotency.prune())
      .catch((err) => logger?.warn({ err }, 'idempotency sweep failed'));
  }, IDEMPOTENCY_SWEEP_MS).unref();

  return {
    async stop() {
      stopped = true;
      if (trackerTimer) clearTimeout(trackerTimer);
      clearInterval(sweep);
      await running;
    },
  };
}
