import type { ApiKeyId, TransactionId, UserId } from '../../domain/ids.ts';
import type { Queryable } from '../database.ts';

export type ApprovalStatus = 'required' | 'approved' | 'denied' | 'expired';

export interface ApprovalRecord {
  id: string;
  userId: UserId;
  transactionId: TransactionId;
  apiKeyId: ApiKeyId | null;
  apiKeyName: string | null;
  reasons: string[];
  status: ApprovalStatus;
  expiresAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  reason: string | null;
  createdAt: Date;
}

interface Row {
  id: string;
  user_id: UserId;
  transaction_id: TransactionId;
  api_key_id: ApiKeyId | null;
  api_key_name: string | null;
  reasons: string[] | string;
  status: ApprovalStatus;
  expires_at: Date | string;
  decided_at: Date | string | null;
  decided_by: string | null;
  reason: string | null;
  created_at: Date | string;
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

const toRecord = (r: Row): ApprovalRecord => ({
  id: r.id,
  userId: r.user_id,
  transactionId: r.transaction_id,
  apiKeyId: r.api_key_id,
  apiKeyName: r.api_key_name,
  reasons: typeof r.reasons === 'string' ? JSON.parse(r.reasons) : r.reasons,
  status: r.status,
  expiresAt: date(r.expires_at),
  decidedAt: r.decided_at === null ? null : date(r.decided_at),
  decidedBy: r.decided_by,
  reason: r.reason,
  createdAt: date(r.created_at),
});

const COLUMNS =
  'id, user_id, transaction_id, api_key_id, api_key_name, reasons, status, expires_at, decided_at, decided_by, reason, created_at';

/** Approvals of writes waiting for a person; every read is scoped to the user. */
export function approvalsRepository(db: Queryable) {
  return {
    async insert(a: Omit<ApprovalRecord, 'decidedAt' | 'decidedBy' | 'reason' | 'status'>): Promise<void> {
      await db.query(
        `insert into approvals (id, user_id, transaction_id, api_key_id, api_key_name, reasons, status, expires_at,
           created_at)
         values ($1, $2, $3, $4, $5, $6::jsonb, 'required', $7, $8)`,
        [
          a.id,
          a.userId,
          a.transactionId,
          a.apiKeyId,
          a.apiKeyName,
          JSON.stringify(a.reasons),
          a.expiresAt,
          a.createdAt,
        ],
      );
    },

    async findForUser(id: string, userId: UserId): Promise<ApprovalRecord | null> {
      const rows = await db.query<Row>(`select ${COLUMNS} from approvals where id = $1 and user_id = $2`, [
        id,
        userId,
      ]);
      return rows[0] ? toRecord(rows[0]) : null;
    },

    async findByTransaction(transactionId: TransactionId): Promise<ApprovalRecord | null> {
      const rows = await db.query<Row>(`select ${COLUMNS} from approvals where transaction_id = $1`, [
        transactionId,
      ]);
      return rows[0] ? toRecord(rows[0]) : null;
    },

    /** The user's approvals, newest first; `status` narrows them. */
    async listForUser(
      userId: UserId,
      status: ApprovalStatus | null,
      limit: number,
    ): Promise<ApprovalRecord[]> {
      const rows = await db.query<Row>(
        `select ${COLUMNS} from approvals where user_id = $1 and ($2::text is null or status = $2)
         order by created_at desc, id desc limit $3`,
        [userId, status, limit],
      );
      return rows.map(toRecord);
    },

    /**
     * Decides a required approval that has not expired, in one conditional statement: of two
     * deciders at once exactly one changes it. Returns the decided record, or null.
     */
    async decide(input: {
      id: string;
      userId: UserId;
      status: 'approved' | 'denied';
      decidedBy: string;
      reason: string | null;
      now: Date;
    }): Promise<ApprovalRecord | null> {
      const rows = await db.query<Row>(
        `update approvals set status = $3, decided_by = $4, reason = $5, decided_at = $6
         where id = $1 and user_id = $2 and status = 'required' and expires_at > $6
         returning ${COLUMNS}`,
        [input.id, input.userId, input.status, input.decidedBy, input.reason, input.now],
      );
      return rows[0] ? toRecord(rows[0]) : null;
    },

    /** Marks required approvals past their time expired; returns them (FOR UPDATE SKIP LOCKED). */
    async expireDue(now: Date, limit: number): Promise<ApprovalRecord[]> {
      const rows = await db.query<Row>(
        `update approvals set status = 'expired', decided_at = $1
         where id in (
           select id from approvals where status = 'required' and expires_at <= $1
           order by expires_at limit $2 for update skip locked)
         returning ${COLUMNS}`,
        [now, limit],
      );
      return rows.map(toRecord);
    },
  };
}
