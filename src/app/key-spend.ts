import type { ApiKeyId, TransactionId } from '../domain/ids.ts';
import type { Database } from '../store/database.ts';
import { keySpendRepository } from '../store/repositories/key-spend-repository.ts';
import type { Clock } from '../support/clock.ts';
import { newId } from '../support/ids.ts';
import type { KeyPolicy } from './key-policies.ts';
import { checkWrite, overDailyLimit, type WriteSpend } from './key-write-rules.ts';

const DAY_MS = 24 * 3600 * 1000;

/** An API key as the write path sees it: which one, and what it may do. */
export interface KeyOfRequest {
  id: ApiKeyId;
  policy: KeyPolicy;
}

/** A daily limit of a key with what is left of it now. */
export interface LimitStanding {
  chain: string;
  asset: string;
  perTransaction: string | null;
  perDay: string | null;
  /** Moved in the last 24 hours and still counting (null when the limit has no daily part). */
  spentLast24h: string | null;
  remainingLast24h: string | null;
}

/**
 * Enforces API keys' spend rules before a write is signed. Rules without history (scopes are
 * checked by the HTTP layer; here chains, allowlists and per-transaction maximums) need no I/O.
 * Daily limits are decided under a per-key advisory lock in the database, so concurrent writes on
 * any number of instances never move more together than the limit allows: each reads what the
 * key moved in the last 24 hours and records its own amount in the same transaction.
 */
export function keySpendService(deps: { db: Database; clock: Clock }) {
  const repo = keySpendRepository(deps.db);
  return {
    /**
     * Checks a write against its key's policy and, for daily limits, records its amounts against
     * `transactionId`. Throws 403 FORBIDDEN naming the rule; on a refusal nothing is recorded.
     * Returns whether anything was recorded (to give back with `release` if nothing is sent).
     */
    async reserve(key: KeyOfRequest, spend: WriteSpend, transactionId: TransactionId): Promise<boolean> {
      const now = deps.clock.now();
      const daily = checkWrite(key.policy, spend, now);
      if (daily.length === 0) return false;
      await deps.db.transaction(async (tx) => {
        const spent = keySpendRepository(tx);
        await spent.lockKey(key.id);
        const rows = await spent.spentSince(key.id, new Date(now.getTime() - DAY_MS), {
          chain: spend.chain,
          assets: daily.map((d) => d.asset),
        });
        const sofar = new Map(rows.map((r) => [r.asset, BigInt(r.spent)]));
        for (const limit of daily) {
          const before = sofar.get(limit.asset) ?? 0n;
          if (before + limit.amount > limit.perDay) throw overDailyLimit(spend.chain, limit, before);
        }
        await spent.insert(
          daily.map((d) => ({
            id: newId('spd'),
            keyId: key.id,
            chain: spend.chain,
            asset: d.asset,
            amount: d.amount,
            transactionId,
            createdAt: now,
          })),
        );
      });
      return true;
    },

    /**
     * `reserve` for many writes asked together (a payout): each is held to the rules without history
     * (a per-transaction maximum applies to each), their total to the daily limits, and each write's
     * amounts are recorded against its own transaction id. All or nothing.
     */
    async reserveMany(
      key: KeyOfRequest,
      writes: { spend: WriteSpend; transactionId: TransactionId }[],
    ): Promise<boolean> {
      const counted = writes.map((w) => ({ id: w.transactionId, daily: checkWrite(key.policy, w.spend) }));
      const chain = writes[0]?.spend.chain;
      if (chain === undefined || counted.every((c) => c.daily.length === 0)) return false;
      const totals = new Map<string, { amount: bigint; perDay: bigint }>();
      for (const c of counted)
        for (const d of c.daily) {
          const t = totals.get(d.asset) ?? { amount: 0n, perDay: d.perDay };
          totals.set(d.asset, { amount: t.amount + d.amount, perDay: d.perDay });
        }
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const spent = keySpendRepository(tx);
        await spent.lockKey(key.id);
        const rows = await spent.spentSince(key.id, new Date(now.getTime() - DAY_MS), {
          chain,
          assets: [...totals.keys()],
        });
        const sofar = new Map(rows.map((r) => [r.asset, BigInt(r.spent)]));
        for (const [asset, total] of totals) {
          const before = sofar.get(asset) ?? 0n;
          if (before + total.amount > total.perDay) throw overDailyLimit(chain, { asset, ...total }, before);
        }
        await spent.insert(
          counted.flatMap((c) =>
            c.daily.map((d) => ({
              id: newId('spd'),
              keyId: key.id,
              chain,
              asset: d.asset,
              amount: d.amount,
              transactionId: c.id,
              createdAt: now,
            })),
          ),
        );
      });
      return true;
    },

    /** Gives back what `reserve` recorded for a write that ended with nothing signed or sent. */
    release: (transactionId: TransactionId) => repo.deleteForTransaction(transactionId),

    /** Each limit of a key with what it moved in the last 24 hours and what is left. */
    async standing(key: KeyOfRequest): Promise<LimitStanding[]> {
      if (key.policy.limits.length === 0) return [];
      const rows = await repo.spentSince(key.id, new Date(deps.clock.nowMs() - DAY_MS));
      const spent = new Map(rows.map((r) => [`${r.chain}|${r.asset}`, BigInt(r.spent)]));
      return key.policy.limits.map((l) => {
        const used = spent.get(`${l.chain}|${l.asset}`) ?? 0n;
        return {
          chain: l.chain,
          asset: l.asset,
          perTransaction: l.perTransaction?.toString() ?? null,
          perDay: l.perDay?.toString() ?? null,
          spentLast24h: l.perDay === null ? null : used.toString(),
          remainingLast24h: l.perDay === null ? null : (l.perDay > used ? l.perDay - used : 0n).toString(),
        };
      });
    },

    /** Forgets amounts older than the window (they no longer count). */
    prune: () => repo.prune(new Date(deps.clock.nowMs() - DAY_MS)),
  };
}

export type KeySpendService = ReturnType<typeof keySpendService>;
