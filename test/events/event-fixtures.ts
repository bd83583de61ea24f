import { asTransactionId, type UserId, type WalletId } from '../../src/domain/ids.ts';
import type { TransactionRecord } from '../../src/domain/transactions.ts';
import type { Queryable } from '../../src/store/database.ts';
import { transactionsRepository } from '../../src/store/repositories/transactions-repository.ts';
import { newId } from '../../src/support/ids.ts';

/** A user's wallet of a chain type, as stored (transactions name it). */
export async function walletRow(db: Queryable, userId: UserId, chainType: 'ethereum' | 'solana') {
  const rows = await db.query<{ id: WalletId; address: string }>(
    'select id, address from wallets where user_id = $1 and chain_type = $2 order by created_at limit 1',
    [userId, chainType],
  );
  if (!rows[0]) throw new Error(`no ${chainType} wallet for ${userId}`);
  return rows[0];
}

/**
 * Records a transaction through the service's own repository (the statement the write path runs),
 * on `db`, which may be a transaction's connection: what the trigger makes of it is the real thing.
 */
export async function recordTransaction(
  db: Queryable,
  wallet: { id: WalletId; address: string; userId: UserId; chainType?: 'ethereum' | 'solana' },
  overrides: Partial<TransactionRecord> = {},
): Promise<TransactionRecord> {
  const now = new Date();
  const evm = (wallet.chainType ?? 'ethereum') === 'ethereum';
  const tx: TransactionRecord = {
    id: asTransactionId(newId('tx')),
    userId: wallet.userId,
    walletId: wallet.id,
    chain: evm ? 'evm-localnet' : 'solana-localnet',
    chainType: evm ? 'ethereum' : 'solana',
    chainId: evm ? 31337 : -1,
    kind: 'send',
    fromAddress: wallet.address,
    toAddress: evm ? '0x000000000000000000000000000000000000dEaD' : '11111111111111111111111111111111',
    value: '1000',
    status: 'PENDING',
    hash: null,
    error: null,
    nonce: null,
    details: { asset: 'native', amount: '1000' },
    payload: {},
    stuckReason: null,
    landedBlock: null,
    landedBlockHash: null,
    attempts: [],
    createdAt: now,
    updatedAt: now,
    nextCheckAt: null,
    ...overrides,
  };
  if (!(await transactionsRepository(db).insert(tx, null, null))) throw new Error('not recorded');
  return tx;
}
