import { AppError } from '../../errors/app-error.ts';
import type { Database, Queryable } from '../../store/database.ts';
import { type AuditRecord, auditRepository } from '../../store/repositories/audit-repository.ts';
import type { Clock } from '../../support/clock.ts';
import {
  AUDIT_ACTIONS,
  type AuditContext,
  type AuditEvent,
  canonicalBytes,
  entryHash,
  prepareAuditEntry,
  SERVICE_CONTEXT,
} from './audit-entry.ts';

/** An entry as the API, the dashboard and the CLI show it (no hash: that is verify's business). */
export interface AuditEntryView {
  id: string;
  at: string;
  action: string;
  outcome: AuditRecord['outcome'];
  actor: {
    type: AuditRecord['actorType'];
    userId: string | null;
    keyId: string | null;
    keyName: string | null;
    sessionId: string | null;
  };
  target: { type: string | null; id: string | null } | null;
  requestId: string | null;
  clientAddress: string | null;
  details: Record<string, unknown>;
}

export const toAuditView = (r: AuditRecord): AuditEntryView => ({
  id: r.id,
  at: r.at.toISOString(),
  action: r.action,
  outcome: r.outcome,
  actor: {
    type: r.actorType,
    userId: r.actorUserId,
    keyId: r.actorKeyId,
    keyName: r.actorKeyName,
    sessionId: r.actorSessionId,
  },
  target: r.targetType === null && r.targetId === null ? null : { type: r.targetType, id: r.targetId },
  requestId: r.requestId,
  clientAddress: r.clientAddress,
  details: r.details,
});

export interface AuditFilter {
  action?: string;
  keyId?: string;
  cursor?: string;
  limit?: number;
}

export type AuditVerdict =
  | { ok: true; checked: number }
  | { ok: false; checked: number; entry: { seq: number; id: string | null }; reason: string };

const PAGE = 1000;
const DAY_MS = 24 * 3600 * 1000;

// The cursor is the seq of the last entry shown, opaque to callers.
const encodeCursor = (seq: number) => Buffer.from(`a:${seq}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const m = /^a:(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new AppError('INVALID_INPUT', 'cursor: not a cursor this list gave');
  return Number(m[1]);
}

/**
 * Appends an audit entry in `q`: the transaction of the action it records, or a statement of its
 * own. Call it last in a transaction (it holds the chain's head until commit, and taking it last
 * everywhere means no lock is ever awaited while holding it). A failure throws, so the action
 * fails with it: no action without its entry.
 */
export async function recordAudit(
  q: Queryable,
  context: AuditContext,
  event: AuditEvent,
  at: Date,
): Promise<void> {
  await auditRepository(q).append(prepareAuditEntry(context, event, at));
}

/**
 * The audit trail: entries appended in the transaction of the action they record (`record` takes
 * that transaction), read per user newest first, verified as a hash chain, pruned by retention.
 */
export function auditService(deps: { db: Database; clock: Clock; retentionDays?: number | null }) {
  const { db, clock } = deps;

  const list = async (userId: string | null, filter: AuditFilter = {}) => {
    const limit = filter.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      throw new AppError('INVALID_INPUT', 'limit: must be an integer from 1 to 100');
    if (filter.action !== undefined && !(AUDIT_ACTIONS as readonly string[]).includes(filter.action))
      throw new AppError('INVALID_INPUT', `action: must be one of ${AUDIT_ACTIONS.join(', ')}`);
    const rows = await auditRepository(db).list({
      userId,
      ...(filter.action ? { action: filter.action } : {}),
      ...(filter.keyId ? { keyId: filter.keyId } : {}),
      ...(filter.cursor ? { beforeSeq: decodeCursor(filter.cursor) } : {}),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      entries: page.map(toAuditView),
      nextCursor: rows.length > limit && last ? encodeCursor(last.seq) : null,
    };
  };

  return {
    /** `recordAudit` at the service's clock (for actions that have no service of their own). */
    record: (q: Queryable, context: AuditContext, event: AuditEvent) =>
      recordAudit(q, context, event, clock.now()),
    /** An entry of an action that changes nothing else (a refusal): a statement of its own. */
    recordAlone: (context: AuditContext, event: AuditEvent) => recordAudit(db, context, event, clock.now()),

    /** One user's entries, newest first (GET /api/v1/audit, the dashboard). */
    listForUser: (userId: string, filter?: AuditFilter) => list(userId, filter),
    /** Everyone's entries, or one user's (the operator CLI). */
    listAll: (filter?: AuditFilter & { userId?: string }) => list(filter?.userId ?? null, filter),

    /**
     * Walks the chain from the oldest kept entry (its prev_hash must be retention's checkpoint) to
     * the head, recomputing each hash from the stored columns. Names the first entry that does not
     * match. One repeatable-read snapshot: appends meanwhile are not half-seen.
     */
    async verify(): Promise<AuditVerdict> {
      return db.transaction(async (tx) => {
        await tx.query('set transaction isolation level repeatable read');
        const repo = auditRepository(tx);
        const head = await repo.chain();
        let expectedPrev = head.prunedHash;
        let expectedSeq = head.prunedSeq + 1;
        let checked = 0;
        let after = head.prunedSeq;
        for (;;) {
          const rows = await repo.range(after, head.seq, PAGE);
          for (const r of rows) {
            const bad = (reason: string): AuditVerdict => ({
              ok: false,
              checked,
              entry: { seq: r.seq, id: r.id },
              reason,
            });
            if (r.seq !== expectedSeq)
              return bad(`entries ${expectedSeq} to ${r.seq - 1} before it are missing`);
            if (r.prevHash !== expectedPrev)
              return bad('its prev_hash is not the hash of the entry before it');
            if (entryHash(r.prevHash, canonicalBytes(r)) !== r.hash)
              return bad('its content does not match its hash (changed after it was recorded)');
            expectedPrev = r.hash;
            expectedSeq++;
            checked++;
          }
          if (rows.length < PAGE) break;
          after = rows.at(-1)?.seq ?? after;
        }
        if (expectedSeq - 1 !== head.seq || expectedPrev !== head.hash)
          return {
            ok: false,
            checked,
            entry: { seq: expectedSeq, id: null },
            reason: `the chain head is entry ${head.seq} but the entries end at ${expectedSeq - 1}: newer entries were removed`,
          };
        return { ok: true, checked };
      });
    },

    /**
     * Removes entries older than the retention (AUDIT_RETENTION_DAYS; none when unset) and keeps
     * the last removed entry's hash as the checkpoint the oldest kept entry links to. The removal is
     * itself recorded (`audit.pruned`, by the service) in the same transaction.
     */
    async prune(days: number | null = deps.retentionDays ?? null): Promise<number> {
      if (days === null) return 0;
      const cutoff = new Date(clock.nowMs() - days * DAY_MS);
      // Looked at without a lock first: the sweep runs every 15 s on every instance, and taking the
      // head's lock when there is nothing to prune would stall appends for nothing.
      if (!(await auditRepository(db).lastBefore(cutoff))) return 0;
      return db.transaction(async (tx) => {
        const repo = auditRepository(tx);
        // The head's lock first: no append lands between choosing the boundary and the checkpoint.
        await repo.chain(true);
        const boundary = await repo.lastBefore(cutoff);
        if (!boundary) return 0;
        const removed = await repo.pruneThrough(boundary);
        await repo.append(
          prepareAuditEntry(
            SERVICE_CONTEXT,
            {
              action: 'audit.pruned',
              userId: null,
              details: { throughSeq: boundary.seq, removed, retentionDays: days },
            },
            clock.now(),
          ),
        );
        return removed;
      });
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
