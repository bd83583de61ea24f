import type { TransactionId } from '../../domain/ids.ts';
import type { AttemptRecord, TransactionRecord } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import { isDatabaseUnavailable } from '../../store/database-errors.ts';
import type { AuditAppend } from '../../store/repositories/audit-repository.ts';
import type { TransactionsRepository } from '../../store/repositories/transactions-repository.ts';
import type { Claim } from '../idempotency.ts';

/** Seconds a caller is told to wait before retrying after the database failed. */
const RETRY_AFTER_S = '5';

/**
 * The answer to a write that failed once its signed transaction may have been recorded (DESIGN
 * A9): never "nothing was done". The key is left to the request's outcome: a retry with it gets
 * the Submission (from this request, or from the sweep that settles keys of requests that ended).
 */
export function mayHaveBeenSent(id: TransactionId, cause: unknown): AppError {
  return new AppError(
    'SEND_OUTCOME_UNKNOWN',
    `The write failed after transaction ${id} was signed (${reason(cause)}): a transaction may have been sent. ` +
      'Retry with the same Idempotency-Key to get its outcome; that never sends twice',
    { cause, sent: 'maybe', headers: { 'Retry-After': RETRY_AFTER_S } },
  );
}

/**
 * A failure before anything was recorded: nothing was sent and nothing can land (`sent: no`).
 * The database being unreachable keeps its 503; anything else unexpected is a 500.
 */
export function nothingSent(err: unknown, note: string): AppError {
  if (err instanceof AppError) return err.withSent('no', note ? `${err.message}. ${note}` : err.message);
  if (isDatabaseUnavailable(err))
    return new AppError(
      'SERVICE_UNAVAILABLE',
      `The database is unreachable; nothing was sent${note ? `. ${note}` : ''}`,
      { cause: err, sent: 'no', headers: { 'Retry-After': RETRY_AFTER_S } },
    );
  return new AppError('INTERNAL_ERROR', `Internal error${note ? `. ${note}` : ''}`, {
    cause: err,
    sent: 'no',
  });
}

function reason(cause: unknown): string {
  if (isDatabaseUnavailable(cause)) return 'the database connection failed';
  if (cause instanceof AppError) return cause.message;
  return 'an unexpected error';
}

/**
 * What became of a write whose recording statement failed: one whose answer never came (the
 * connection dropped while the commit's answer travelled) may have committed. Burning the key
 * unless something is linked to it (a statement still on its way then finds the key failed and
 * records nothing) proves it `absent`; else `found` reads it back: `recorded`, or `not-ours` (the
 * key was settled by someone else: the sweep of requests that ended). `unknown` when the database
 * cannot say: the caller answers that the write may have happened, never "nothing was done".
 * Without a key only the read-back decides, and a late commit cannot be ruled out.
 */
export async function readBack(
  claim: Claim | null,
  failure: AppError,
  found: () => Promise<boolean>,
): Promise<'recorded' | 'absent' | 'not-ours' | 'unknown'> {
  try {
    if (claim && (await claim.failIfUnrecorded(failure))) return 'absent';
    if (await found()) return 'recorded';
    return claim ? 'not-ours' : 'unknown';
  } catch {
    // The sweep of abandoned keys settles it once the database answers again (the key keeps this
    // request's claim; its lease runs out when the request ends).
    return 'unknown';
  }
}

/**
 * Records a signed transaction, linked to the request's key, reading it back when the INSERT's
 * answer did not come (readBack). Returns true when the transaction is recorded (broadcast it),
 * false when the request no longer holds its key (nothing recorded). Throws a `sent: no` error when
 * nothing was recorded, and `mayHaveBeenSent` when that cannot be told.
 */
export async function recordSigned(
  repo: TransactionsRepository,
  tx: TransactionRecord,
  attempt: AttemptRecord,
  claim: Claim | null,
  audit: AuditAppend | null = null,
): Promise<boolean> {
  try {
    return await repo.insert(tx, attempt, claim?.link ?? null, audit);
  } catch (err) {
    const failure = nothingSent(err, '');
    const settled = await readBack(claim, failure, async () => (await repo.findById(tx.id)) !== null);
    if (settled === 'recorded') return true;
    if (settled === 'not-ours') return false;
    if (settled === 'unknown') throw mayHaveBeenSent(tx.id, err);
    throw failure;
  }
}
