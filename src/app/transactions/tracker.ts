import type { Logger } from 'pino';
import type { AttemptSigner, Inspection } from '../../chains/chain-adapter.ts';
import type { Chain, ChainRegistry } from '../../chains/chain-registry.ts';
import type { ChainFamilies } from '../../chains/families.ts';
import { evidenceJson, evidenceOf, sameEvidence } from '../../chains/read-evidence.ts';
import { stuckReasonOf } from '../../chains/stuck-reasons.ts';
import type { ApiKeyId, TransactionId, UserId } from '../../domain/ids.ts';
import type { TransactionRecord, TransactionStatus } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import { apiKeysRepository } from '../../store/repositories/api-keys-repository.ts';
import { payoutTransactionsRepository } from '../../store/repositories/payout-transactions-repository.ts';
import { transactionsRepository } from '../../store/repositories/transactions-repository.ts';
import { walletsRepository } from '../../store/repositories/wallets-repository.ts';
import type { Clock } from '../../support/clock.ts';
import type { WalletProvider } from '../../wallet-providers/wallet-provider.ts';
import type { IdempotencyService } from '../idempotency.ts';
import { nextCheck, stepAfterInspection, stepBeforeInspection, stepOfCancelled } from './tracker-rules.ts';
import { isFromEarlierChain, submissionJson, submissionView } from './views.ts';

export interface TrackerDeps {
  db: Database;
  /** Where the keys of requests that died are settled. */
  idempotency: Pick<IdempotencyService, 'abandoned' | 'settleWithSubmission' | 'settleAsFailed'>;
  clock: Clock;
  chains: ChainRegistry;
  families: ChainFamilies;
  provider: WalletProvider;
  logger?: Logger;
  onWalletWrite?: (chain: string, address: string) => Promise<void>;
  /** A transaction of a payout became final: its payout may be complete now (payout-runner.ts wake). */
  onPayoutSettled?: () => void;
}

const BATCH = 25;
/** The most transactions of one payout looked at together (a payout has at most 1000 items). */
const PAYOUT_BATCH = 1000;
/** How long a tracker run holds the transactions it claimed. */
export const TRACK_LEASE_MS = 30_000;
/**
 * Moves transactions on (DESIGN A9) with what their chain family finds: CONFIRMED at the chain's
 * depth (then watched a while for reorgs), FAILED only on proof (reverted, nonce taken by another
 * transaction, blockhash expired with no re-sign left), otherwise sent again, re-priced or re-signed.
 * Every new attempt is recorded before it is broadcast.
 */
export function tracker(deps: TrackerDeps) {
  const repo = transactionsRepository(deps.db);
  const { idempotency } = deps;

  const move = async (
    tx: TransactionRecord,
    status: TransactionStatus,
    change: Omit<Parameters<typeof repo.transition>[2], 'status' | 'now' | 'nextCheckAt'> & {
      nextCheckAt?: Date | null;
    } = {},
    group?: Group,
  ) => {
    const now = deps.clock.now();
    const final = status === 'FAILED';
    const updated = await repo.transition(tx.id, [tx.status], {
      ...change,
      status,
      now,
      nextCheckAt: change.nextCheckAt !== undefined ? change.nextCheckAt : final ? null : nextCheck(tx, now),
    });
    if ((status === 'CONFIRMED' || status === 'FAILED') && updated) {
      // A group (a payout's transactions, one wallet) tells once, when it is done.
      if (group) group.settled = true;
      else await deps.onWalletWrite?.(tx.chain, tx.fromAddress).catch(() => {});
    }
    return updated ?? (await repo.findById(tx.id)) ?? tx;
  };

  const reschedule = async (
    tx: TransactionRecord,
    at: Date | null,
    stuckReason?: string | null,
    evidence?: Record<string, unknown>,
  ) => {
    await repo.reschedule(tx.id, at, stuckReason, evidence);
    return { ...tx, nextCheckAt: at, ...(stuckReason !== undefined ? { stuckReason } : {}) };
  };

  async function signerFor(tx: TransactionRecord): Promise<AttemptSigner> {
    // From our own table, not the provider's list: a transaction is tracked and re-priced even
    // while the provider cannot be reached for listings (it still has to sign a replacement).
    const wallet = await walletsRepository(deps.db).findById(tx.walletId);
    if (!wallet) throw new Error(`wallet ${tx.walletId} of transaction ${tx.id} not found`);
    return { provider: deps.provider, wallet, transactionId: tx.id };
  }

  /**
   * Why nothing more may be signed for a transaction, if so: its wallet's automation was switched
   * off, or the API key that made it was revoked, since it was sent. What was signed before may
   * still land (it is still sent again and tracked); nothing new is signed for it.
   */
  async function signingStopped(tx: TransactionRecord, signer: AttemptSigner): Promise<string | null> {
    if (signer.wallet.provider !== signer.provider.name)
      return `wallet ${signer.wallet.address} is held by the ${signer.wallet.provider} wallet provider, and the service now runs with ${signer.provider.name}`;
    if (!signer.wallet.automationEnabled)
      return `automation was switched off for wallet ${signer.wallet.address}`;
    const keyId = tx.details.apiKeyId;
    if (typeof keyId !== 'string') return null;
    const key = await apiKeysRepository(deps.db).findById(keyId as ApiKeyId);
    return !key || key.revokedAt ? `the API key that made it (${keyId}) was revoked` : null;
  }

  /**
   * Signs, records, then broadcasts the next attempt; or notes why there is none. When the wallet's
   * provider refuses to sign (delegation revoked, a policy), or signing for it was stopped (automation
   * off, its key revoked), a required replacement (no earlier attempt can land) ends the
   * transaction; otherwise the earlier attempt may still land, and waits.
   */
  async function replace(tx: TransactionRecord, required: boolean): Promise<TransactionRecord> {
    const chain = deps.chains.get(tx.chain);
    const family = deps.families.of(tx);
    const signer = await signerFor(tx);
    const stopped = await signingStopped(tx, signer);
    if (stopped) {
      const reason = `It is not signed again: ${stopped}`;
      if (required) return move(tx, 'FAILED', { error: `${tx.error ?? 'Its blockhash expired'}. ${reason}` });
      return reschedule(tx, nextCheck(tx, deps.clock.now()), reason);
    }
    let replacement: Awaited<ReturnType<typeof family.replace>>;
    try {
      replacement = await family.replace(chain, tx, signer);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      const reason = `It could not be signed again: ${err.message}`;
      if (required) return move(tx, 'FAILED', { error: `${tx.error ?? 'Its blockhash expired'}. ${reason}` });
      return reschedule(tx, nextCheck(tx, deps.clock.now()), reason);
    }
    const submitted = tx.status === 'PENDING' ? await move(tx, 'SUBMITTED') : tx;
    if ('stuckReason' in replacement)
      return reschedule(submitted, nextCheck(tx, deps.clock.now()), replacement.stuckReason);
    const added = await repo.addAttempt(
      tx.id,
      replacement.attempt,
      deps.clock.now(),
      required ? 'resigned-after-expiry' : 'fee-bump',
      { details: tx.details },
    );
    // A caller's cancel or speed-up was recorded while this was signed: nothing is sent, and the
    // next look (soon) works from what they recorded.
    if (!added) return reschedule(submitted, new Date(deps.clock.nowMs() + 1000), tx.stuckReason);
    deps.logger?.info(
      { transactionId: tx.id, attempt: replacement.attempt.attempt, hash: replacement.attempt.hash },
      'transaction re-signed',
    );
    const outcome = await family.broadcast(chain, replacement.attempt);
    return reschedule(submitted, nextCheck(tx, deps.clock.now()), stuckReasonOf(outcome));
  }

  /** An inspection, and what its reads taught when that changed (kept with the step it leads to). */
  async function inspect(
    chain: Chain,
    tx: TransactionRecord,
  ): Promise<{ seen: Inspection; evidence: Record<string, unknown> | undefined }> {
    return withEvidence(tx, await deps.families.of(tx).inspect(chain, tx));
  }

  function withEvidence(
    tx: TransactionRecord,
    seen: Inspection,
  ): { seen: Inspection; evidence: Record<string, unknown> | undefined } {
    const changed = seen.evidence && !sameEvidence(evidenceOf(tx.details), seen.evidence);
    return { seen, evidence: changed && seen.evidence ? evidenceJson(seen.evidence) : undefined };
  }

  /** `given`: what a look at the transaction's whole group found for it (trackDue). */
  async function look(tx: TransactionRecord, given?: Inspection, group?: Group): Promise<TransactionRecord> {
    const chain = deps.chains.get(tx.chain);
    const now = deps.clock.now();
    const before = stepBeforeInspection(tx, isFromEarlierChain(chain, tx), now);
    const looked = before ? null : given ? withEvidence(tx, given) : await inspect(chain, tx);
    const step = before ?? stepOfCancelled(tx, stepAfterInspection(tx, looked!.seen, now));
    const evidence = looked?.evidence;
    switch (step.kind) {
      case 'move':
        if (step.warn)
          deps.logger?.warn({ transactionId: tx.id, hash: step.change.hash ?? tx.hash }, step.warn);
        return move(
          tx,
          step.status,
          evidence ? { ...step.change, details: { ...step.change.details, evidence } } : step.change,
          group,
        );
      case 'reschedule':
        return reschedule(tx, step.at, step.stuckReason, evidence);
      case 'wait': {
        const moved = step.submit ? await move(tx, 'SUBMITTED') : tx;
        return reschedule(moved, step.at, step.stuckReason, evidence);
      }
      case 'replace':
        // Kept before anything is signed; a replacement is rare, so a statement of its own.
        if (evidence) await repo.noteEvidence(tx.id, evidence);
        return replace(tx, step.required);
    }
  }

  /** One look at a transaction; RPC failures leave it as it is, to be looked at again. */
  async function refresh(
    tx: TransactionRecord,
    given?: Inspection,
    group?: Group,
  ): Promise<TransactionRecord> {
    if (tx.status === 'FAILED') return tx;
    try {
      return await look(tx, given, group);
    } catch (err) {
      deps.logger?.warn({ err, transactionId: tx.id }, 'transaction check failed; will retry');
      return reschedule(tx, nextCheck(tx, deps.clock.now())).catch(() => tx);
    }
  }

  /** Settles one key whose request died: its signed transaction is its outcome; with none, it failed. */
  async function settleAbandoned(rec: { userId: UserId; key: string; transactionId: TransactionId | null }) {
    const now = deps.clock.now();
    const tx = rec.transactionId ? await repo.findById(rec.transactionId) : null;
    if (tx && !(tx.status === 'FAILED' && tx.details.broadcast === 'no')) {
      await idempotency.settleWithSubmission(
        rec.userId,
        rec.key,
        submissionJson(submissionView(deps.chains, tx)),
      );
      if (tx.status === 'PENDING') await repo.reschedule(tx.id, now);
    } else
      await idempotency.settleAsFailed(rec.userId, rec.key, {
        code: tx ? 'SEND_FAILED' : 'INTERNAL_ERROR',
        message: tx?.error ?? 'The request was interrupted before anything was signed',
      });
  }

  /**
   * The due transactions of payouts are looked at together, one group per payout: those claimed
   * now, with every other due transaction of the same payouts (a part's transactions come due
   * together), claimed here, so a 200-item payout takes a few reads rather than 200 looks over
   * eight runs. Others (and payouts on a chain without a batched look) are looked at alone.
   */
  async function withPayoutGroups(
    due: TransactionRecord[],
    now: Date,
    lease: Date,
  ): Promise<{ alone: TransactionRecord[]; groups: TransactionRecord[][] }> {
    const payoutOf = (tx: TransactionRecord) => {
      const id = tx.details.payoutId;
      return typeof id === 'string' && deps.families.of(tx).payouts?.inspectLanded ? id : null;
    };
    const alone = due.filter((tx) => payoutOf(tx) === null);
    const ids = [...new Set(due.flatMap((tx) => payoutOf(tx) ?? []))];
    if (ids.length === 0) return { alone, groups: [] };
    const more = await payoutTransactionsRepository(deps.db).claimDue(ids, now, PAYOUT_BATCH, lease);
    const byPayout = new Map<string, TransactionRecord[]>();
    for (const tx of [...due, ...more]) {
      const id = payoutOf(tx);
      if (id !== null) byPayout.set(id, [...(byPayout.get(id) ?? []), tx]);
    }
    return { alone, groups: [...byPayout.values()] };
  }

  /**
   * One batched look at a payout's transactions (their family's inspectLanded): each found landed
   * takes the step its own look would have; each not found (or failed) gets its own look, with every
   * rule of inspect (absence proven over agreeing looks, sending again, re-pricing, re-signing).
   */
  async function lookTogether(txs: TransactionRecord[]): Promise<void> {
    const first = txs[0];
    if (!first) return;
    const group: Group = { settled: false };
    const open = txs.filter((tx) => tx.status !== 'FAILED');
    let seen: (Inspection | null)[];
    try {
      const chain = deps.chains.get(first.chain);
      const batched = deps.families.of(first).payouts?.inspectLanded;
      seen = batched ? await batched(chain, open) : open.map(() => null);
    } catch (err) {
      deps.logger?.warn(
        { err, payoutId: first.details.payoutId },
        'payout transactions check failed; will retry',
      );
      await Promise.all(open.map((tx) => reschedule(tx, nextCheck(tx, deps.clock.now())).catch(() => tx)));
      return;
    }
    await Promise.all(open.map((tx, i) => refresh(tx, seen[i] ?? undefined, group)));
    if (group.settled) {
      await deps.onWalletWrite?.(first.chain, first.fromAddress).catch(() => {});
      deps.onPayoutSettled?.();
    }
  }

  return {
    refresh,
    settleAbandoned,

    /** A lookup's refresh: only when no tracker holds the transaction and a check is due. */
    async refreshIfDue(tx: TransactionRecord): Promise<TransactionRecord> {
      if (tx.status !== 'PENDING' && tx.status !== 'SUBMITTED') return tx;
      const now = deps.clock.now();
      const claimed = await repo.claimOne(tx.id, now, new Date(now.getTime() + TRACK_LEASE_MS));
      return claimed ? refresh(claimed) : tx;
    },

    /** Claims and checks the transactions that are due; returns how many it looked at. */
    async trackDue(): Promise<number> {
      const now = deps.clock.now();
      const lease = new Date(now.getTime() + TRACK_LEASE_MS);
      const due = await repo.claimDue(now, BATCH, lease);
      const { alone, groups } = await withPayoutGroups(due, now, lease);
      await Promise.all([...alone.map((tx) => refresh(tx)), ...groups.map(lookTogether)]);
      return alone.length + groups.reduce((n, g) => n + g.length, 0);
    },

    /**
     * Settles idempotency records whose request stopped renewing its lease before `cutoff` (it died):
     * if it recorded a signed transaction, the key now replays the Submission the caller never got.
     */
    async reconcileIdempotency(cutoff: Date): Promise<number> {
      const stale = await idempotency.abandoned(cutoff);
      for (const rec of stale) await settleAbandoned(rec);
      return stale.length;
    },
  };
}

/** A group looked at together: whether one of them became final (told once, after the group). */
interface Group {
  settled: boolean;
}

export type Tracker = ReturnType<typeof tracker>;
