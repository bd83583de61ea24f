import { createHash } from 'node:crypto';
import { AppError } from '../errors/app-error.ts';
import type { Database } from '../store/database.ts';
import { idempotencyRepository } from '../store/repositories/idempotency-repository.ts';
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

export type IdempotentOutcome =
  | {
      kind: 'execute';
      fail(): Promise<void>;
      /** Identifies the record, so the transaction it starts is linked to it when recorded. */
      link: { userId: string; key: string };
    }
  | { kind: 'replay'; status: number; body: string };

/**
 * Stripe-style idempotency for the write endpoints (DESIGN A7). The key is claimed with a unique
 * constraint before anything is signed, so of concurrent requests with one key exactly one runs.
 * A failed attempt burns its key: an outcome that might have reached the chain is never repeated.
 */
export function idempotencyService(deps: { db: Database; clock: Clock; retentionHours: number }) {
  const repo = idempotencyRepository(deps.db);
  const retentionMs = deps.retentionHours * 3600 * 1000;

  return {
    async begin(input: {
      userId: string;
      key: string;
      path: string;
      body: unknown;
    }): Promise<IdempotentOutcome> {
      const now = deps.clock.now();
      const key = input.key.toLowerCase();
      const print = fingerprint(input.body);
      const { claimed, record } = await repo.claim({
        userId: input.userId,
        key,
        path: input.path,
        fingerprint: print,
        now,
        expiredBefore: new Date(now.getTime() - retentionMs),
      });
      if (!claimed) {
        if (record.fingerprint !== print || record.path !== input.path)
          throw new AppError(
            'IDEMPOTENT_BODY_MISMATCH',
            `Idempotency-Key ${key} was used with a different request${record.path !== input.path ? ` (${record.path})` : ''}`,
          );
        if (record.state === 'succeeded' && record.responseBody !== null)
          return { kind: 'replay', status: record.responseStatus ?? 200, body: record.responseBody };
        throw new AppError(
          'IDEMPOTENT_REPLAY',
          record.state === 'in_progress'
            ? `Idempotency-Key ${key} is in use by a request still in progress`
            : `Idempotency-Key ${key} was already used by a request that did not succeed; use a new key`,
        );
      }
      return {
        kind: 'execute',
        fail: () => repo.fail(input.userId, key, deps.clock.now()),
        link: { userId: input.userId, key },
      };
    },

    /** Deletes records past the retention period. */
    prune: () => repo.prune(new Date(deps.clock.now().getTime() - retentionMs)),

    repository: repo,
  };
}

export type IdempotencyService = ReturnType<typeof idempotencyService>;
