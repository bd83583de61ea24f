import type { Logger } from 'pino';
import type { ChainRegistry } from '../../chains/chain-registry.ts';
import type { ChainClients } from '../../chains/rpc-clients.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Database } from '../../store/database.ts';
import { transactionsRepository } from '../../store/repositories/transactions-repository.ts';
import type { WalletLock } from '../../store/wallet-lock.ts';
import type { Clock } from '../../support/clock.ts';
import type { WalletProvider } from '../../wallet-providers/wallet-provider.ts';
import type { IdempotencyService } from '../idempotency.ts';
import type { WalletsService } from '../wallets.ts';
import { submitter } from './submit.ts';
import { tracker } from './tracker.ts';
import { type TransactionView, transactionView } from './views.ts';
import type { WriteIntent } from './write-intents.ts';

export interface TransactionsDeps {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  clients: ChainClients;
  provider: WalletProvider;
  wallets: WalletsService;
  lock: WalletLock;
  idempotency: IdempotencyService;
  solanaPriorityFeeCapMicroLamports: bigint;
  logger?: Logger;
  onWalletWrite?: (chain: string, address: string) => Promise<void>;
}

/** A lookup of a SUBMITTED transaction older than this checks the chain before answering. */
const STALE_MS = 2000;

/** Writes (idempotent, tracked) and lookups of the transactions the service created. */
export function transactionsService(deps: TransactionsDeps) {
  const repo = transactionsRepository(deps.db);
  const submit = submitter(deps);
  const track = tracker(deps);

  return {
    /**
     * Runs a validated write under its idempotency key. Returns the exact JSON to send (stored for
     * replays) and whether it is a replay.
     */
    async write(input: {
      userId: string;
      idempotencyKey: string;
      path: string;
      body: unknown;
      /**
       * The write, or how to build it. A builder (a swap, whose transaction an aggregator builds)
       * runs only once the key is claimed: a replay or a mismatch never reaches upstream.
       */
      intent: WriteIntent | (() => Promise<WriteIntent>);
    }): Promise<{ json: string; replayed: boolean }> {
      const outcome = await deps.idempotency.begin({
        userId: input.userId,
        key: input.idempotencyKey,
        path: input.path,
        body: input.body,
      });
      if (outcome.kind === 'replay') return { json: outcome.body, replayed: true };
      try {
        const intent = typeof input.intent === 'function' ? await input.intent() : input.intent;
        const { json } = await submit.submit(input.userId, intent, outcome.link);
        return { json, replayed: false };
      } catch (err) {
        await outcome.fail().catch(() => {});
        throw err;
      }
    },

    async get(userId: string, id: string): Promise<TransactionView> {
      let tx = await repo.findForUser(id, userId);
      if (!tx) throw new AppError('NOT_FOUND', `Transaction ${id} not found`);
      if (
        (tx.status === 'SUBMITTED' || tx.status === 'PENDING') &&
        deps.clock.now().getTime() - tx.updatedAt.getTime() >= STALE_MS
      )
        tx = await track.refresh(tx);
      return transactionView(deps.chains, tx);
    },

    listRecent: async (userId: string, limit = 50) =>
      (await repo.listRecentByUser(userId, limit)).map((tx) => transactionView(deps.chains, tx)),

    trackDue: track.trackDue,
    reconcileIdempotency: track.reconcileIdempotency,
  };
}

export type TransactionsService = ReturnType<typeof transactionsService>;
