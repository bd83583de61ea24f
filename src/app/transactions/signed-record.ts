import type { SignedWrite } from '../../chains/chain-adapter.ts';
import type { PreparedWrite } from '../../chains/chain-family.ts';
import type { TransactionId, UserId } from '../../domain/ids.ts';
import type { TransactionRecord } from '../../domain/transactions.ts';
import type { WalletRecord } from '../../domain/wallets.ts';

/**
 * A record the request is still broadcasting is left to the request this long; past it (the
 * process died) the tracker takes it over. Longer than any RPC timeout.
 */
export const REQUEST_GRACE_MS = 2 * 60_000;

/** The record of a signed write, PENDING until its first broadcast was tried. */
export function signedRecord(input: {
  id: TransactionId;
  userId: UserId;
  wallet: WalletRecord;
  write: PreparedWrite;
  signed: SignedWrite;
  now: Date;
}): TransactionRecord {
  const { id, userId, wallet, write, signed, now } = input;
  return {
    id,
    userId,
    walletId: wallet.id,
    chain: write.chain.slug,
    chainType: write.chain.chainType,
    chainId: write.chain.chainId,
    kind: write.kind,
    fromAddress: wallet.address,
    toAddress: write.to,
    value: write.value.toString(),
    status: 'PENDING',
    hash: signed.attempt.hash,
    error: null,
    nonce: signed.nonce,
    // On a development network, the chain it was made on (a restart starts another one).
    details: write.chain.instance
      ? { ...write.details, chainInstance: write.chain.instance() }
      : write.details,
    payload: signed.payload,
    stuckReason: null,
    landedBlock: null,
    landedBlockHash: null,
    attempts: [signed.attempt],
    createdAt: now,
    updatedAt: now,
    nextCheckAt: new Date(now.getTime() + REQUEST_GRACE_MS),
  };
}
