import type { Logger } from 'pino';
import type { Static } from 'typebox';
import type { ChainRegistry } from '../chains/chain-registry.ts';
import type { ApiKeyId, TransactionId, UserId } from '../domain/ids.ts';
import type { TransactionRecord } from '../domain/transactions.ts';
import { AppError } from '../errors/app-error.ts';
import type { ApprovalRefSchema, ApprovalSchema } from '../schemas/approvals.ts';
import type { Database, Queryable } from '../store/database.ts';
import { apiKeysRepository } from '../store/repositories/api-keys-repository.ts';
import {
  type ApprovalRecord,
  type ApprovalStatus,
  approvalsRepository,
} from '../store/repositories/approvals-repository.ts';
import { transactionsRepository } from '../store/repositories/transactions-repository.ts';
import type { Clock } from '../support/clock.ts';
import { newId } from '../support/ids.ts';
import { type AuditContext, SERVICE_CONTEXT } from './audit/audit-entry.ts';
import { recordAudit } from './audit/audit-service.ts';
import type { DeferredWrites } from './transactions/deferred-writes.ts';
import { intentOf } from './transactions/intent-view.ts';

export type ApprovalRef = Static<typeof ApprovalRefSchema>;
export type ApprovalView = Static<typeof ApprovalSchema>;

/** Who decides: an API key holding the approve scope, or the owner signed in to the dashboard. */
export type Approver =
  | { kind: 'key'; keyId: ApiKeyId; keyName: string }
  | { kind: 'dashboard'; sessionUser: string };

export interface ApprovalsDeps {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  deferred: DeferredWrites;
  /** APPROVAL_TTL: how long a write waits for a person before it expires. */
  ttlMs: number;
  /** The dashboard's page of an approval. */
  urlOf: (id: string) => string;
  logger?: Logger;
}

const describeApprover = (a: Approver) =>
  a.kind === 'key' ? `API key ${a.keyId} (${a.keyName})` : `the owner in the dashboard (${a.sessionUser})`;

/**
 * Human approval of writes (issue 30). A write an API key's rules send for approval is recorded
 * unsigned (a deferred write, transactions/deferred-writes.ts) with an approval `required` until
 * `ttlMs` has passed. It is decided once, by the owner in the dashboard or an API key with the
 * approve scope other than the one that asked: approved, it is let go and executed (by this
 * instance at once, or by any instance's sweep); denied or expired, its transaction ends FAILED
 * with nothing signed, which gives its amount back to the key's daily limits (key-spend.ts counts
 * no FAILED transaction that did not land).
 */
export function approvalsService(deps: ApprovalsDeps) {
  const repo = approvalsRepository(deps.db);
  const transactions = transactionsRepository(deps.db);

  const ref = (a: Pick<ApprovalRecord, 'id' | 'status' | 'expiresAt'>): ApprovalRef => ({
    id: a.id,
    status: a.status,
    expiresAt: a.expiresAt.toISOString(),
    url: deps.urlOf(a.id),
  });

  function view(a: ApprovalRecord, tx: TransactionRecord | null): ApprovalView {
    return {
      id: a.id,
      status: a.status,
      transactionId: a.transactionId,
      keyId: a.apiKeyId,
      keyName: a.apiKeyName,
      reasons: a.reasons,
      chain: tx?.chain ?? '',
      kind: tx?.kind ?? 'send',
      from: tx?.fromAddress ?? '',
      to: tx?.toAddress ?? '',
      value: tx?.value ?? '0',
      intent: tx ? intentOf(tx) : null,
      createdAt: a.createdAt.toISOString(),
      expiresAt: a.expiresAt.toISOString(),
      decidedAt: a.decidedAt?.toISOString() ?? null,
      decidedBy: a.decidedBy,
      reason: a.reason,
      url: deps.urlOf(a.id),
    };
  }

  async function viewOf(a: ApprovalRecord): Promise<ApprovalView> {
    return view(a, await transactions.findForUser(a.transactionId, a.userId));
  }

  /** Ends the write of an approval that was denied or expired (in `q`, with the decision). */
  async function endUnsigned(q: Queryable, transactionId: TransactionId, error: string) {
    const now = deps.clock.now();
    await deps.deferred.drop(q, transactionId);
    await transactionsRepository(q).transition(transactionId, ['PENDING'], {
      status: 'FAILED',
      error,
      now,
      nextCheckAt: null,
      details: { broadcast: 'no' },
    });
  }

  return {
    /** A new approval id (kept in the write's details before the approval is recorded). */
    newId: () => newId('apr'),

    /**
     * Records the approval a held write waits for, in `q` (the transaction that holds the write).
     * Returns what the 202 answer and GET /tx/{id} show of it.
     */
    async open(
      q: Queryable,
      input: {
        id: string;
        userId: UserId;
        transactionId: TransactionId;
        keyId: ApiKeyId;
        reasons: string[];
      },
    ): Promise<ApprovalRef> {
      const now = deps.clock.now();
      const expiresAt = new Date(now.getTime() + deps.ttlMs);
      const key = await apiKeysRepository(q).findById(input.keyId);
      await approvalsRepository(q).insert({
        id: input.id,
        userId: input.userId,
        transactionId: input.transactionId,
        apiKeyId: input.keyId,
        apiKeyName: key?.name ?? null,
        reasons: input.reasons,
        expiresAt,
        createdAt: now,
      });
      return ref({ id: input.id, status: 'required', expiresAt });
    },

    /** The approval of a transaction, for GET /tx/{id}; null when it never waited. */
    async refOf(transactionId: TransactionId): Promise<ApprovalRef | null> {
      const a = await repo.findByTransaction(transactionId);
      return a ? ref(a) : null;
    },

    async list(userId: UserId, status: ApprovalStatus | null, limit = 50): Promise<ApprovalView[]> {
      const found = await repo.listForUser(userId, status, limit);
      return Promise.all(found.map(viewOf));
    },

    async get(userId: UserId, id: string): Promise<ApprovalView> {
      const a = await repo.findForUser(id, userId);
      if (!a) throw new AppError('NOT_FOUND', `Approval ${id} not found`);
      return viewOf(a);
    },

    /**
     * Decides an approval once. A key never decides on a write it asked for itself (403); an
     * approval already decided or expired is 409 APPROVAL_DECIDED, also for the second of two
     * deciders at the same moment (one conditional update decides). Approved, the write is
     * executed at once by this instance (and by any instance's sweep should this one stop).
     */
    async decide(
      userId: UserId,
      id: string,
      decision: 'approve' | 'deny',
      approver: Approver,
      reason: string | null = null,
      context: AuditContext = SERVICE_CONTEXT,
    ): Promise<ApprovalView> {
      const found = await repo.findForUser(id, userId);
      if (!found) throw new AppError('NOT_FOUND', `Approval ${id} not found`);
      if (approver.kind === 'key' && found.apiKeyId === approver.keyId)
        throw new AppError(
          'FORBIDDEN',
          'An API key never decides on a write it asked for itself: approve it from the dashboard or with another key holding the approve scope',
        );
      const by = describeApprover(approver);
      const now = deps.clock.now();
      const decided = await deps.db.transaction(async (q) => {
        const d = await approvalsRepository(q).decide({
          id,
          userId,
          status: decision === 'approve' ? 'approved' : 'denied',
          decidedBy: by,
          reason: decision === 'deny' ? reason : null,
          now,
        });
        if (!d) return null;
        if (decision === 'approve') await deps.deferred.release(q, d.transactionId);
        else
          await endUnsigned(
            q,
            d.transactionId,
            `Denied by ${by}${reason ? `: ${reason}` : ' (no reason given)'}; nothing was signed`,
          );
        // Last: the entry holds the audit chain's head until the commit.
        await recordAudit(
          q,
          context,
          {
            action: decision === 'approve' ? 'write.approved' : 'write.denied',
            userId,
            target: { type: 'transaction', id: d.transactionId },
            details: { approvalId: id, decidedBy: by, reason: decision === 'deny' ? reason : null },
          },
          now,
        );
        return d;
      });
      if (!decided) {
        const now2 = await repo.findForUser(id, userId);
        const state =
          now2 && now2.status !== 'required'
            ? `${now2.status}${now2.decidedBy ? ` by ${now2.decidedBy}` : ''}${now2.decidedAt ? ` at ${now2.decidedAt.toISOString()}` : ''}`
            : `expired at ${found.expiresAt.toISOString()}`;
        throw new AppError('APPROVAL_DECIDED', `Approval ${id} was already decided: ${state}`);
      }
      deps.logger?.info({ approvalId: id, decision, by }, 'approval decided');
      if (decision === 'approve')
        setImmediate(() => {
          deps.deferred
            .executeDue({ only: decided.transactionId })
            .catch((err) => deps.logger?.warn({ err, approvalId: id }, 'approved write not executed yet'));
        });
      return viewOf(decided);
    },

    /**
     * The sweep every instance runs: required approvals past their time expire (their writes end
     * FAILED), and approved writes not executed yet (this instance died after the decision, or an
     * execution failed in a way that may pass) are executed.
     */
    async sweep(options: { staleBefore?: Date; restarted?: boolean } = {}): Promise<void> {
      const now = deps.clock.now();
      for (;;) {
        const batch = await deps.db.transaction(async (q) => {
          const expired = await approvalsRepository(q).expireDue(now, 25);
          for (const a of expired)
            await endUnsigned(
              q,
              a.transactionId,
              `Its approval expired at ${a.expiresAt.toISOString()} without a decision; nothing was signed`,
            );
          for (const a of expired)
            await recordAudit(
              q,
              SERVICE_CONTEXT,
              {
                action: 'write.approval_expired',
                userId: a.userId,
                target: { type: 'transaction', id: a.transactionId },
                details: { approvalId: a.id, expiredAt: a.expiresAt.toISOString() },
              },
              now,
            );
          return expired;
        });
        if (batch.length < 25) break;
      }
      await deps.deferred.executeDue(options);
    },
  };
}

export type ApprovalsService = ReturnType<typeof approvalsService>;
