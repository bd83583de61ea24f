import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameSecret } from '../../app/dashboard-sessions.ts';
import { hashPassword, verifyPassword } from '../../app/passwords.ts';
import { PAGES, safeReturnPath } from '../paths.ts';
import {
  cookieNames,
  cookieOptions,
  type DashboardDeps,
  formField,
  isSecure,
  queryField,
  requestOrigin,
  sendPage,
} from '../request-context.ts';
import type { Flash } from '../views/layout.ts';
import { signInPage } from '../views/sign-in-view.ts';

/** One message for an unknown email, a user without a password and a wrong password. */
export const SIGN_IN_REFUSED = 'Email or password is incorrect.';
const MAX_PASSWORD_LENGTH = 1024;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * A hash of a random password, verified when the email has no usable password, so a refusal takes
 * as long whether or not the account exists. Made on first use: it costs one scrypt.
 */
let decoyHash: Promise<string> | null = null;
const decoy = () => {
  decoyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoyHash;
};

export async function authRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { services, sessions, limiter, publicUrl } = deps;

  /**
   * Login CSRF defence (before any session exists): a random token in an HttpOnly, SameSite=Strict
   * cookie and the same value in the form. Another site can neither read nor set the cookie.
   */
  const formToken = (request: FastifyRequest, reply: FastifyReply): string => {
    const secure = isSecure(request, publicUrl);
    const name = cookieNames(secure).signIn;
    const existing = request.cookies[name];
    // Kept when present: a second tab must not invalidate the first tab's form.
    if (existing && TOKEN_SHAPE.test(existing)) return existing;
    const token = randomBytes(32).toString('base64url');
    reply.setCookie(name, token, cookieOptions(secure));
    return token;
  };

  const showForm = (
    request: FastifyRequest,
    reply: FastifyReply,
    input: { email?: string; next?: string | undefined; flash?: Flash | null; status?: number },
  ) =>
    sendPage(
      reply,
      signInPage({
        formToken: formToken(request, reply),
        email: input.email ?? '',
        next: safeReturnPath(input.next),
        flash: input.flash ?? null,
      }),
      input.status ?? 200,
    );

  app.get('/', async (request, reply) =>
    reply.redirect(request.dashboardSession ? PAGES.keys : PAGES.signIn, 303),
  );

  app.get('/sign-in', async (request, reply) => {
    const next = queryField(request, 'next');
    if (request.dashboardSession) return reply.redirect(safeReturnPath(next), 303);
    const flash: Flash | null =
      queryField(request, 'signed-out') === '1' ? { kind: 'success', message: 'You are signed out.' } : null;
    return showForm(request, reply, { next, flash });
  });

  app.post('/sign-in', async (request, reply) => {
    const email = (formField(request, 'email') ?? '').trim().slice(0, 254);
    const password = formField(request, 'password') ?? '';
    const next = formField(request, 'next');
    const secure = isSecure(request, publicUrl);
    const names = cookieNames(secure);

    const cookieToken = request.cookies[names.signIn];
    const sentToken = formField(request, '_csrf');
    if (!cookieToken || !sentToken || !sameSecret(cookieToken, sentToken))
      return showForm(request, reply, {
        email,
        next,
        status: 403,
        flash: {
          kind: 'error',
          message: 'This sign-in form has expired or did not come from this page. Please sign in again.',
        },
      });

    const decision = await limiter.attempt(request.ip, email);
    if (!decision.allowed) {
      const minutes = Math.ceil(decision.retryAfterSeconds / 60);
      reply.header('retry-after', String(decision.retryAfterSeconds));
      return showForm(request, reply, {
        email,
        next,
        status: 429,
        flash: {
          kind: 'error',
          message: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        },
      });
    }

    const user = email ? await services.users.findByEmail(email) : null;
    const hash =
      user?.passwordHash && password.length > 0 && password.length <= MAX_PASSWORD_LENGTH
        ? user.passwordHash
        : null;
    const matches = await verifyPassword(password.slice(0, MAX_PASSWORD_LENGTH), hash ?? (await decoy()));
    if (!user || hash === null || !matches) {
      request.log.info({ event: 'dashboard.sign_in_refused' }, 'dashboard sign-in refused');
      // A refusal changes nothing else: its entry is its own statement, and must be written (no
      // refusal goes unrecorded; a failure to write it is a 500, like any other failed action).
      await sessions.recordRefusedSignIn(user, email, requestOrigin(request));
      return showForm(request, reply, {
        email,
        next,
        status: 401,
        flash: { kind: 'error', message: SIGN_IN_REFUSED },
      });
    }

    await limiter.succeeded(email);
    // Always a new token: a session id planted before sign-in (fixation) is never adopted.
    const { token, session } = await sessions.create(user, requestOrigin(request));
    request.log.info(
      { event: 'dashboard.sign_in', userId: user.id, sessionId: session.id },
      'dashboard sign-in',
    );
    reply.setCookie(names.session, token, cookieOptions(secure));
    reply.clearCookie(names.signIn, cookieOptions(secure));
    return reply.redirect(safeReturnPath(next), 303);
  });

  app.post('/sign-out', async (request, reply) => {
    const secure = isSecure(request, publicUrl);
    const session = request.dashboardSession;
    if (session) await sessions.destroy(session, requestOrigin(request));
    reply.clearCookie(cookieNames(secure).session, cookieOptions(secure));
    return reply.redirect(`${PAGES.signIn}?signed-out=1`, 303);
  });
}
