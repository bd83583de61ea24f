import type { Logger } from 'pino';
import type { ChainRegistry } from '../../chains/chain-registry.ts';
import type { ChainFamilies } from '../../chains/families.ts';
import type { TransactionId, UserId } from '../../domain/ids.ts';
import type { AttemptRecord, TransactionRecord } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import { transactionsRepository } from '../../store/repositories/transactions-repository.ts';
import type { WalletLock } from '../../store/wallet-lock.ts';
import type { Clock } from '../../support/clock.ts';
import { newId } from '../../support/ids.ts';
import type { WalletProvider } from '../../wallet-providers/wallet-provider.ts';
import { type AuditContext, prepareAuditEntry, SERVICE_CONTEXT } from '../audit/audit-entry.ts';
import type { Claim } from '../idempotency.ts';
import type { WalletsService } from '../wallets.ts';
import { resolveWriteWallet } from '../write-wallet.ts';
import { afterReadBatchLeaves } from './read-batch-first.ts';
import { signedRecord } from './signed-record.ts';
import { submissionJson, submissionView } from './views.ts';
import type { WriteIntent } from './write-intents.ts';
import { recordSigned } from './write-outcomes.ts';

export interface SubmitDeps {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  families: ChainFamilies;
  provider: WalletProvider;
  wallets: WalletsService;
  lock: WalletLock;
  /** Called after a wallet sent something (balance caches). */
  onWalletWrite?: (chain: string, address: string) => Promise<void>;
  logger?: Logger;
}

/** Waits between the tries of a statement that stores an outcome already answered. */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];

/** Tries `store` again a few times in the background, until it succeeds. */
function retryLater(store: () => Promise<unknown>, attempt = 0): void {
  const delay = RETRY_DELAYS_MS[attempt];
  if (delay === undefined) return;
  setTimeout(() => {
    store().catch(() => retryLater(store, attempt + 1));
  }, delay).unref();
}

const FIRST_CHECK_MS = 1000;

/** A write accepted for broadcast: the Submission JSON sent (and stored for replays). */
export interface Submitted {
  json: string;
}

/**
 * The write path (DESIGN A7, A9): checks before signing (wallet, funds), then, under the wallet's
 * lock, its chain family signs, the signed transaction is recorded (linked to the request's key), and it
 * is broadcast. From the moment it is recorded, the signed transaction is the key's outcome: an
 * uncertain broadcast answers 200 with the Submission, and only a node's definite refusal of a
 * transaction that therefore can never land burns the key.
 */
export function submitter(deps: SubmitDeps) {
  const repo = transactionsRepository(deps.db);

  return {
    /**
     * Runs a write, in this order, under the wallet's lock: its family's checks against the chain
     * (reads, which change nothing), the claim on the request's Idempotency-Key (`claiming`; null: a
     * write without one) and our records' highest nonce, together; then the signature, the record,
     * the broadcast. Nothing is signed before both the checks passed and the key is held; a claim that
     * says no ends the write at once. `state.recorded` turns true once a signed transaction may be
     * recorded for the key (its INSERT left): from then on the key's outcome is settled here or by
     * the sweep, never by the caller's error handling, and no error may say that nothing was sent.
     */
    async submit(
      userId: UserId,
      intent: WriteIntent,
      claiming: Promise<Claim | null>,
      state: { recorded: boolean },
      id: TransactionId = newId('tx'),
      audit: AuditContext = SERVICE_CONTEXT,
      /**
       * How the signed transaction is recorded (default: inserted, linked to the request's key). A
       * deferred write (deferred-writes.ts) records its attempt on the row it already has; it
       * returns false, like the insert, when its claim was lost and nothing may be broadcast.
       */
      record?: (tx: TransactionRecord, attempt: AttemptRecord) => Promise<boolean>,
    ): Promise<Submitted> {
      const { chain } = intent;
      const family = deps.families.of(chain);
      const wallet = await resolveWriteWallet(deps.wallets, userId, chain, intent.from);
      const signer = { provider: deps.provider, wallet, transactionId: id };
      try {
        return await deps.lock.withLock(wallet.id, chain.slug, async (held) => {
          // Reads still in flight when the claim says no are left to finish on their own: they
          // change nothing, and the next write of the wallet need not wait for them.
          // Our records' highest nonce is read beside them: under the wallet's lock nothing else
          // records a transaction of the wallet on this chain (nonce-rules.ts).
          const [checked, claim, highest] = await Promise.all([
            intent.check({ wallet, transactionId: id }),
            claiming,
            family.usesNonces
              ? afterReadBatchLeaves().then(() => repo.maxNonce(wallet.id, chain.slug, chain.instance?.()))
              : null,
          ]);
          const signed = await checked.sign(signer, highest);
          const tx = signedRecord({ id, userId, wallet, write: intent, signed, now: deps.clock.now() });
          // The lock's session ended (a database restart): another instance may hold the wallet
          // now and sign the same nonce. What was signed here is dropped unsent.
          if (!held())
            throw new AppError(
              'SERVICE_UNAVAILABLE',
              "The database connection holding the wallet's lock was lost before the transaction was recorded; nothing was sent, retry shortly",
              { headers: { 'Retry-After': '5' }, sent: 'no' },
            );
          // From the moment the INSERT leaves, the transaction may be recorded (and then broadcast
          // by the tracker): only a read-back that proves otherwise (recordSigned) turns this back.
          state.recorded = true;
          let inserted: boolean;
          try {
            // Its audit entry goes in the INSERT's statement: recorded with it or not at all.
            const entry = prepareAuditEntry(
              audit,
              {
                action: 'write.accepted',
                userId,
                target: { type: 'transaction', id },
                details: {
                  kind: tx.kind,
                  chain: tx.chain,
                  from: tx.fromAddress,
                  to: tx.toAddress,
                  value: tx.value,
                },
              },
              tx.createdAt,
            );
            inserted = record
              ? await record(tx, signed.attempt)
              : await recordSigned(repo, tx, signed.attempt, claim, entry);
          } catch (err) {
            if ((err as AppError).sent === 'no') state.recorded = false;
            throw err;
          }
          if (!inserted) {
            state.recorded = false;
            throw new AppError(
              'IDEMPOTENT_REPLAY',
              'This request lost its Idempotency-Key while it waited (it was settled as interrupted); nothing was sent',
            );
          }
          const outcome = await family.broadcast(chain, signed.attempt);
          const now = deps.clock.now();
          if (
            outcome.kind === 'nonce-used' ||
            outcome.kind === 'insufficient-funds' ||
            outcome.kind === 'invalid'
          ) {
            // Refused as signed, at its only broadcast: it can never land, and its nonce (the
            // wallet's highest, under this lock) is free again.
            const error = new AppError(
              outcome.kind === 'insufficient-funds' ? 'INSUFFICIENT_FUNDS' : 'SEND_FAILED',
              `${chain.name} refused the transaction: ${outcome.reason}`,
              { cause: outcome.cause, sent: 'no' },
            );
            await repo.transition(id, ['PENDING'], {
              status: 'FAILED',
              error: error.message,
              nextCheckAt: null,
              now,
              releaseNonce: true,
              details: { broadcast: 'no' },
            });
            await claim?.fail(error);
            throw error;
          }
          const stuckReason =
            outcome.kind === 'underpriced'
              ? `Fees too low for now (${outcome.reason}); it is re-priced automatically`
              : outcome.kind === 'nonce-gap'
                ? `Waiting for an earlier transaction of this wallet (${outcome.reason})`
                : null;
          // The response is stored with the state change, in one statement: what a replay sends.
          const json = submissionJson(submissionView(deps.chains, tx));
          const change = {
            now,
            nextCheckAt: new Date(now.getTime() + FIRST_CHECK_MS),
            link: claim?.link ?? null,
            responseBody: json,
            stuckReason,
          };
          // Broadcast: the answer is the Submission whatever the database does now. Should it fail
          // to store it, it is stored again shortly; failing that, the sweep of abandoned keys
          // stores it, and the tracker takes the PENDING record over after its grace period.
          await repo.markSubmitted(id, change).catch((err: unknown) => {
            deps.logger?.warn({ err, transactionId: id }, 'broadcast not marked submitted; retrying');
            retryLater(() => repo.markSubmitted(id, change));
          });
          return { json };
        });
      } finally {
        // Not awaited, and only once the answer is on its way (setImmediate: before this process
        // reads its next request): publishing on the bus is a database statement, and the embedded
        // database runs on this thread. This instance's caches are dropped then, other instances
        // are told through the bus shortly after.
        if (state.recorded)
          setImmediate(() => {
            deps.onWalletWrite?.(chain.slug, wallet.address).catch(() => {});
          });
      }
    },
  };
}

export type Submitter = ReturnType<typeof submitter>;
