import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { UserId } from '../domain/ids.ts';
import type { Database } from '../store/database.ts';
import { sessionsRepository } from '../store/repositories/sessions-repository.ts';
import type { UserRecord } from '../store/repositories/users-repository.ts';
import type { Clock } from '../support/clock.ts';
import { newId } from '../support/ids.ts';
import type { AuditContext } from './audit/audit-entry.ts';
import { recordAudit } from './audit/audit-service.ts';

export interface SessionLifetimes {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however active. */
  absoluteMs: number;
}

export const DEFAULT_SESSION_LIFETIMES: SessionLifetimes = {
  idleMs: 12 * 3600 * 1000,
  absoluteMs: 7 * 24 * 3600 * 1000,
};

/** What a signed-in dashboard request knows about its session. */
export interface DashboardSession {
  id: string;
  userId: UserId;
  email: string;
  csrfToken: string;
  /** When the session signed in (deciding on approvals asks for the password again after a while). */
  signedInAt: Date;
}

// last_seen_at is written at most this often, so reading pages does not write on every request.
const TOUCH_EVERY_MS = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const fingerprint = (passwordHash: string | null) => sha256(passwordHash ?? '').toString('hex');

/** Compares two strings in constant time (for CSRF tokens). */
export function sameSecret(a: string, b: string): boolean {
  const x = sha256(a);
  const y = sha256(b);
  return timingSafeEqual(x, y);
}

/**
 * Server-side sessions. The cookie holds a random token; the database holds only its SHA-256, the
 * user, the session's CSRF secret and a fingerprint of the password hash at sign-in, so setting a
 * new password (`wallet-api users set-password`) ends every older session.
 */
const FLASH_MS = 60_000;
const flashKey = (token: string, sessionId: string) =>
  Buffer.from(hkdfSync('sha256', token, sessionId, 'wallet-api:dashboard-flash', 32));

export function sessionService(deps: { db: Database; clock: Clock; lifetimes?: SessionLifetimes }) {
  const { clock } = deps;
  const lifetimes = deps.lifetimes ?? DEFAULT_SESSION_LIFETIMES;
  const repo = sessionsRepository(deps.db);

  return {
    lifetimes,

    /**
     * Signs a user in: a new session, and its `dashboard.sign_in` entry in the same transaction
     * (`request`: the sign-in request's id and address).
     */
    async create(
      user: UserRecord,
      request: Omit<AuditContext, 'actor'> = { requestId: null, clientAddress: null },
    ): Promise<{ token: string; session: DashboardSession }> {
      const now = clock.now();
      // Sign-in is rare, so it is where abandoned sessions are cleaned up.
      await repo.deleteExpired(now, new Date(now.getTime() - lifetimes.idleMs));
      const token = randomBytes(32).toString('base64url');
      const csrfSecret = randomBytes(32).toString('base64url');
      const id = newId('ses');
      await deps.db.transaction(async (tx) => {
        await sessionsRepository(tx).insert({
          id,
          tokenHash: sha256(token),
          userId: user.id,
          csrfSecret,
          passwordFingerprint: fingerprint(user.passwordHash),
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + lifetimes.absoluteMs),
        });
        // The session's id, never its token.
        await recordAudit(
          tx,
          { ...request, actor: { type: 'user', userId: user.id } },
          { action: 'dashboard.sign_in', target: { type: 'session', id }, details: { email: user.email } },
          now,
        );
      });
      return {
        token,
        session: { id, userId: user.id, email: user.email, csrfToken: csrfSecret, signedInAt: now },
      };
    },

    /** The live session of a cookie token, or null; an ended session is deleted on sight. */
    async resolve(token: string | undefined): Promise<DashboardSession | null> {
      if (!token || token.length > 100) return null;
      const found = await repo.findByTokenHash(sha256(token));
      if (!found) return null;
      const now = clock.now().getTime();
      const ended =
        found.expiresAt.getTime() <= now ||
        found.lastSeenAt.getTime() + lifetimes.idleMs <= now ||
        found.passwordFingerprint !== fingerprint(found.passwordHash);
      if (ended) {
        await repo.delete(found.id);
        return null;
      }
      if (now - found.lastSeenAt.getTime() >= TOUCH_EVERY_MS) await repo.touch(found.id, new Date(now));
      return {
        id: found.id,
        userId: found.userId,
        email: found.email,
        csrfToken: found.csrfSecret,
        signedInAt: found.createdAt,
      };
    },

    /**
     * A refused sign-in (unknown email, no password, wrong password): its entry only, since it
     * changes nothing else. `email` is recorded only when it names a user or looks like an email
     * (not, say, a password typed into the wrong field).
     */
    async recordRefusedSignIn(
      user: UserRecord | null,
      email: string,
      request: Omit<AuditContext, 'actor'>,
    ): Promise<void> {
      const shown = user
        ? user.email
        : /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/.test(email)
          ? email.slice(0, 254)
          : null;
      await recordAudit(
        deps.db,
        { ...request, actor: { type: 'user', userId: user?.id ?? null } },
        {
          action: 'dashboard.sign_in',
          outcome: 'failed',
          target: user ? { type: 'user', id: user.id } : null,
          details: { email: shown, reason: user ? 'wrong password or none set' : 'unknown email' },
        },
        clock.now(),
      );
    },

    /** Signs a session out, with its `dashboard.sign_out` entry. */
    async destroy(
      session: { id: string; userId: UserId },
      request?: Omit<AuditContext, 'actor'>,
    ): Promise<void> {
      await deps.db.transaction(async (tx) => {
        await sessionsRepository(tx).delete(session.id);
        await recordAudit(
          tx,
          {
            requestId: request?.requestId ?? null,
            clientAddress: request?.clientAddress ?? null,
            actor: { type: 'session', userId: session.userId, sessionId: session.id },
          },
          { action: 'dashboard.sign_out', target: { type: 'session', id: session.id } },
          clock.now(),
        );
      });
    },

    /**
     * Keeps a message for this session's next page (the API key just created, across the redirect
     * after the POST), for a minute. Sealed with AES-256-GCM under a key derived from the cookie
     * token: the database, which holds only the token's hash, cannot read it.
     */
    async putFlash(session: DashboardSession, token: string, message: string): Promise<void> {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', flashKey(token, session.id), iv);
      const sealed = Buffer.concat([cipher.update(message, 'utf8'), cipher.final()]);
      const flash = [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
      await repo.setFlash(session.id, flash, new Date(clock.now().getTime() + FLASH_MS));
    },

    /** The session's flash, once: null when there is none, it expired, or it cannot be opened. */
    async takeFlash(session: DashboardSession, token: string): Promise<string | null> {
      const found = await repo.takeFlash(session.id);
      if (!found || found.expiresAt.getTime() <= clock.now().getTime()) return null;
      const [iv, tag, sealed] = found.flash.split('.').map((p) => Buffer.from(p, 'base64url'));
      try {
        const decipher = createDecipheriv('aes-256-gcm', flashKey(token, session.id), iv!);
        decipher.setAuthTag(tag!);
        return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
