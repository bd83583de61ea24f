import type { Logger } from 'pino';
import type { BroadcastOutcome } from '../../chains/chain-adapter.ts';
import type { SignedPayoutTransaction } from '../../chains/chain-family.ts';
import type { ChainRegistry } from '../../chains/chain-registry.ts';
import type { ChainFamilies } from '../../chains/families.ts';
import type { TransactionId } from '../../domain/ids.ts';
import type { AttemptRecord, TransactionRecord } from '../../domain/transactions.ts';
import type { WalletRecord } from '../../domain/wallets.ts';
import type { Database } from '../../store/database.ts';
import { eventsRepository } from '../../store/repositories/events-repository.ts';
import {
  type PayoutTransactionRecord,
  payoutTransactionsRepository,
} from '../../store/repositories/payout-transactions-repository.ts';
import { type PayoutRecord, payoutsRepository } from '../../store/repositories/payouts-repository.ts';
import { transactionsRepository } from '../../store/repositories/transactions-repository.ts';
import { walletsRepository } from '../../store/repositories/wallets-repository.ts';
import type { WalletLock } from '../../store/wallet-lock.ts';
import type { Clock } from '../../support/clock.ts';
import type { WalletProvider } from '../../wallet-providers/wallet-provider.ts';
import { payoutSummary } from './payout-views.ts';

export interface PayoutRunnerDeps {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  families: ChainFamilies;
  provider: WalletProvider;
  lock: WalletLock;
  onWalletWrite?: (chain: string, address: string) => Promise<void>;
  logger?: Logger;
}

/** How long a runner holds a payout it claimed; renewed before each part. */
export const PAYOUT_LEASE_MS = 60_000;
/**
 * A payout transaction still PENDING this long after it was recorded is the tracker's (which sends
 * it again if the node does not know it): longer than a part's broadcasts take.
 */
const BROADCAST_GRACE_MS = 20_000;
/**
 * The first look at a broadcast part: soon, as a part's transactions are looked at together (one
 * head read and one batched receipt or status read for the whole payout, tracker.ts), so an early
 * look costs one call: a node that includes at once (a fast L2, a Solana leader close by, a
 * development node) is seen at once; a slower one is looked at again on the tracker's schedule.
 * The tracker runs when it is due (onLookDue), not at its next interval.
 */
const FIRST_CHECK_MS = 150;
/** Transfers signed per part (EVM: transactions; Solana: transfers packed into a few transactions). */
const PART = { ethereum: 50, solana: 80 } as const;
/** Transfers signed per part of an atomic payout: packed into a few Multicall3 transactions. */
const ATOMIC_PART = 200;
/** Broadcasts in flight at once: pipelined, not one answer awaited before the next is sent. */
const IN_FLIGHT = 16;
/** Batches sent again of a part a node took only in part (those it refused for a nonce gap). */
const GAP_ROUNDS = 4;
/**
 * Parts signed under one hold of the wallet's lock, each signed while the one before is broadcast:
 * other writes of the wallet wait for at most this many parts (a few seconds).
 */
const PARTS_PER_HOLD = 4;
const CLAIM_BATCH = 4;
/** Runs `fn` over `list` with at most `width` calls in flight, results in order. */
async function pool<T, R>(list: T[], width: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(list.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, list.length) }, async () => {
      while (next < list.length) {
        const i = next++;
        out[i] = await fn(list[i] as T);
      }
    }),
  );
  return out;
}

/**
 * Signs, records and broadcasts the items of payouts (issue 31). A payout is claimed with a lease
 * (FOR UPDATE SKIP LOCKED), so any number of instances run payouts and a dead one's are taken over
 * when its lease runs out. Each part is signed under the wallet's lock from the items that have
 * no transaction yet, and recorded with its items linked in one statement before any broadcast:
 * an item is never signed twice, and a crash after recording leaves transactions the tracker
 * sends, fee-bumps, heals and re-signs like any other.
 */
export function payoutRunner(deps: PayoutRunnerDeps) {
  const repo = payoutsRepository(deps.db);
  const txRepo = transactionsRepository(deps.db);
  const txs = payoutTransactionsRepository(deps.db);
  /** Told when a part's first look is due (onLookDue). */
  let looker: ((at: Date) => void) | null = null;
  /**
   * Payouts whose run failed here (the database or the node away for a moment, the wallet's lock
   * lost): made due again at the runner's next look, about a second later, rather than when their
   * lease runs out; while the database is away, at the look after.
   */
  const failedHere = new Set<string>();

  function recordOf(
    p: PayoutRecord,
    wallet: WalletRecord,
    s: SignedPayoutTransaction,
    now: Date,
  ): TransactionRecord {
    const chain = deps.chains.get(p.chain);
    return {
      id: s.id,
      userId: p.userId,
      walletId: wallet.id,
      chain: chain.slug,
      chainType: chain.chainType,
      chainId: chain.chainId,
      kind: 'send',
      fromAddress: wallet.address,
      toAddress: s.to,
      value: s.value.toString(),
      status: 'PENDING',
      hash: s.signed.attempt.hash,
      error: null,
      nonce: s.signed.nonce,
      details: {
        ...s.details,
        payoutId: p.id,
        ...(p.apiKeyId ? { apiKeyId: p.apiKeyId } : {}),
        ...(chain.instance ? { chainInstance: chain.instance() } : {}),
      },
      payload: s.signed.payload,
      stuckReason: null,
      landedBlock: null,
      landedBlockHash: null,
      attempts: [s.signed.attempt],
      createdAt: now,
      updatedAt: now,
      nextCheckAt: new Date(now.getTime() + BROADCAST_GRACE_MS),
    };
  }

  /** Sends attempts pipelined, in order: the family's batch when it has one, else its broadcast pooled. */
  async function sendAll(p: PayoutRecord, attempts: AttemptRecord[]): Promise<BroadcastOutcome[]> {
    const chain = deps.chains.get(p.chain);
    const family = deps.families.of(chain);
    const uncertain = (err: unknown): BroadcastOutcome => ({ kind: 'uncertain', reason: String(err) });
    const many = family.payouts?.broadcastMany;
    const batch = (list: AttemptRecord[]) =>
      many
        ? many(chain, list).catch((err) => list.map(() => uncertain(err)))
        : pool(list, IN_FLIGHT, (a) => family.broadcast(chain, a).catch(uncertain));
    const outcomes = await batch(attempts);
    // A node that takes no nonce gap (a development node automining, which also handles a batch's
    // calls out of order) refuses those that reached it before an earlier one did, in words that do
    // not always say so. Those not accepted go again as a batch while each round gets more taken
    // (each round takes at least the lowest nonce left; a quiet node takes them all), then every
    // one still not accepted goes again, one after the other, in nonce order, once.
    if (family.usesNonces && many)
      for (let round = 0; round < GAP_ROUNDS; round++) {
        const left = [...outcomes.keys()].filter((i) => outcomes[i]?.kind !== 'accepted');
        if (left.length === 0) break;
        const again = await batch(left.map((i) => attempts[i] as AttemptRecord));
        let taken = 0;
        for (const [j, i] of left.entries()) {
          const outcome = again[j] as BroadcastOutcome;
          if (outcome.kind === 'accepted') taken++;
          outcomes[i] = outcome;
        }
        if (taken === 0) break;
      }
    if (family.usesNonces)
      for (const [i, outcome] of outcomes.entries())
        if (outcome.kind !== 'accepted')
          outcomes[i] = await family.broadcast(chain, attempts[i] as AttemptRecord).catch(uncertain);
    return outcomes;
  }

  /**
   * On taking a payout up again (its runner stopped): what was recorded and not seen landed is sent
   * again at once, in nonce order, rather than one by one as the tracker gets to each. Sending a
   * transaction twice is harmless (the node knows it, or its nonce is taken by it); what the answers
   * say is left to the tracker, but a PENDING one that was sent is SUBMITTED.
   */
  async function resend(p: PayoutRecord): Promise<void> {
    const open = await txs.unfinishedAttempts(p.id);
    if (open.length === 0) return;
    const outcomes = await sendAll(
      p,
      open.map((o) => o.attempt),
    );
    const sent = open.filter((_, i) => {
      const kind = outcomes[i]?.kind;
      return kind === 'accepted' || kind === 'uncertain' || kind === 'underpriced' || kind === 'nonce-gap';
    });
    await submitted(sent.map((o) => o.id));
  }

  /** SUBMITTED once broadcast was tried, and the tracker's from its first look on (FIRST_CHECK_MS). */
  async function submitted(ids: TransactionId[]): Promise<void> {
    const now = deps.clock.now();
    const firstLook = new Date(now.getTime() + FIRST_CHECK_MS);
    await txs.markSubmitted(ids, now, firstLook);
    if (ids.length > 0) looker?.(firstLook);
  }

  /** Broadcasts a recorded part, pipelined; SUBMITTED once tried (the tracker takes it from there). */
  async function broadcast(p: PayoutRecord, records: PayoutTransactionRecord[]): Promise<void> {
    const chain = deps.chains.get(p.chain);
    const family = deps.families.of(chain);
    const outcomes = await sendAll(
      p,
      records.map((r) => r.tx.attempts[0] as AttemptRecord),
    );
    const now = deps.clock.now();
    const sent: TransactionId[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const { tx } = records[i] as PayoutTransactionRecord;
      const refused =
        outcome.kind === 'nonce-used' || outcome.kind === 'insufficient-funds' || outcome.kind === 'invalid';
      // Without nonces (Solana) a refusal at the only broadcast is final for its transaction alone.
      // With nonces, the later ones of the part wait on this nonce: the tracker decides (it proves
      // a taken nonce, re-sends, heals a gap), as for any transaction it holds.
      if (refused && !family.usesNonces)
        await txRepo.transition(tx.id, ['PENDING'], {
          status: 'FAILED',
          error: `${chain.name} refused the transaction: ${outcome.reason}`,
          nextCheckAt: null,
          now,
          details: { broadcast: 'no' },
        });
      else sent.push(tx.id);
    }
    await submitted(sent);
  }

  /**
   * Signs and records the next parts of a payout under its wallet's lock, up to PARTS_PER_HOLD of
   * them, each broadcast once recorded; the next part is signed and recorded while the previous one
   * is being broadcast (its broadcast goes out after the previous part's, so nonces reach the node
   * in order), and the lock is released only once all it recorded was broadcast, as a single send
   * does. Returns how many transactions it recorded; null when no item was left to sign.
   */
  async function runParts(p: PayoutRecord, wallet: WalletRecord): Promise<number | null> {
    const chain = deps.chains.get(p.chain);
    const family = deps.families.of(chain);
    const writer = family.payouts;
    if (!writer) throw new Error(`payouts are not offered on ${chain.slug}`);
    return deps.lock.withLock(wallet.id, chain.slug, async (held) => {
      let recorded: number | null = null;
      let sending: Promise<void> = Promise.resolve();
      try {
        for (let n = 0; n < PARTS_PER_HOLD; n++) {
          await repo.renew(p.id, new Date(deps.clock.nowMs() + PAYOUT_LEASE_MS));
          const items = await repo.unsigned(p.id);
          if (items.length === 0) break;
          const highest = family.usesNonces
            ? await txRepo.maxNonce(wallet.id, chain.slug, chain.instance?.())
            : null;
          const { signed, unsigned } = await writer.sign(
            chain,
            { asset: p.asset === 'native' ? 'native' : 'token', token: p.token, atomic: p.atomic },
            items.map((i) => ({ index: i.index, to: i.to, amount: i.amount, transactionId: i.plannedId })),
            {
              signerFor: (transactionId) => ({ provider: deps.provider, wallet, transactionId }),
              highestRecordedNonce: highest,
              limit: p.atomic ? ATOMIC_PART : PART[chain.chainType],
            },
          );
          // The lock's session ended: another instance may hold the wallet now. Nothing is recorded.
          if (!held()) throw new Error(`the lock of wallet ${wallet.address} was lost before recording`);
          const now = deps.clock.now();
          const records = signed.map((s) => ({ tx: recordOf(p, wallet, s, now), indexes: s.indexes }));
          await repo.refuseItems(p.id, unsigned);
          await txs.recordSigned(p.id, records);
          recorded = (recorded ?? 0) + records.length;
          const previous = sending;
          sending = previous.then(() => broadcast(p, records));
          // Awaited below; marked handled so a failure while the next part is signed is not unhandled.
          sending.catch(() => {});
        }
      } finally {
        // Whatever happened to a later part, what was recorded is sent before the lock goes.
        await sending.catch((err) =>
          deps.logger?.warn({ err, payoutId: p.id }, 'payout broadcast failed; the tracker sends it'),
        );
      }
      return recorded;
    });
  }

  async function run(p: PayoutRecord): Promise<void> {
    const wallet = await walletsRepository(deps.db).findById(p.walletId);
    if (!wallet) throw new Error(`wallet ${p.walletId} of payout ${p.id} not found`);
    // Transactions an earlier runner recorded but may not have broadcast: sent again now, in order,
    // and the tracker's from now on.
    await txs.handOverPending(p.id, deps.clock.now());
    await resend(p);
    for (;;) {
      const recorded = await runParts(p, wallet);
      if (recorded === null) break;
      if (recorded > 0) deps.onWalletWrite?.(p.chain, wallet.address).catch(() => {});
    }
    await repo.finishSigning(p.id, deps.clock.now());
  }

  /** Marks finished payouts completed, each with its payout.completed event in the same transaction. */
  async function completeFinished(): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const done = await payoutsRepository(tx).completeFinished(now, 50);
      for (const p of done)
        await eventsRepository(tx).append(
          p.userId,
          'payout.completed',
          p.id,
          { payout: payoutSummary(p) },
          now,
        );
      return done.length;
    });
  }

  let waker: (() => void) | null = null;

  return {
    /** Asks this process's loop (if it runs one) to look for payouts now. */
    wake: () => waker?.(),
    /** The loop that `wake` calls (background-work.ts). */
    onWake(fn: (() => void) | null) {
      waker = fn;
    },
    /** Told when a broadcast part's first look is due (background-work.ts runs the tracker then). */
    onLookDue(fn: ((at: Date) => void) | null) {
      looker = fn;
    },

    /**
     * With the embedded database this process is the only one: a lease left by an earlier process
     * (it stopped mid-payout) is taken over at once rather than when it runs out.
     */
    takeOverLeases: () => repo.takeOverLeases(deps.clock.now()),

    /** Claims the payouts due and runs them (each wallet's in turn, different wallets at once). */
    async runDue(): Promise<number> {
      const now = deps.clock.now();
      if (failedHere.size > 0) {
        await repo.dueAgain([...failedHere], now);
        failedHere.clear();
      }
      const due = await repo.claimDue(now, CLAIM_BATCH, new Date(now.getTime() + PAYOUT_LEASE_MS));
      await Promise.all(
        due.map((p) =>
          run(p).catch((err) => {
            deps.logger?.warn({ err, payoutId: p.id }, 'payout run failed; retried in a moment');
            failedHere.add(p.id);
          }),
        ),
      );
      await completeFinished();
      return due.length;
    },
  };
}

export type PayoutRunner = ReturnType<typeof payoutRunner>;
