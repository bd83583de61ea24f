import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Clock } from '../support/clock.ts';
import type { Services } from './services.ts';

const IDEMPOTENCY_SWEEP_MS = 15_000;
const PAYOUT_LOOK_MS = 1000;

/**
 * The server's background loops: the transaction tracker (each run starts after the previous one
 * ends, so runs never overlap), and every 15 s the idempotency sweep (keys of requests that stopped
 * renewing their lease settled, records past retention pruned).
 */
export function startBackgroundWork(
  services: Services,
  config: Config,
  clock: Clock,
  logger?: Logger,
  /** The first approvals sweep's options: a restart takes over what this process left (compose.ts). */
  firstApprovalsSweep: Parameters<Services['approvals']['sweep']>[0] = {},
) {
  let stopped = false;
  let trackerTimer: NodeJS.Timeout | null = null;
  let trackerAt = 0;
  let trackerBusy = false;
  let running: Promise<unknown> = Promise.resolve();
  /** Looks asked for (lookAt) that no run has served yet: when each is due, by the wall's clock. */
  let asked: number[] = [];
  const scheduleTracker = (at: number) => {
    if (trackerTimer) clearTimeout(trackerTimer);
    trackerAt = at;
    trackerTimer = setTimeout(trackerRun, Math.max(0, at - Date.now())).unref();
  };
  const trackerRun = () => {
    if (stopped) return;
    trackerTimer = null;
    trackerBusy = true;
    // This run serves the looks due by now; later ones wait for their own.
    const started = Date.now();
    asked = asked.filter((at) => at > started);
    running = services.transactions
      .trackDue()
      .catch((err) => logger?.warn({ err }, 'transaction tracker run failed'))
      .finally(() => {
        trackerBusy = false;
        const next = Math.min(Date.now() + config.TRACKER_INTERVAL_MS, ...asked);
        if (!stopped) scheduleTracker(next);
      });
  };
  /**
   * A look due sooner than the next run (a payout part's first look): the run starts then rather
   * than at the next interval, so a part's confirmations are seen within its first look's delay.
   */
  const lookAt = (at: Date) => {
    if (stopped) return;
    // `at` is by the service's clock (a test's may run fast): its delay from now, on the wall's.
    const ms = Date.now() + (at.getTime() - clock.nowMs());
    asked.push(ms);
    if (!trackerBusy && (trackerTimer === null || ms < trackerAt)) scheduleTracker(ms);
  };
  scheduleTracker(Date.now());
  services.payoutRunner.onLookDue(lookAt);

  // Approvals past their time expire, approved writes not executed yet are executed (any
  // instance; claims make each happen once). Each run after the previous one ends.
  let approvalsTimer: NodeJS.Timeout | null = null;
  let approvalsRunning: Promise<unknown> = Promise.resolve();
  let approvalsOptions = firstApprovalsSweep;
  const approvalsRun = () => {
    if (stopped) return;
    const options = approvalsOptions;
    approvalsOptions = {};
    approvalsRunning = services.approvals
      .sweep(options)
      .catch((err) => logger?.warn({ err }, 'approvals sweep failed'))
      .finally(() => {
        if (!stopped) approvalsTimer = setTimeout(approvalsRun, config.TRACKER_INTERVAL_MS).unref();
      });
  };
  approvalsTimer = setTimeout(approvalsRun, 0).unref();
  // Payouts: a run whenever one is recorded here (wake), and a look every second for those of
  // other instances and leases that ran out. Runs never overlap; a wake during one runs again.
  let payoutTimer: NodeJS.Timeout | null = null;
  let payoutRunning: Promise<unknown> | null = null;
  let payoutAgain = false;
  const payoutRun = () => {
    if (stopped) return;
    if (payoutRunning) {
      payoutAgain = true;
      return;
    }
    if (payoutTimer) clearTimeout(payoutTimer);
    payoutRunning = services.payoutRunner
      .runDue()
      .catch((err) => logger?.warn({ err }, 'payout run failed'))
      .finally(() => {
        payoutRunning = null;
        if (!stopped) payoutTimer = setTimeout(payoutRun, payoutAgain ? 0 : PAYOUT_LOOK_MS).unref();
        payoutAgain = false;
      });
  };
  services.payoutRunner.onWake(payoutRun);
  payoutTimer = setTimeout(payoutRun, 0).unref();

  const sweep = setInterval(() => {
    services.transactions
      .reconcileIdempotency(clock.now())
      .then(() => services.idempotency.prune())
      .then(() => services.keySpend.prune())
      .then(() => services.audit.prune())
      .catch((err) => logger?.warn({ err }, 'idempotency sweep failed'));
  }, IDEMPOTENCY_SWEEP_MS).unref();

  return {
    async stop() {
      stopped = true;
      if (trackerTimer) clearTimeout(trackerTimer);
      if (approvalsTimer) clearTimeout(approvalsTimer);
      if (payoutTimer) clearTimeout(payoutTimer);
      services.payoutRunner.onWake(null);
      services.payoutRunner.onLookDue(null);
      await payoutRunning;
      clearInterval(sweep);
      await running;
      await approvalsRunning;
    },
  };
}
