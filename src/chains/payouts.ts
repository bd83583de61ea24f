// What a chain family offers for payouts (issue 31): many transfers of one asset from one wallet,
// done the way the family does them best. EVM signs one transaction per transfer at consecutive
// nonces; Solana packs as many transfers as fit into each transaction (atomic for its transfers).
// The use case (src/app/payouts) records, broadcasts and tracks what is signed here like any write.
import type { TransactionId } from '../domain/ids.ts';
import type { AttemptRecord, TransactionRecord } from '../domain/transactions.ts';
import type { WalletRecord } from '../domain/wallets.ts';
import type { AttemptSigner, BroadcastOutcome, Inspection, SignedWrite } from './chain-adapter.ts';
import type { Chain } from './chain-registry.ts';

/** One payment of a payout: its index in the request, the recipient, the amount in base units. */
export interface PayoutTransfer {
  index: number;
  to: string;
  amount: bigint;
}

/** What a payout pays in: the chain's native coin, or a token (an ERC20 contract, an SPL mint). */
export interface PayoutOrder {
  asset: 'native' | 'token';
  token: string | null;
  /**
   * EVM native only: the transfers packed into Multicall3 aggregate3Value calls (allowFailure
   * false), each transaction atomic for its transfers.
   */
  atomic?: boolean;
}

/** What a whole payout needs at most and what the wallet holds, read before anything is recorded. */
export interface PayoutQuote {
  /** Native units needed: the amounts of a native payout, the worst-case fees, accounts it creates. */
  nativeNeeded: bigint;
  nativeHeld: bigint;
  /** Token units needed (0 for a native payout) and held. */
  tokenNeeded: bigint;
  tokenHeld: bigint;
  /** The worst-case fees alone (with the rent of accounts it creates, on Solana). */
  fees: bigint;
  /** How many chain transactions it takes. */
  transactions: number;
}

/** One signed chain transaction of a payout: the transfers it carries and what its record shows. */
export interface SignedPayoutTransaction {
  id: TransactionId;
  /** The indexes of the transfers it carries (one on EVM, several on Solana). */
  indexes: number[];
  /** What the Transaction resource shows as `to` and `value`. */
  to: string;
  value: bigint;
  details: Record<string, string>;
  signed: SignedWrite;
}

/** A transfer the family could not sign (its checks failed now), with why: the item fails alone. */
export interface UnsignedPayoutTransfer {
  index: number;
  error: string;
}

export interface PayoutWriter {
  /**
   * Reads only: refuses recipients funds must not go to (400 naming the item's index) and says what
   * the payout needs and what the wallet holds.
   */
  quote(
    chain: Chain,
    wallet: WalletRecord,
    order: PayoutOrder,
    transfers: PayoutTransfer[],
  ): Promise<PayoutQuote>;
  /**
   * Signs the chain transactions carrying `transfers` (the next part of a payout), under the
   * wallet's lock. Each transfer comes with the id reserved for it: EVM uses it as its transaction's
   * id, Solana names each transaction after its first transfer. `highestRecordedNonce`: our
   * records' highest nonce of the wallet (EVM), read under the lock.
   */
  sign(
    chain: Chain,
    order: PayoutOrder,
    transfers: (PayoutTransfer & { transactionId: TransactionId })[],
    ctx: {
      signerFor: (id: TransactionId) => AttemptSigner;
      highestRecordedNonce: bigint | null;
      /** How many transfers to sign at most now (the rest wait for the next call). */
      limit: number;
    },
  ): Promise<{ signed: SignedPayoutTransaction[]; unsigned: UnsignedPayoutTransfer[] }>;
  /**
   * Sends many signed attempts at once, in the order given, without waiting for one answer before
   * sending the next; what each answer was, in that order. EVM sends them as one JSON-RPC batch,
   * so a node receives consecutive nonces in order (one that refuses a nonce gap, as a development
   * node does, would otherwise refuse most of them). Absent: the family's `broadcast`, pooled.
   */
  broadcastMany?(chain: Chain, attempts: AttemptRecord[]): Promise<BroadcastOutcome[]>;
  /**
   * Looks at many transactions (of one payout) together: one head read, then every attempt's
   * receipt (EVM) or signature status (Solana) in one batched read. For each, in order: the
   * inspection `inspect` gives when it finds an attempt landed successfully; null for any other
   * case (nothing found, a failed one), which the tracker then looks at alone with every rule of
   * `inspect` (absence proven over several looks, re-sending, re-pricing, revert reasons).
   */
  inspectLanded?(chain: Chain, txs: TransactionRecord[]): Promise<(Inspection | null)[]>;
}
