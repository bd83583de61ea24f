import type { Static } from 'typebox';
import type { Chain, ChainRegistry } from '../../chains/chain-registry.ts';
import type { TransactionRecord } from '../../domain/transactions.ts';
import type { SubmissionSchema, TransactionSchema } from '../../schemas/transactions.ts';
import { intentOf } from './intent-view.ts';

/** The Submission response of every write endpoint (its schema is the one source). */
export type SubmissionView = Static<typeof SubmissionSchema>;

/** The Transaction resource of GET /tx/{id} (with the extensions of A9; its schema is the one source). */
export type TransactionView = Static<typeof TransactionSchema>;

/** A transaction made on a development network that has restarted since (another chain now). */
export function isFromEarlierChain(chain: Chain | null, tx: TransactionRecord): boolean {
  const made = tx.details.chainInstance;
  return Boolean(chain?.instance && typeof made === 'string' && made !== chain.instance());
}

function chainOf(chains: ChainRegistry, slug: string) {
  try {
    return chains.get(slug);
  } catch {
    return null; // a chain disabled since: still show the transaction
  }
}

export function submissionView(chains: ChainRegistry, tx: TransactionRecord): SubmissionView {
  const chain = chainOf(chains, tx.chain);
  return {
    id: tx.id,
    status: 'SUBMITTED',
    hash: tx.hash,
    explorerUrl: chain ? chains.explorerUrl(chain, tx.hash) : null,
    chainName: chain?.name ?? tx.chain,
  };
}

export function transactionView(chains: ChainRegistry, tx: TransactionRecord): TransactionView {
  const chain = chainOf(chains, tx.chain);
  // The hash of a transaction refused at its only broadcast is not shown: it exists nowhere but here.
  // A PENDING one shows it: it may have reached the chain before the service was cut off.
  const neverSent = tx.status === 'FAILED' && tx.details.broadcast === 'no';
  const hash = neverSent ? null : tx.hash;
  return {
    id: tx.id,
    status: tx.status,
    hash,
    explorerUrl: chain ? chains.explorerUrl(chain, hash) : null,
    chainName: chain?.name ?? tx.chain,
    chainType: tx.chainType,
    chainId: tx.chainId,
    chain: tx.chain,
    kind: tx.kind,
    from: tx.fromAddress,
    to: tx.toAddress,
    value: tx.value,
    intent: intentOf(tx),
    error: tx.error,
    nonce: tx.nonce === null || neverSent ? null : Number(tx.nonce),
    attempts: neverSent ? [] : tx.attempts.map((a) => a.hash),
    stuckReason: tx.status === 'SUBMITTED' || tx.status === 'PENDING' ? tx.stuckReason : null,
    devnetReset: isFromEarlierChain(chain, tx),
    createdAt: tx.createdAt.toISOString(),
    updatedAt: tx.updatedAt.toISOString(),
  };
}

/** Stable JSON of a submission: the exact bytes stored for idempotent replays. */
export function submissionJson(view: SubmissionView): string {
  return JSON.stringify({
    id: view.id,
    status: view.status,
    hash: view.hash,
    explorerUrl: view.explorerUrl,
    chainName: view.chainName,
  });
}
