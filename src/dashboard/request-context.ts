import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditContext } from '../app/audit/audit-entry.ts';
import type { DashboardSession, SessionService } from '../app/dashboard-sessions.ts';
import type { Services } from '../app/services.ts';
import type { SignInLimiter } from '../rate-limit/sign-in-limiter.ts';
import type { AssetUnits } from './asset-units.ts';
import { DASHBOARD_PATH, PAGES } from './paths.ts';
import type { PageContext } from './views/layout.ts';
import type { WalletBalancesReader } from './wallet-balances.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in dashboard session, resolved from the cookie (dashboard routes only). */
    dashboardSession: DashboardSession | null;
  }
}

/** What the dashboard's route modules share. */
export interface DashboardDeps {
  services: Services;
  sessions: SessionService;
  limiter: SignInLimiter;
  walletBalances: WalletBalancesReader | undefined;
  /** Tokens' symbols and decimals, for amounts in whole units (cached; never fails a page). */
  units: AssetUnits;
  publicUrl: string;
}

/**
 * Cookies are Secure when this request came over HTTPS (X-Forwarded-Proto counts only with
 * TRUST_PROXY) or the service's public URL is HTTPS (TLS ends at a proxy in front of it).
 */
export function isSecure(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === 'https' || publicUrl.startsWith('https:');
}

/**
 * Over HTTPS the cookies take the __Host- prefix (Secure, Path=/, no Domain): a sibling subdomain
 * cannot plant or overwrite them. Over plain HTTP (development on loopback) that prefix is not
 * allowed, so they are scoped to the dashboard's path instead.
 */
export function cookieNames(secure: boolean): { session: string; signIn: string } {
  return secure
    ? { session: '__Host-wa_session', signIn: '__Host-wa_sign_in' }
    : { session: 'wa_session', signIn: 'wa_sign_in' };
}

export function cookieOptions(secure: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', secure, path: secure ? '/' : DASHBOARD_PATH };
}

/** A text field of a submitted form (url-encoded); anything else (arrays, objects) counts as absent. */
export function formField(request: FastifyRequest, name: string): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export function queryField(request: FastifyRequest, name: string): string | undefined {
  const query = request.query;
  if (typeof query !== 'object' || query === null) return undefined;
  const value = (query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** The page's user block (email, CSRF token), or null when not signed in. */
export function pageUser(request: FastifyRequest): PageContext['user'] {
  const s = request.dashboardSession;
  return s ? { email: s.email, csrfToken: s.csrfToken } : null;
}

export function sendPage(reply: FastifyReply, body: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(body);
}

/**
 * The session of a page that needs one. Without one, the visitor is sent to sign in and brought
 * back afterwards: null means the redirect is sent and the handler returns the reply.
 */
export function requireSession(
  request: FastifyRequest,
  reply: FastifyReply,
): { session: DashboardSession; user: NonNullable<PageContext['user']> } | null {
  const session = request.dashboardSession;
  if (!session) {
    const next = request.method === 'GET' ? request.url.split('?')[0] : undefined;
    const query = next ? `?${new URLSearchParams({ next })}` : '';
    reply.redirect(`${PAGES.signIn}${query}`, 303);
    return null;
  }
  return { session, user: { email: session.email, csrfToken: session.csrfToken } };
}

/** Where a dashboard request came from, for the audit trail. */
export const requestOrigin = (request: FastifyRequest): Omit<AuditContext, 'actor'> => ({
  requestId: request.id,
  clientAddress: request.ip,
});

/** The signed-in session as the actor of what its request changes (audit trail). */
export const sessionContext = (request: FastifyRequest, session: DashboardSession): AuditContext => ({
  ...requestOrigin(request),
  actor: { type: 'session', userId: session.userId, sessionId: session.id },
});
