import type { Signature } from '@solana/kit';
import type { Logger } from 'pino';
import type { Hex } from 'viem';
import { getAddress } from 'viem';
import type { ChainRegistry } from '../../chains/chain-registry.ts';
import { broadcastEvmTransaction, evmTransactionStatus } from '../../chains/evm/evm-transactions.ts';
import type { ChainClients } from '../../chains/rpc-clients.ts';
import {
  broadcastSolanaTransaction,
  solanaTransactionStatus,
} from '../../chains/solana/solana-transactions.ts';
import type { Database } from '../../store/database.ts';
import { idempotencyRepository } from '../../store/repositories/idempotency-repository.ts';
import {
  type TransactionRecord,
  type TransactionStatus,
  transactionsRepository,
} from '../../store/repositories/transactions-repository.ts';
import type { Clock } from '../../support/clock.ts';
import { submissionJson, submissionView } from './views.ts';

export interface TrackerDeps {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  clients: ChainClients;
  logger?: Logger;
  onWalletWrite?: (chain: string, address: string) => Promise<void>;
}

const BATCH = 25;
const LEASE_MS = 30_000;
/** A PENDING record with no signed transaction this old was cut off before signing: it never left. */
const UNSIGNED_GRACE_MS = 120_000;
/** An EVM transaction unknown to the node this long after its broadcast is reported dropped. */
const DROPPED_AFTER_MS = 30 * 60_000;

/** Checks sooner while a transaction is young: most land within seconds. */
function nextCheck(tx: TransactionRecord, now: Date): Date {
  const age = now.getTime() - tx.createdAt.getTime();
  const delay = age < 30_000 ? 1000 : age < 5 * 60_000 ? 5000 : 30_000;
  return new Date(now.getTime() + delay);
}

/**
 * Moves PENDING and SUBMITTED transactions on to CONFIRMED or FAILED (DESIGN A9): receipts on EVM,
 * signature statuses and blockhash expiry on Solana. Signed copies are rebroadcast while they can
 * still land, which also reconciles a broadcast cut off by a crash.
 */
export function tracker(deps: TrackerDeps) {
  const repo = transactionsRepository(deps.db);
  const idempotency = idempotencyRepository(deps.db);

  const move = async (
    tx: TransactionRecord,
    status: TransactionStatus,
    extra: { error?: string; broadcast?: 'no'; releaseNonce?: boolean } = {},
  ) => {
    const now = deps.clock.now();
    const final = status === 'CONFIRMED' || status === 'FAILED';
    const updated = await repo.transition(tx.id, [tx.status], {
      status,
      ...(extra.error !== undefined ? { error: extra.error } : {}),
      nextCheckAt: final ? null : nextCheck(tx, now),
      now,
      ...(extra.broadcast ? { releaseNonce: true, details: { broadcast: 'no' } } : {}),
      ...(extra.releaseNonce ? { releaseNonce: true } : {}),
    });
    if (final && updated) await deps.onWalletWrite?.(tx.chain, tx.fromAddress).catch(() => {});
    return updated ?? (await repo.findById(tx.id)) ?? tx;
  };

  async function refreshEvm(tx: TransactionRecord): Promise<TransactionRecord> {
    const chain = deps.chains.get(tx.chain);
    const client = deps.clients.evm(chain);
    const status = await evmTransactionStatus(client, chain, tx.hash as Hex, getAddress(tx.fromAddress));
    if (status.state === 'confirmed') return move(tx, 'CONFIRMED');
    if (status.state === 'failed') return move(tx, 'FAILED', { error: status.error });
    if (status.state === 'pending') return tx.status === 'PENDING' ? move(tx, 'SUBMITTED') : reschedule(tx);
    // Unknown to the node: never arrived (crash, timeout) or dropped from its pool. Send it again.
    const result = await broadcastEvmTransaction(client, chain, tx.signedTx as Hex);
    if (result.ok) return tx.status === 'PENDING' ? move(tx, 'SUBMITTED') : reschedule(tx);
    if (result.definite) {
      const again = await evmTransactionStatus(client, chain, tx.hash as Hex, getAddress(tx.fromAddress));
      if (again.state === 'confirmed') return move(tx, 'CONFIRMED');
      if (again.state === 'failed') return move(tx, 'FAILED', { error: again.error });
      const neverSent = tx.status === 'PENDING';
      if (neverSent || deps.clock.now().getTime() - tx.updatedAt.getTime() > DROPPED_AFTER_MS)
        // Not mined and refused again: its nonce is either free or taken by another transaction;
        // the node's pending count is right in both cases, so our record stops claiming it.
        return move(tx, 'FAILED', {
          error: `Transaction dropped: ${result.error.message}`,
          releaseNonce: true,
          ...(neverSent ? { broadcast: 'no' as const } : {}),
        });
    }
    return reschedule(tx);
  }

  async function refreshSolana(tx: TransactionRecord): Promise<TransactionRecord> {
    const chain = deps.chains.get(tx.chain);
    const rpc = deps.clients.solana(chain);
    const lastValid = tx.lastValidBlockHeight ?? 0n;
    const status = await solanaTransactionStatus(rpc, chain, tx.hash as Signature, lastValid);
    if (status.state === 'confirmed') return move(tx, 'CONFIRMED');
    if (status.state === 'failed') return move(tx, 'FAILED', { error: status.error });
    if (status.state === 'expired')
      return move(tx, 'FAILED', {
        error: `Transaction expired: it did not land before block height ${lastValid}, when its blockhash stopped being valid`,
      });
    // Still valid and not seen: nodes drop transactions, so resend the same signed copy.
    const result = await broadcastSolanaTransaction(rpc, chain, tx.signedTx ?? '');
    if (result.ok && tx.status === 'PENDING') return move(tx, 'SUBMITTED');
    if (!result.ok && result.definite && tx.status === 'PENDING')
      return move(tx, 'FAILED', { error: result.error.message, broadcast: 'no' });
    return reschedule(tx);
  }

  const reschedule = async (tx: TransactionRecord) => {
    const at = nextCheck(tx, deps.clock.now());
    await repo.reschedule(tx.id, at);
    return { ...tx, nextCheckAt: at };
  };

  /** One look at a transaction; RPC failures leave it as it is, to be looked at again. */
  async function refresh(tx: TransactionRecord): Promise<TransactionRecord> {
    if (tx.status !== 'PENDING' && tx.status !== 'SUBMITTED') return tx;
    if (!tx.signedTx || !tx.hash) {
      if (deps.clock.now().getTime() - tx.createdAt.getTime() < UNSIGNED_GRACE_MS) return tx;
      return move(tx, 'FAILED', {
        error: 'Not sent: the service stopped before the transaction was signed',
        broadcast: 'no',
      });
    }
    try {
      return tx.chainType === 'ethereum' ? await refreshEvm(tx) : await refreshSolana(tx);
    } catch (err) {
      deps.logger?.warn({ err, transactionId: tx.id }, 'transaction check failed; will retry');
      return reschedule(tx).catch(() => tx);
    }
  }

  return {
    refresh,

    /** Claims and checks the transactions that are due; returns how many it looked at. */
    async trackDue(): Promise<number> {
      const now = deps.clock.now();
      const due = await repo.claimDue(now, BATCH, new Date(now.getTime() + LEASE_MS));
      await Promise.all(due.map((tx) => refresh(tx)));
      return due.length;
    },

    /**
     * Settles idempotency records left in progress by a process that stopped mid-request: if its
     * transaction reached the chain, the key now replays the Submission the caller never received;
     * otherwise the key is burned like any failed attempt.
     */
    async reconcileIdempotency(olderThan: Date): Promise<number> {
      const stale = await idempotency.listInProgressBefore(olderThan);
      for (const rec of stale) {
        let tx = rec.transactionId ? await repo.findById(rec.transactionId) : null;
        if (tx && tx.status === 'PENDING') tx = await refresh(tx);
        const now = deps.clock.now();
        const broadcast = tx && tx.status !== 'PENDING' && tx.details.broadcast !== 'no';
        if (tx && broadcast)
          await idempotency.succeed(
            rec.userId,
            rec.key,
            200,
            submissionJson(submissionView(deps.chains, tx)),
            now,
          );
        else if (!tx || tx.status === 'FAILED') await idempotency.fail(rec.userId, rec.key, now);
      }
      return stale.length;
    },
  };
}

export type Tracker = ReturnType<typeof tracker>;
