import type { Logger } from 'pino';
import type { ChainRegistry } from '../../chains/chain-registry.ts';
import type { ChainFamilies } from '../../chains/families.ts';
import type { TransactionId, UserId } from '../../domain/ids.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import { transactionsRepository } from '../../store/repositories/transactions-repository.ts';
import type { WalletLock } from '../../store/wallet-lock.ts';
import type { Clock } from '../../support/clock.ts';
import { newId } from '../../support/ids.ts';
import type { WalletProvider } from '../../wallet-providers/wallet-provider.ts';
import type { AuditContext } from '../audit/audit-entry.ts';
import type { Claim, IdempotencyService } from '../idempotency.ts';
import type { KeyOfRequest, KeySpendService } from '../key-spend.ts';
import type { WriteSpend } from '../key-write-rules.ts';
import type { WalletsService } from '../wallets.ts';
import { afterReadBatchLeaves } from './read-batch-first.ts';
import { submitter } from './submit.ts';
import { tracker } from './tracker.ts';
import { listTransactions, type TransactionListQuery } from './transaction-list.ts';
import { type TransactionView, transactionView } from './views.ts';
import { type WriteIntent, writeSpendOf } from './write-intents.ts';
import { mayHaveBeenSent, nothingSent } from './write-outcomes.ts';

export interface TransactionsDeps {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  families: ChainFamilies;
  provider: WalletProvider;
  wallets: WalletsService;
  lock: WalletLock;
  idempotency: IdempotencyService;
  keySpend: KeySpendService;
  logger?: Logger;
  onWalletWrite?: (chain: string, address: string) => Promise<void>;
}

/** Writes (idempotent, tracked) and lookups of the transactions the service created. */
export function transactionsService(deps: TransactionsDeps) {
  const repo = transactionsRepository(deps.db);
  const submit = submitter(deps);
  const track = tracker(deps);

  async function begin(input: { userId: UserId; idempotencyKey: string; path: string; body: unknown }) {
    const request = { userId: input.userId, key: input.idempotencyKey, path: input.path, body: input.body };
    const outcome = await deps.idempotency.begin(request);
    if (outcome.kind !== 'abandoned') return outcome;
    // The key's request died: settle it now rather than at the next sweep, then answer from it.
    await track.settleAbandoned(outcome.record);
    const again = await deps.idempotency.begin(request);
    if (again.kind === 'abandoned')
      throw new AppError('INTERNAL_ERROR', 'Idempotency record could not be settled');
    return again;
  }

  return {
    /**
     * Runs a validated write under its idempotency key. Returns the exact JSON to send (stored for
     * replays) and whether it is a replay.
     */
    async write(input: {
      userId: UserId;
      idempotencyKey: string;
      path: string;
      body: unknown;
      /**
       * The write, or how to build it. A builder (a swap, whose transaction an aggregator builds)
       * runs only once the key is claimed: a replay or a mismatch never reaches upstream.
       */
      intent: WriteIntent | (() => Promise<WriteIntent>);
      /**
       * The API key asking, whose policy the write must satisfy (none: an operator's write). Its
       * rules are checked after a replay is answered (a retry of a write that went through always
       * gets its answer) and before anything is signed.
       */
      key?: KeyOfRequest;
      /** What the write moves, for the key's rules; derived from the intent when it is given. */
      spend?: WriteSpend;
      /** Who asks (the write.accepted audit entry); the service when left out. */
      audit?: AuditContext;
    }): Promise<{ json: string; replayed: boolean }> {
      const id = newId('tx');
      const state = { recorded: false };
      let reserved = false;
      // The key is claimed (and the API key's rules checked) while the write's checks against the
      // chain run: those only read, and nothing is signed before the claim answered. A replay,
      // a mismatch or a refusal by the key's rules is answered as soon as the claim is; a write
      // still reading then stops by itself before signing.
      const claiming = (async (): Promise<Awaited<ReturnType<typeof begin>>> => {
        if (typeof input.intent !== 'function') await afterReadBatchLeaves();
        const outcome = await begin(input);
        if (outcome.kind !== 'execute' || !input.key) return outcome;
        const spend =
          input.spend ?? (typeof input.intent === 'function' ? undefined : writeSpendOf(input.intent));
        try {
          if (!spend)
            throw new AppError('INTERNAL_ERROR', 'A built write needs its spend for the key policy');
          reserved = await deps.keySpend.reserve(input.key, spend, id);
        } catch (err) {
          // A refusal by the key's policy changes nothing, like a 400: the key is left unused.
          outcome.claim.end();
          await outcome.claim.release().catch(() => {});
          throw err;
        }
        return outcome;
      })();
      // The claim as the write path takes it: held, or a refusal that ends the write before signing.
      const held: Promise<Claim> = claiming.then((outcome) => {
        if (outcome.kind !== 'execute')
          throw new Error('the Idempotency-Key was not claimed by this request');
        return outcome.claim;
      });
      held.catch(() => {}); // a write that stopped before its checks never takes it; `claiming` answers
      const { intent } = input;
      // The API key that asked is kept with the transaction: once it is revoked, nothing new is
      // signed for it (tracker.ts).
      const withKey = (i: WriteIntent): WriteIntent =>
        input.key ? { ...i, details: { ...i.details, apiKeyId: input.key.id } } : i;
      const run = async () =>
        submit.submit(
          input.userId,
          withKey(typeof intent === 'function' ? await intent() : intent),
          held,
          state,
          id,
          input.audit,
        );
      // A write given outright starts at once; one built upstream (a swap) only once the key is
      // claimed: a replay or a mismatch never reaches the aggregator.
      const early = typeof intent === 'function' ? null : run();
      early?.catch(() => {}); // its outcome is taken below, once the claim's is known
      let outcome: Awaited<typeof claiming>;
      try {
        outcome = await claiming;
      } catch (err) {
        // Nothing was signed for this request. Only a refusal proves that nothing was sent with
        // the key: not a key still held by a request in flight, nor one used with another body, nor
        // a failure (the database) while a key of a request that ended was being settled.
        const proof =
          err instanceof AppError &&
          err.status < 500 &&
          err.code !== 'IDEMPOTENT_BODY_MISMATCH' &&
          !(err.code === 'IDEMPOTENT_REPLAY' && err.headers?.['Retry-After']);
        throw proof ? err.withSent('no') : err;
      }
      if (outcome.kind === 'replay') return { json: outcome.body, replayed: true };
      const { claim } = outcome;
      try {
        const { json } = await (early ?? run());
        return { json, replayed: false };
      } catch (err) {
        // Once a signed transaction may be recorded, it is the key's outcome: the write path
        // settled the key itself (a definite refusal: `sent: no`), or the sweep answers it with
        // the Submission once this request's lease runs out. Its reservation stays.
        if (state.recorded) {
          if (err instanceof AppError && err.sent === 'no') throw err;
          throw mayHaveBeenSent(id, err);
        }
        // Before, nothing can reach the chain: the key failed, and what it reserved of its API
        // key's daily limits is given back.
        if (reserved) await deps.keySpend.release(id).catch(() => {});
        // A failure on our side or upstream: the caller may well retry, and should know that this
        // key is spent but that a new one is safe.
        const failure =
          err instanceof AppError && err.status < 500
            ? err.withSent('no')
            : nothingSent(
                err,
                (err as AppError).sent === 'no'
                  ? 'A new attempt needs a new Idempotency-Key'
                  : 'Nothing was signed or sent; a new attempt needs a new Idempotency-Key',
              );
        await claim.fail(failure).catch(() => {});
        throw failure;
      } finally {
        claim.end();
      }
    },

    async get(userId: UserId, id: TransactionId): Promise<TransactionView> {
      let tx = await repo.findForUser(id, userId);
      if (!tx) throw new AppError('NOT_FOUND', `Transaction ${id} not found`);
      tx = await track.refreshIfDue(tx);
      return transactionView(deps.chains, tx);
    },

    /** GET /tx: newest first, filtered, paged by a cursor that never skips or repeats. */
    list: (userId: UserId, query: TransactionListQuery) => listTransactions(deps, userId, query),

    listRecent: async (userId: UserId, limit = 50) =>
      (await repo.listRecentByUser(userId, limit)).map((tx) => transactionView(deps.chains, tx)),

    trackDue: track.trackDue,
    reconcileIdempotency: track.reconcileIdempotency,
  };
}

export type TransactionsService = ReturnType<typeof transactionsService>;
