import type { Logger } from 'pino';
import type { ChainRegistry } from '../../chains/chain-registry.ts';
import type { ChainFamilies } from '../../chains/families.ts';
import type { ApiKeyId, TransactionId, UserId } from '../../domain/ids.ts';
import type { TransactionKind, TransactionRecord } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import { transactionsRepository } from '../../store/repositories/transactions-repository.ts';
import type { WalletLock } from '../../store/wallet-lock.ts';
import type { Clock } from '../../support/clock.ts';
import { newId } from '../../support/ids.ts';
import type { WalletProvider } from '../../wallet-providers/wallet-provider.ts';
import type { ApprovalsService } from '../approvals.ts';
import { type AuditContext, SERVICE_CONTEXT } from '../audit/audit-entry.ts';
import { recordAudit } from '../audit/audit-service.ts';
import type { Claim, IdempotencyService } from '../idempotency.ts';
import { approvalReasons } from '../key-finer-rules.ts';
import type { KeyOfRequest, KeySpendService } from '../key-spend.ts';
import type { WriteSpend } from '../key-write-rules.ts';
import type { WalletsService } from '../wallets.ts';
import type { DeferredWrites } from './deferred-writes.ts';
import { afterReadBatchLeaves } from './read-batch-first.ts';
import { type Submitted, submitter } from './submit.ts';
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
  /** A payout's transaction became final (tracker.ts). */
  onPayoutSettled?: () => void;
  /** Writes an API key's rules send for approval are recorded unsigned and wait (issue 30). */
  approvals?: {
    deferred: DeferredWrites;
    service: Pick<ApprovalsService, 'open' | 'newId' | 'refOf'>;
  };
}

/** Writes (idempotent, tracked) and lookups of the transactions the service created. */
export function transactionsService(deps: TransactionsDeps) {
  const repo = transactionsRepository(deps.db);
  const submit = submitter(deps);
  const track = tracker(deps);

  // The key's request died: settle it from what it recorded (the tracker's rule), then answer from it.
  const begin = (input: { userId: UserId; idempotencyKey: string; path: string; body: unknown }) =>
    deps.idempotency.claim(
      { userId: input.userId, key: input.idempotencyKey, path: input.path, body: input.body },
      (record) => track.settleAbandoned(record),
    );

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
      /** The kind of a write given by its builder (a swap); derived from the intent when it is given. */
      kind?: TransactionKind;
    }): Promise<{ json: string; replayed: boolean; status: number }> {
      const id = newId('tx');
      // Whether the key's rules send this write to a person first: decided before anything runs
      // (they need no history), so a write that waits is never started on the signing path.
      const spendNow =
        input.spend ?? (typeof input.intent === 'function' ? undefined : writeSpendOf(input.intent));
      const kindNow = typeof input.intent === 'function' ? (input.kind ?? 'swap') : input.intent.kind;
      const waits =
        input.key && deps.approvals && spendNow ? approvalReasons(input.key.policy, spendNow, kindNow) : [];
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
      const run = async (): Promise<Submitted & { status?: number }> => {
        const write = withKey(typeof intent === 'function' ? await intent() : intent);
        if (waits.length > 0 && input.key && deps.approvals)
          return holdForApproval(deps.approvals, {
            userId: input.userId,
            id,
            intent: write,
            claim: await held,
            path: input.path,
            body: input.body,
            keyId: input.key.id,
            reasons: waits,
            state,
            audit: input.audit,
          });
        return submit.submit(input.userId, write, held, state, id, input.audit);
      };
      // A write given outright starts at once; one built upstream (a swap) only once the key is
      // claimed: a replay or a mismatch never reaches the aggregator. One that waits for approval
      // is checked once the key is claimed.
      const early = typeof intent === 'function' || waits.length > 0 ? null : run();
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
      if (outcome.kind === 'replay') return { json: outcome.body, replayed: true, status: outcome.status };
      const { claim } = outcome;
      try {
        const { json, status } = await (early ?? run());
        return { json, replayed: false, status: status ?? 200 };
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
      const view = transactionView(deps.chains, tx);
      // Only a write that waited for a person has an approval (its id is in its details).
      const approval =
        typeof tx.details.approvalId === 'string' ? await deps.approvals?.service.refOf(tx.id) : null;
      return approval ? { ...view, approval } : view;
    },

    /** GET /tx: newest first, filtered, paged by a cursor that never skips or repeats. */
    list: (userId: UserId, query: TransactionListQuery) => listTransactions(deps, userId, query),

    listRecent: async (userId: UserId, limit = 50) =>
      (await repo.listRecentByUser(userId, limit)).map((tx) => transactionView(deps.chains, tx)),

    trackDue: track.trackDue,
    reconcileIdempotency: track.reconcileIdempotency,
  };
}

/**
 * A write an API key's rules send to a person: checked against the chain like any write (funds,
 * preflight), then recorded unsigned (a deferred write, held), its approval opened and the
 * request's Idempotency-Key settled with the 202 answer, all in one database transaction: a retry
 * replays the 202, and nothing is signed until the approval is decided.
 */
async function holdForApproval(
  approvals: NonNullable<TransactionsDeps['approvals']>,
  input: {
    userId: UserId;
    id: TransactionId;
    intent: WriteIntent;
    claim: Claim;
    path: string;
    body: unknown;
    keyId: ApiKeyId;
    reasons: string[];
    /** Turned true while the hold may commit: a failure then may have recorded it (a retry tells). */
    state: { recorded: boolean };
    audit?: AuditContext | undefined;
  },
): Promise<Submitted & { status: number }> {
  const approvalId = approvals.service.newId();
  const intent = { ...input.intent, details: { ...input.intent.details, approvalId } };
  const tx = await approvals.deferred.check(input.userId, intent, input.id);
  const lost = () =>
    new AppError(
      'IDEMPOTENT_REPLAY',
      'This request lost its Idempotency-Key while it waited (it was settled as interrupted); nothing was recorded',
    );
  // From here the hold may commit though its answer is lost (the database connection dropped): the
  // caller is told to retry with the same key, which replays the 202 if it did, and what the key's
  // limits reserved stays reserved. Only a refusal of ours proves nothing was recorded.
  input.state.recorded = true;
  try {
    return await holdInOneTransaction(approvals, input, intent, tx, approvalId, lost);
  } catch (err) {
    if (err instanceof AppError) input.state.recorded = false;
    throw err;
  }
}

async function holdInOneTransaction(
  approvals: NonNullable<TransactionsDeps['approvals']>,
  input: {
    userId: UserId;
    id: TransactionId;
    claim: Claim;
    path: string;
    body: unknown;
    keyId: ApiKeyId;
    reasons: string[];
    audit?: AuditContext | undefined;
  },
  intent: WriteIntent,
  tx: TransactionRecord,
  approvalId: string,
  lost: () => AppError,
): Promise<Submitted & { status: number }> {
  return approvals.deferred.transaction(async (q) => {
    const link = input.claim.link;
    if (!(await approvals.deferred.hold(q, { tx, path: input.path, body: input.body, link, state: 'held' })))
      throw lost();
    const approval = await approvals.service.open(q, {
      id: approvalId,
      userId: input.userId,
      transactionId: input.id,
      keyId: input.keyId,
      reasons: input.reasons,
    });
    // The Submission's fields, in its order, and the approval: the bytes a retry replays.
    const json = JSON.stringify({
      id: tx.id,
      status: 'PENDING',
      hash: null,
      explorerUrl: null,
      chainName: intent.chain.name,
      approval,
    });
    if (!(await approvals.deferred.settleKey(q, link, 202, json))) throw lost();
    // Last: the entry holds the audit chain's head until the commit.
    await recordAudit(
      q,
      input.audit ?? SERVICE_CONTEXT,
      {
        action: 'write.approval_requested',
        userId: input.userId,
        target: { type: 'transaction', id: tx.id },
        details: {
          approvalId,
          kind: tx.kind,
          chain: tx.chain,
          from: tx.fromAddress,
          to: tx.toAddress,
          value: tx.value,
          reasons: input.reasons,
        },
      },
      tx.createdAt,
    );
    return { json, status: 202 };
  });
}

export type TransactionsService = ReturnType<typeof transactionsService>;
