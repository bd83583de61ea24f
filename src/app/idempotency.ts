import { createHash, randomUUID } from 'node:crypto';
import type { UserId } from '../domain/ids.ts';
import { AppError } from '../errors/app-error.ts';
import type { Database } from '../store/database.ts';
import {
  type IdempotencyRecord,
  idempotencyRepository,
} from '../store/repositories/idempotency-repository.ts';
import type { Clock } from '../support/clock.ts';

/** JSON with object keys sorted and no whitespace: two bodies that mean the same hash the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function fingerprint(body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(body ?? {}))
    .digest('hex');
}

/** What a 409 for a request still in flight tells the caller to wait, in seconds. */
const IN_FLIGHT_RETRY_AFTER_S = 2;

/** A key this request claimed: renewed while it runs, released by `end`. */
export interface Claim {
  link: { userId: UserId; key: string; claimToken: string };
  /** Burns the key with the reason (nothing was signed, or the one signed transaction was refused). */
  fail(error: AppError): Promise<void>;
  /**
   * Burns the key with the reason unless a transaction is linked to it; true when it did (then
   * nothing was recorded, and nothing can be any more).
   */
  failIfUnrecorded(error: AppError): Promise<boolean>;
  /** Forgets the claim, leaving no record (a refusal that, like a 400, must change nothing). */
  release(): Promise<void>;
  /** Stops renewing the lease (the request is over). */
  end(): void;
}

/** The request a key is claimed for. */
export interface KeyRequest {
  userId: UserId;
  key: string;
  path: string;
  body: unknown;
}

export type IdempotentOutcome =
  | { kind: 'execute'; claim: Claim }
  | { kind: 'replay'; status: number; body: string }
  /** Held by a request that died (its lease ran out): settle it, then ask again. */
  | { kind: 'abandoned'; record: IdempotencyRecord };

/**
 * Stripe-style idempotency for the write endpoints (DESIGN A7). The key is claimed with a unique
 * constraint before anything is signed, so of concurrent requests with one key exactly one runs.
 * The request holds it through a lease it renews while alive (also while it waits for a wallet
 * lock), so only a dead request's key is ever settled by someone else.
 */
export function idempotencyService(deps: {
  db: Database;
  clock: Clock;
  retentionHours: number;
  /** How long a request holds its key without renewing; it renews every third of that while it runs. */
  leaseMs: number;
}) {
  const repo = idempotencyRepository(deps.db);
  const retentionMs = deps.retentionHours * 3600 * 1000;
  const leaseFrom = (now: Date) => new Date(now.getTime() + deps.leaseMs);

  function holdLease(userId: UserId, key: string, claimToken: string): () => void {
    const timer = setInterval(() => {
      repo.renew(userId, key, claimToken, leaseFrom(deps.clock.now())).catch(() => {});
    }, deps.leaseMs / 3);
    timer.unref();
    return () => clearInterval(timer);
  }

  async function begin(input: KeyRequest): Promise<IdempotentOutcome> {
    const now = deps.clock.now();
    const key = input.key.toLowerCase();
    const print = fingerprint(input.body);
    const claimToken = randomUUID();
    const { claimed, record } = await repo.claim({
      userId: input.userId,
      key,
      path: input.path,
      fingerprint: print,
      now,
      expiredBefore: new Date(now.getTime() - retentionMs),
      leaseUntil: leaseFrom(now),
      claimToken,
    });
    if (!claimed) {
      if (record.fingerprint !== print || record.path !== input.path)
        throw new AppError(
          'IDEMPOTENT_BODY_MISMATCH',
          `Idempotency-Key ${key} was used with a different request${record.path !== input.path ? ` (${record.path})` : ''}`,
        );
      if (record.state === 'succeeded' && record.responseBody !== null)
        return { kind: 'replay', status: record.responseStatus ?? 200, body: record.responseBody };
      if (record.state === 'in_progress') {
        if ((record.leaseUntil ?? record.updatedAt) < now) return { kind: 'abandoned', record };
        throw new AppError(
          'IDEMPOTENT_REPLAY',
          `Idempotency-Key ${key} is in use by a request still in progress; retry in ${IN_FLIGHT_RETRY_AFTER_S} seconds to get its outcome`,
          { headers: { 'Retry-After': String(IN_FLIGHT_RETRY_AFTER_S) } },
        );
      }
      throw new AppError(
        'IDEMPOTENT_REPLAY',
        `Idempotency-Key ${key} was used by a request that failed (${record.errorCode ?? 'error'}: ${
          record.errorMessage ?? 'no reason recorded'
        }); nothing was sent with it, so a new attempt needs a new key`,
      );
    }
    const stop = holdLease(input.userId, key, claimToken);
    return {
      kind: 'execute',
      claim: {
        link: { userId: input.userId, key, claimToken },
        fail: (error) =>
          repo.fail(
            input.userId,
            key,
            claimToken,
            { code: error.code, message: storable(error.message) },
            deps.clock.now(),
          ),
        failIfUnrecorded: (error) =>
          repo.failIfUnrecorded(
            input.userId,
            key,
            claimToken,
            { code: error.code, message: storable(error.message) },
            deps.clock.now(),
          ),
        release: () => repo.release(input.userId, key, claimToken),
        end: stop,
      },
    };
  }

  return {
    begin,

    /**
     * `begin`, for a write whose key may be held by a request that died (its lease ran out):
     * `settle` says what that request left (the default: nothing, because the write records its
     * work and settles its key in one database transaction, so the key fails saying nothing was
     * sent), then the key is claimed again. Never answers `abandoned`.
     */
    async claim(
      input: KeyRequest,
      settle: (record: IdempotencyRecord) => Promise<unknown> = (record) =>
        repo.fail(
          record.userId,
          record.key,
          null,
          {
            code: 'INTERNAL_ERROR',
            message: 'The request was interrupted before anything was recorded; nothing was sent',
          },
          deps.clock.now(),
        ),
    ): Promise<Exclude<IdempotentOutcome, { kind: 'abandoned' }>> {
      const outcome = await begin(input);
      if (outcome.kind !== 'abandoned') return outcome;
      await settle(outcome.record);
      const again = await begin(input);
      if (again.kind === 'abandoned')
        throw new AppError('INTERNAL_ERROR', 'Idempotency record could not be settled');
      return again;
    },

    /** Deletes records past the retention period. */
    prune: () => repo.prune(new Date(deps.clock.now().getTime() - retentionMs)),

    /** Keys whose request stopped renewing its lease before `cutoff`: it died, someone must settle them. */
    abandoned: (cutoff: Date) => repo.listAbandoned(cutoff),

    /** Settles a dead request's key: its recorded transaction's Submission is what a retry replays. */
    settleWithSubmission: (userId: UserId, key: string, submissionJson: string) =>
      repo.succeed(userId, key, 200, submissionJson, deps.clock.now()),

    /** Settles a dead request's key as failed: nothing it signed can land, a new attempt needs a new key. */
    settleAsFailed: (userId: UserId, key: string, error: { code: string; message: string }) =>
      repo.fail(userId, key, null, error, deps.clock.now()),
  };
}

export type IdempotencyService = ReturnType<typeof idempotencyService>;

/**
 * A failure's message as PostgreSQL text can hold it: a message quoting the request (a NUL sent in
 * a field) would otherwise fail the UPDATE, leaving the key in progress until its lease ran out and
 * then settled with the wrong reason.
 */
function storable(message: string): string {
  return message.replaceAll('\u0000', '\\u0000').slice(0, 500);
}
