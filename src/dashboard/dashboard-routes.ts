import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sameSecret } from '../app/dashboard-sessions.ts';
import type { Services } from '../app/services.ts';
import { AppError } from '../errors/app-error.ts';
import { type SignInLimits, signInLimiter } from '../rate-limit/sign-in-limiter.ts';
import { sourcePath } from '../support/project-paths.ts';
import { assetUnits } from './asset-units.ts';
import { DASHBOARD_PATH, PAGES } from './paths.ts';
import {
  cookieNames,
  type DashboardDeps,
  formField,
  isSecure,
  pageUser,
  requireSession,
  sendPage,
} from './request-context.ts';
import { approvalsRoutes } from './routes/approvals-routes.ts';
import { auditRoutes } from './routes/audit-routes.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { keysRoutes } from './routes/keys-routes.ts';
import { payoutsRoutes } from './routes/payouts-routes.ts';
import { transactionsRoutes } from './routes/transactions-routes.ts';
import { walletsRoutes } from './routes/wallets-routes.ts';
import { webhooksRoutes } from './routes/webhooks-routes.ts';
import { errorPage } from './views/message-view.ts';
import type { WalletBalancesReader } from './wallet-balances.ts';

export interface DashboardOptions {
  services: Services;
  publicUrl: string;
  /** Balances for the wallets page; without it they show as unavailable. */
  walletBalances?: WalletBalancesReader;
  /** Other limits than the service's (tests): counted in this process only. */
  signInLimits?: SignInLimits;
}

// A payout's CSV (up to 1000 lines) comes as a form field.
const FORM_BODY_LIMIT = 192 * 1024;

// No inline script or style anywhere: the one script and stylesheet come from this origin.
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

// The stylesheet is kept in two source files but served as one (one request per page).
const ASSETS: Record<string, { files: string[]; type: string }> = {
  'dashboard.css': { files: ['dashboard-base.css', 'dashboard-tables.css'], type: 'text/css; charset=utf-8' },
  'dashboard.js': { files: ['dashboard.js'], type: 'text/javascript; charset=utf-8' },
  'favicon.svg': { files: ['favicon.svg'], type: 'image/svg+xml' },
};

function loadAssets(): Map<string, { body: Buffer; type: string; etag: string }> {
  const out = new Map<string, { body: Buffer; type: string; etag: string }>();
  for (const [name, { files, type }] of Object.entries(ASSETS)) {
    const body = Buffer.concat(files.map((f) => readFileSync(sourcePath('dashboard', 'assets', f))));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    out.set(name, { body, type, etag });
  }
  return out;
}

const ERROR_TITLES: Record<number, string> = {
  400: 'Invalid request',
  403: 'Not allowed',
  404: 'Page not found',
  413: 'Form too large',
  415: 'Unsupported form',
};

/** Errors in the dashboard are pages in its layout, not the API's JSON envelope. */
function renderError(request: FastifyRequest, reply: FastifyReply, err: FastifyError | AppError) {
  const status =
    err instanceof AppError
      ? err.status
      : typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
        ? err.statusCode
        : 500;
  if (status >= 500) request.log.error({ err }, 'dashboard error');
  const known = err instanceof AppError && status < 500;
  return sendPage(
    reply,
    errorPage(pageUser(request), {
      title: ERROR_TITLES[status] ?? (status >= 500 ? 'Something went wrong' : 'Request refused'),
      message: known
        ? err.message
        : status >= 500
          ? 'The dashboard could not complete this request. Try again; if it keeps failing, give your operator the request id below.'
          : 'The dashboard could not read this request.',
      requestId: request.id,
    }),
    status,
  );
}

/** The web dashboard (issue 7): server-rendered pages under /dashboard with their own session auth. */
async function dashboard(app: FastifyInstance, options: DashboardOptions): Promise<void> {
  const { services, publicUrl } = options;
  const deps: DashboardDeps = {
    services,
    sessions: services.sessions,
    limiter: options.signInLimits ? signInLimiter(options.signInLimits) : services.signInLimiter,
    walletBalances: options.walletBalances,
    units: assetUnits(services.balances),
    publicUrl,
  };
  const assets = loadAssets();

  // Registered inside this scope: the cookie and form parsers do not reach /api/v1.
  await app.register(cookie);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // Not part of the API: kept out of the OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.decorateRequest('dashboardSession', null);

  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('cache-control', 'no-store');
    if (request.url.startsWith(`${PAGES.assets}/`)) return;
    const token = request.cookies[cookieNames(isSecure(request, publicUrl)).session];
    request.dashboardSession = await deps.sessions.resolve(token);
  });

  /**
   * CSRF: every POST must carry the session's synchronizer token (sign-in has its own double-submit
   * token, checked in its handler). Browsers' Fetch Metadata refuses cross-site posts early too; the
   * SameSite=Strict cookie already keeps them from arriving signed in.
   */
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site')
      throw new AppError('FORBIDDEN', 'This form was sent from another site and was refused.');
    if (request.routeOptions.url === PAGES.signIn) return;
    if (!requireSession(request, reply)) return reply;
    const header = request.headers['x-csrf-token'];
    const sent = formField(request, '_csrf') ?? (typeof header === 'string' ? header : undefined);
    if (!sent || !sameSecret(sent, request.dashboardSession?.csrfToken ?? '')) {
      request.log.warn({ event: 'dashboard.csrf_refused' }, 'dashboard form without a valid CSRF token');
      throw new AppError(
        'FORBIDDEN',
        'This form has expired or did not come from this dashboard, so nothing was changed. Go back, reload the page and try again.',
      );
    }
  });

  app.setErrorHandler((err: FastifyError, request, reply) => renderError(request, reply, err));
  app.setNotFoundHandler((request, reply) =>
    renderError(request, reply, new AppError('NOT_FOUND', 'There is no dashboard page at this address.')),
  );

  app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const asset = assets.get(request.params.name);
    if (!asset) throw new AppError('NOT_FOUND', 'No such file.');
    reply.header('cache-control', 'no-cache').header('etag', asset.etag);
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.type(asset.type).send(asset.body);
  });

  await authRoutes(app, deps);
  await keysRoutes(app, deps);
  await walletsRoutes(app, deps);
  await transactionsRoutes(app, deps);
  await webhooksRoutes(app, deps);
  await auditRoutes(app, deps);
  await approvalsRoutes(app, deps);
  await payoutsRoutes(app, deps);
}

/** Registers the dashboard at /dashboard (one call from the server). */
export async function dashboardRoutes(app: FastifyInstance, options: DashboardOptions): Promise<void> {
  await app.register(dashboard, { ...options, prefix: DASHBOARD_PATH });
}
