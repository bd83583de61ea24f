// A caller's control over one transaction not yet final (issue 29): speed it up (EVM: the same call at
// the same nonce with fees raised) or cancel it (EVM: a zero-value transfer from the wallet to itself
// at that nonce; Solana: the service stops re-signing). Both run under the request's Idempotency-Key
// and the wallet's lock; the new attempt, what later re-pricings re-sign, and the key's stored answer
// are recorded in one database transaction before the attempt is broadcast, so a crash leaves either
// nothing (the key then fails as interrupted, nothing was sent) or all of it (the tracker sends the
// attempt again if its broadcast never arrived, and a retry replays the answer).
import type { Logger } from 'pino';
import type { ReplaceRequest } from '../../chains/chain-family.ts';
import type { ChainRegistry } from '../../chains/chain-registry.ts';
import type { ChainFamilies } from '../../chains/families.ts';
import type { TransactionId, UserId } from '../../domain/ids.ts';
import type { TransactionRecord } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import { idempotencyRepository } from '../../store/repositories/idempotency-repository.ts';
import { transactionsRepository } from '../../store/repositories/transactions-repository.ts';
import type { WalletLock } from '../../store/wallet-lock.ts';
import type { Clock } from '../../support/clock.ts';
import type { WalletProvider } from '../../wallet-providers/wallet-provider.ts';
import type { Claim, IdempotencyService } from '../idempotency.ts';
import type { KeyPolicy } from '../key-policies.ts';
import { checkWrite } from '../key-write-rules.ts';
import type { WalletsService } from '../wallets.ts';
import { resolveWriteWallet } from '../write-wallet.ts';
import { transactionView } from './views.ts';
import { mayHaveBeenSent, nothingSent, readBack } from './write-outcomes.ts';

export interface ControlDeps {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  families: ChainFamilies;
  provider: WalletProvider;
  wallets: WalletsService;
  lock: WalletLock;
  idempotency: IdempotencyService;
  logger?: Logger;
}

/** The tracker looks at a replaced transaction this soon (its new attempt's fate matters to the caller). */
const NEXT_LOOK_MS = 1000;

const RACE =
  'A cancel is a race: the original transaction may still be mined first. The final status tells: FAILED with an error saying it was cancelled if the cancel landed, CONFIRMED if the original did';

/** The answer of a speed-up or cancel: the transaction as it stands, and what was done. */
function controlledJson(chains: ChainRegistry, tx: TransactionRecord, notice: string): string {
  return JSON.stringify({ ...transactionView(chains, tx), notice });
}

function refuseFinal(tx: TransactionRecord, action: string): never {
  throw new AppError(
    'TRANSACTION_FINAL',
    `Transaction ${tx.id} is already ${tx.status}${tx.error ? ` (${tx.error})` : ''}: there is nothing to ${action}`,
  );
}

export function controlService(deps: ControlDeps) {
  const repo = transactionsRepository(deps.db);

  /**
   * Waits for the database transaction that records the replacement and the key's answer. One
   * whose answer never came (the connection dropped during COMMIT) may have committed, and then
   * the tracker broadcasts the attempt: it is settled (readBack) before anything is said.
   */
  async function committedOrReadBack(
    commit: Promise<void>,
    id: TransactionId,
    claim: Claim,
    recorded: () => Promise<boolean>,
  ): Promise<void> {
    try {
      await commit;
    } catch (err) {
      // Refused inside the transaction: it rolled back.
      if (err instanceof AppError) throw err;
      const settled = await readBack(claim, nothingSent(err, 'nothing was sent'), recorded);
      if (settled === 'unknown') throw mayHaveBeenSent(id, err);
      // Burned, or settled by someone else (its lease ran out) and not recorded: nothing to broadcast.
      if (settled !== 'recorded') throw nothingSent(err, 'nothing was sent');
      deps.logger?.warn({ err, transactionId: id }, 'the replacement committed though its answer was lost');
    }
  }

  /**
   * Keeps what a refused request still asked of later re-signs (a Solana speed-up's compute-unit
   * price) on a transaction not yet final, under the wallet's lock; its next look stays as it was.
   */
  async function recordThenRefuse(tx: TransactionRecord, details: Record<string, unknown>, action: string) {
    const changed = await repo.noteCallerReplacement(tx.id, {
      payload: null,
      details,
      nextCheckAt: tx.nextCheckAt ?? new Date(deps.clock.now().getTime() + NEXT_LOOK_MS),
    });
    if (!changed) refuseFinal((await repo.findById(tx.id)) ?? tx, action);
  }

  // A speed-up or cancel records its attempt and settles its key in one database transaction.
  const claimKey = (input: { userId: UserId; idempotencyKey: string; path: string; body: unknown }) =>
    deps.idempotency.claim({
      userId: input.userId,
      key: input.idempotencyKey,
      path: input.path,
      body: input.body,
    });

  /** Signs, records (with the key's answer) and broadcasts the replacement, under the wallet's lock. */
  async function run(
    userId: UserId,
    id: TransactionId,
    request: ReplaceRequest,
    claim: Claim,
    policy: KeyPolicy | null,
  ): Promise<string> {
    const found = await repo.findForUser(id, userId);
    if (!found) throw new AppError('NOT_FOUND', `Transaction ${id} not found`);
    // A speed-up or cancel signs and sends on the transaction's chain, whichever key made it: the
    // asking key's chain allowlist and active hours hold as for any write (it moves no value of its
    // own: a fee raise or a zero-value transfer to the wallet itself).
    if (policy)
      checkWrite(policy, { chain: found.chain, chainType: found.chainType, moves: [] }, deps.clock.now());
    const chain = deps.chains.get(found.chain);
    const family = deps.families.of(found);
    const wallet = await resolveWriteWallet(deps.wallets, userId, chain, found.fromAddress);
    return deps.lock.withLock(wallet.id, chain.slug, async (held) => {
      // Read again under the lock: a speed-up or cancel of another request may have just landed.
      const tx = (await repo.findById(id)) ?? found;
      if (tx.status === 'CONFIRMED' || tx.status === 'FAILED') refuseFinal(tx, request.action);
      const replacement = await family.replaceByCaller(
        chain,
        tx,
        { provider: deps.provider, wallet, transactionId: tx.id },
        request,
      );
      if (!held())
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          "The database connection holding the wallet's lock was lost; nothing was sent, retry shortly",
          { headers: { 'Retry-After': '5' }, sent: 'no' },
        );
      if ('recordThenRefuse' in replacement) {
        await recordThenRefuse(tx, replacement.recordThenRefuse.details, request.action);
        throw replacement.recordThenRefuse.refusal;
      }
      const now = deps.clock.now();
      const attempt = 'attempt' in replacement ? replacement.attempt : null;
      const cancel =
        request.action === 'cancel'
          ? { cancel: { requestedAt: now.toISOString(), fromAttempt: attempt?.attempt ?? null } }
          : {};
      const after: TransactionRecord = {
        ...tx,
        ...(attempt ? { hash: attempt.hash, attempts: [...tx.attempts, attempt], stuckReason: null } : {}),
        details: { ...tx.details, ...cancel, ...(attempt ? { replacedBecause: request.action } : {}) },
        updatedAt: attempt ? now : tx.updatedAt,
      };
      const notice =
        'unsigned' in replacement
          ? `Cancelled: ${replacement.unsigned}`
          : request.action === 'cancel'
            ? `A zero-value transfer from the wallet to itself was signed at nonce ${tx.nonce} with higher fees (${attempt?.hash}). ${RACE}`
            : `A replacement at nonce ${tx.nonce} was signed with higher fees (${attempt?.hash}); whichever attempt is mined, the transaction keeps its id`;
      const json = controlledJson(deps.chains, after, notice);
      const commit = deps.db.transaction(async (q) => {
        const changed = await transactionsRepository(q).noteCallerReplacement(tx.id, {
          payload: 'payload' in replacement && request.action === 'cancel' ? replacement.payload : null,
          details: cancel,
          nextCheckAt: new Date(now.getTime() + NEXT_LOOK_MS),
        });
        // It became final while the replacement was signed (the tracker saw it land): nothing is kept.
        if (!changed) refuseFinal((await transactionsRepository(q).findById(tx.id)) ?? tx, request.action);
        if (attempt) await transactionsRepository(q).addAttempt(tx.id, attempt, now, request.action);
        const keys = idempotencyRepository(q);
        const { userId: keyUser, key, claimToken } = claim.link;
        if (!(await keys.renew(keyUser, key, claimToken, now)))
          throw new AppError(
            'IDEMPOTENT_REPLAY',
            'This request lost its Idempotency-Key while it waited (it was settled as interrupted); nothing was sent',
          );
        await keys.succeed(keyUser, key, 200, json, now);
      });
      await committedOrReadBack(commit, tx.id, claim, async () => {
        const now = await repo.findById(tx.id);
        return attempt ? !!now?.attempts.some((a) => a.hash === attempt.hash) : !!now?.details.cancel;
      });
      if (attempt) {
        const outcome = await family.broadcast(chain, attempt);
        // Whatever the node said, the attempt is recorded: the tracker sends it again if it never
        // arrived, and finds whichever attempt was mined.
        if (outcome.kind !== 'accepted')
          deps.logger?.warn(
            { transactionId: tx.id, attempt: attempt.attempt, outcome: outcome.kind, reason: outcome.reason },
            `${request.action} broadcast not accepted; the tracker takes it from here`,
          );
      }
      deps.logger?.info({ transactionId: tx.id, action: request.action }, `transaction ${request.action}`);
      return json;
    });
  }

  return {
    /**
     * POST /tx/{id}/speed-up and /cancel: the transaction view after the replacement (with a
     * notice), stored for replays of the key; `replayed` when it is one.
     */
    async control(input: {
      userId: UserId;
      id: TransactionId;
      idempotencyKey: string;
      path: string;
      body: unknown;
      request: ReplaceRequest;
      /** The asking API key's rules (none: the owner in the dashboard, the operator). */
      policy?: KeyPolicy;
    }): Promise<{ json: string; replayed: boolean }> {
      const outcome = await claimKey(input);
      if (outcome.kind === 'replay') return { json: outcome.body, replayed: true };
      const { claim } = outcome;
      try {
        return {
          json: await run(input.userId, input.id, input.request, claim, input.policy ?? null),
          replayed: false,
        };
      } catch (err) {
        // Nothing was recorded (the one database transaction did not commit): a refusal leaves the
        // key unused, like a 400; anything else fails it, saying nothing was sent.
        if (err instanceof AppError && err.status < 500) {
          await claim.release().catch(() => {});
          throw err.withSent('no');
        }
        // A replacement that may have been recorded says so and leaves the key to the sweep.
        if (err instanceof AppError && err.sent === 'maybe') throw err;
        const failure =
          err instanceof AppError
            ? err.withSent('no')
            : new AppError('INTERNAL_ERROR', 'Internal error; nothing was sent', { cause: err, sent: 'no' });
        await claim.fail(failure).catch(() => {});
        throw failure;
      } finally {
        claim.end();
      }
    },
  };
}

export type ControlService = ReturnType<typeof controlService>;
