import type { ApiKeyId, TransactionId, UserId } from '../../domain/ids.ts';
import type { IdempotencyLink, TransactionRecord } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../store/database.ts';
import { apiKeysRepository } from '../../store/repositories/api-keys-repository.ts';
import {
  type DeferredWriteRecord,
  deferredWritesRepository,
} from '../../store/repositories/deferred-writes-repository.ts';
import { transactionsRepository } from '../../store/repositories/transactions-repository.ts';
import { SERVICE_CONTEXT } from '../audit/audit-entry.ts';
import { resolveWriteWallet } from '../write-wallet.ts';
import { type SubmitDeps, submitter } from './submit.ts';
import type { WriteIntent } from './write-intents.ts';

/**
 * Re-derives a write from its endpoint's validated body, through the same builders the endpoint
 * uses; `recorded` is the transaction as it was recorded (a swap holds its new route to it).
 */
export type DeferredBuilder = (
  userId: UserId,
  body: Record<string, unknown>,
  recorded: TransactionRecord,
) => Promise<WriteIntent> | WriteIntent;

export interface DeferredWritesDeps extends SubmitDeps {
  /** The builders, by endpoint path (`/send`, `/token/approve`, `/contracts/send`, `/trade/swap`). */
  builders: Readonly<Record<string, DeferredBuilder>>;
  /** How long an instance holds a write it claimed for execution; past it, another takes it over. */
  leaseMs: number;
}

/** The codes of failures that may pass (an RPC, the database): the write is tried again later. */
const PASSING = new Set([
  'PROVIDER_RPC_ERROR',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'SEND_OUTCOME_UNKNOWN',
]);

/** Thrown by the record step when another instance took the claim over: nothing may be broadcast. */
class ClaimLost extends Error {}

/**
 * Writes recorded before they are signed, which exactly one instance later executes (issue 30:
 * approvals; batch payouts reuse it). A deferred write is a PENDING transaction with no attempt,
 * no nonce and no next check (the tracker leaves it alone), plus the endpoint and validated body
 * that rebuild it. Executing it is the normal write path (wallet lock, checks, nonce, signature,
 * the attempt recorded, broadcast, tracking), with one difference: the signed attempt is recorded
 * on the existing row, in the same statement that ends the deferred write, and only while this
 * instance's claim holds. So of any number of instances, and across a crash at any point, one
 * signature is recorded and broadcast: a process that died before recording leaves the claim to run
 * out (the write is executed again, nothing having left); one that died after leaves a recorded
 * PENDING attempt, which the tracker broadcasts.
 */
export function deferredWrites(deps: DeferredWritesDeps) {
  const repo = deferredWritesRepository(deps.db);
  const transactions = transactionsRepository(deps.db);
  const submit = submitter(deps);

  /** Ends a deferred write that will never be signed: FAILED with `error`, nothing sent. */
  async function fail(transactionId: TransactionId, error: string): Promise<TransactionRecord | null> {
    const now = deps.clock.now();
    const failed = await deps.db.transaction(async (q) => {
      await deferredWritesRepository(q).drop(transactionId, now);
      return transactionsRepository(q).transition(transactionId, ['PENDING'], {
        status: 'FAILED',
        error,
        now,
        nextCheckAt: null,
        details: { broadcast: 'no' },
      });
    });
    return failed;
  }

  async function keyRevoked(tx: TransactionRecord): Promise<string | null> {
    const keyId = tx.details.apiKeyId;
    if (typeof keyId !== 'string') return null;
    const key = await apiKeysRepository(deps.db).findById(keyId as ApiKeyId);
    return !key || key.revokedAt ? `the API key that asked for it (${keyId}) was revoked` : null;
  }

  async function execute(w: DeferredWriteRecord): Promise<void> {
    const tx = await transactions.findById(w.transactionId);
    if (tx?.status !== 'PENDING' || tx.attempts.length > 0) {
      await repo.drop(w.transactionId, deps.clock.now());
      return;
    }
    const state = { recorded: false };
    const token = w.claimToken as string;
    try {
      const revoked = await keyRevoked(tx);
      if (revoked) throw new AppError('FORBIDDEN', `Nothing was signed: ${revoked}`);
      const build = deps.builders[w.path];
      if (!build) throw new AppError('INVALID_INPUT', `No write endpoint ${w.path} to execute it with`);
      // The wallet it was checked for when it was recorded, whatever the user's wallets are now.
      const body = { ...(w.body as Record<string, unknown>), from: tx.fromAddress };
      const intent = await build(w.userId, body, tx);
      await submit.submit(
        w.userId,
        intent,
        Promise.resolve(null),
        state,
        w.transactionId,
        // Executed by the service once a person approved (the approval's own entries name them).
        SERVICE_CONTEXT,
        async (signed, attempt) => {
          if (await repo.recordSigned(signed, attempt, token)) return true;
          throw new ClaimLost(`deferred write ${w.transactionId} was claimed by another instance`);
        },
      );
    } catch (err) {
      // Recorded (the tracker takes it from here), or no longer ours: nothing more to do here.
      if (state.recorded || err instanceof ClaimLost) return;
      if (!(err instanceof AppError) || PASSING.has(err.code)) {
        // Its claim runs out and it is executed again (by any instance).
        deps.logger?.warn({ err, transactionId: w.transactionId }, 'deferred write not executed; will retry');
        return;
      }
      await fail(w.transactionId, `It was not sent: ${err.message}`);
    }
  }

  return {
    /**
     * Checks a write against the chain for its wallet (the same checks as a write signed now:
     * funds, contracts, simulation) without signing, and returns the unsigned record to `hold`.
     */
    async check(userId: UserId, intent: WriteIntent, id: TransactionId): Promise<TransactionRecord> {
      const wallet = await resolveWriteWallet(deps.wallets, userId, intent.chain, intent.from);
      await intent.check({ wallet, transactionId: id });
      const now = deps.clock.now();
      return {
        id,
        userId,
        walletId: wallet.id,
        chain: intent.chain.slug,
        chainType: intent.chain.chainType,
        chainId: intent.chain.chainId,
        kind: intent.kind,
        fromAddress: wallet.address,
        toAddress: intent.to,
        value: intent.value.toString(),
        status: 'PENDING',
        hash: null,
        error: null,
        nonce: null,
        details: intent.details,
        payload: {},
        stuckReason: null,
        landedBlock: null,
        landedBlockHash: null,
        attempts: [],
        createdAt: now,
        updatedAt: now,
        // Never looked at by the tracker before it is signed.
        nextCheckAt: null,
      };
    },

    /**
     * Records an unsigned write in `q` (the caller's database transaction), linked to the
     * Idempotency-Key the request holds; false when the request no longer holds it.
     */
    async hold(
      q: Queryable,
      input: {
        tx: TransactionRecord;
        path: string;
        body: unknown;
        link: IdempotencyLink | null;
        state: 'held' | 'ready';
      },
    ): Promise<boolean> {
      if (!(await transactionsRepository(q).insert(input.tx, null, input.link))) return false;
      await deferredWritesRepository(q).insert({
        transactionId: input.tx.id,
        userId: input.tx.userId,
        path: input.path,
        body: input.body,
        state: input.state,
        now: input.tx.createdAt,
      });
      return true;
    },

    /** Runs `fn` in one database transaction (holding a write, with what goes with it). */
    transaction: <T>(fn: (q: Queryable) => Promise<T>) => deps.db.transaction(fn),

    /** Settles the key of the request that held a write, with its answer (in `q`). */
    settleKey: (q: Queryable, link: IdempotencyLink, status: number, body: string) =>
      deferredWritesRepository(q).settleKey(link, status, body, deps.clock.now()),

    /** A held write may now be executed (in `q`, with the decision that let it go). */
    release: (q: Queryable, id: TransactionId) => deferredWritesRepository(q).release(id, deps.clock.now()),

    /** Ends a write that will never be signed (in `q`, with what ends its transaction). */
    drop: (q: Queryable, id: TransactionId) => deferredWritesRepository(q).drop(id, deps.clock.now()),

    /**
     * Claims and executes ready writes, and those whose executing instance died: claims taken
     * before `staleBefore` ran out (the embedded database, whose only writer is this process,
     * passes a later time at start). `only`: just that write (right after it was approved).
     */
    async executeDue(
      options: { staleBefore?: Date; only?: TransactionId; restarted?: boolean } = {},
    ): Promise<number> {
      const now = deps.clock.now();
      // This process restarted on the embedded database: what it recorded and did not broadcast
      // is broadcast by the tracker now (no other process can be broadcasting it).
      if (options.restarted) await repo.hurryRecorded(now);
      const claimed = await repo.claim({
        now,
        staleBefore: options.staleBefore ?? now,
        leaseUntil: new Date(now.getTime() + deps.leaseMs),
        limit: 10,
        ...(options.only ? { only: options.only } : {}),
      });
      for (const w of claimed) await execute(w);
      return claimed.length;
    },
  };
}

export type DeferredWrites = ReturnType<typeof deferredWrites>;
