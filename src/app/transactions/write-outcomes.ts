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
 * Records a signed transaction, linked to the request's key. An INSERT whose answer did not come
 * (the connection dropped while the commit's answer travelled) may have committed: it is read
 * back before anything is decided. Returns true when the transaction is recorded (broadcast it),
 * false when the request no longer holds its key (nothing recorded). Throws a `sent: no` error when
 * the read-back proves nothing was recorded, and `mayHaveBeenSent` when it cannot tell.
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
    let settled: 'recorded' | 'absent' | 'not-ours';
    try {
      // Burning the key unless a transaction is linked settles it: an INSERT still on its way
      // finds the key failed and records nothing.
      if (claim && (await claim.failIfUnrecorded(failure))) settled = 'absent';
      else settled = (await repo.findById(tx.id)) ? 'recorded' : claim ? 'not-ours' : 'absent';
    } catch {
      // The sweep of abandoned keys settles it once the database answers again (the key keeps
      // this request's claim; its lease runs out when the request ends).
      throw mayHaveBeenSent(tx.id, err);
    }
    if (settled === 'recorded') return true;
    if (settled === 'not-ours') return false;
    // With no key to settle it (not a path the API takes), a late commit cannot be ruled out.
    if (!claim) throw mayHaveBeenSent(tx.id, err);
    throw failure;
  }
}
