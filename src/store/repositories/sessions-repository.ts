import type { UserId } from '../../domain/ids.ts';
import type { Queryable } from '../database.ts';
import { toBuffer } from './rows.ts';

export interface SessionRecord {
  id: string;
  tokenHash: Buffer;
  userId: UserId;
  csrfSecret: string;
  passwordFingerprint: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** A session with what every dashboard request needs about its user. */
export interface SessionWithUser extends SessionRecord {
  email: string;
  /** The user's current password hash, to compare with the fingerprint taken at sign-in. */
  passwordHash: string | null;
}

interface SessionRow {
  id: string;
  token_hash: Uint8Array | Buffer;
  user_id: UserId;
  csrf_secret: string;
  password_fingerprint: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

const toSession = (r: SessionRow): SessionRecord => ({
  id: r.id,
  tokenHash: toBuffer(r.token_hash),
  userId: r.user_id,
  csrfSecret: r.csrf_secret,
  passwordFingerprint: r.password_fingerprint,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
  expiresAt: r.expires_at,
});

export function sessionsRepository(db: Queryable) {
  return {
    async insert(s: SessionRecord): Promise<void> {
      await db.query(
        `insert into dashboard_sessions (token_hash, id, user_id, csrf_secret, password_fingerprint, created_at,
           last_seen_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          s.tokenHash,
          s.id,
          s.userId,
          s.csrfSecret,
          s.passwordFingerprint,
          s.createdAt,
          s.lastSeenAt,
          s.expiresAt,
        ],
      );
    },
    async findByTokenHash(tokenHash: Buffer): Promise<SessionWithUser | null> {
      const rows = await db.query<SessionRow & { email: string; password_hash: string | null }>(
        `select s.*, u.email, u.password_hash from dashboard_sessions s join users u on u.id = s.user_id
         where s.token_hash = $1`,
        [tokenHash],
      );
      const row = rows[0];
      return row ? { ...toSession(row), email: row.email, passwordHash: row.password_hash } : null;
    },
    async setFlash(id: string, flash: string, expiresAt: Date): Promise<void> {
      await db.query('update dashboard_sessions set flash = $2, flash_expires_at = $3 where id = $1', [
        id,
        flash,
        expiresAt,
      ]);
    },
    /** Reads and clears the session's flash in one statement: it is shown once. */
    async takeFlash(id: string): Promise<{ flash: string; expiresAt: Date } | null> {
      const rows = await db.query<{ flash: string | null; flash_expires_at: Date | null }>(
        `with old as (select flash, flash_expires_at from dashboard_sessions where id = $1 for update),
         cleared as (update dashboard_sessions set flash = null, flash_expires_at = null where id = $1)
         select flash, flash_expires_at from old`,
        [id],
      );
      const row = rows[0];
      return row?.flash && row.flash_expires_at
        ? { flash: row.flash, expiresAt: row.flash_expires_at }
        : null;
    },
    async touch(id: string, at: Date): Promise<void> {
      await db.query('update dashboard_sessions set last_seen_at = $2 where id = $1', [id, at]);
    },
    async delete(id: string): Promise<void> {
      await db.query('delete from dashboard_sessions where id = $1', [id]);
    },
    /** Removes sessions past their absolute end or idle since `idleBefore`. */
    async deleteExpired(now: Date, idleBefore: Date): Promise<number> {
      const rows = await db.query(
        'delete from dashboard_sessions where expires_at <= $1 or last_seen_at <= $2 returning id',
        [now, idleBefore],
      );
      return rows.length;
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
