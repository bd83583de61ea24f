/**
 * Resolves once the chain reads a write starts at once have left (the "read batch first" rule).
 * A write finds its wallet and takes its lock, then its family's checks make their reads, which
 * leave as one JSON-RPC batch at the end of that turn (chains/evm/batch-transport.ts). The embedded
 * database runs its statements on this thread: a statement run first would hold the reads back, one
 * run after they left overlaps their round trip. Two turns of the event loop cover the wallet and
 * the lock; they cost a database server nothing. The database work of a write that overlaps its
 * chain reads waits for this: the Idempotency-Key claim (transactions.ts) and our records' highest
 * nonce (submit.ts). Only the send benchmark shows it when it stops holding (bench:compare).
 */
export async function afterReadBatchLeaves(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}
