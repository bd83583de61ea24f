import { type HtmlValue, html, type SafeHtml } from '../html.ts';
import { PAGES } from '../paths.ts';

export type Section = 'keys' | 'wallets' | 'transactions' | 'payouts' | 'approvals' | 'webhooks' | 'audit';

export interface Flash {
  kind: 'success' | 'error';
  message: HtmlValue;
}

export interface PageContext {
  title: string;
  /** null on the sign-in page and error pages shown to visitors who are not signed in. */
  user: { email: string; csrfToken: string } | null;
  section?: Section;
  flash?: Flash | null;
}

const NAV: { section: Section; label: string; href: string }[] = [
  { section: 'keys', label: 'API keys', href: PAGES.keys },
  { section: 'wallets', label: 'Wallets', href: PAGES.wallets },
  { section: 'transactions', label: 'Transactions', href: PAGES.transactions },
  { section: 'payouts', label: 'Payouts', href: PAGES.payouts },
  { section: 'approvals', label: 'Approvals', href: PAGES.approvals },
  { section: 'webhooks', label: 'Webhooks', href: PAGES.webhooks },
  { section: 'audit', label: 'Audit', href: PAGES.audit },
];

/** The hidden field every state-changing form carries (synchronizer token of the session). */
export const csrfField = (token: string): SafeHtml =>
  html`<input type="hidden" name="_csrf" value="${token}">`;

/** Errors interrupt (role=alert); confirmations are announced politely (role=status). */
export function flashMessage(flash: Flash | null | undefined): SafeHtml {
  if (!flash) return html``;
  return flash.kind === 'error'
    ? html`<div class="flash flash-error" role="alert">${flash.message}</div>`
    : html`<div class="flash flash-success" role="status">${flash.message}</div>`;
}

function header(ctx: PageContext): SafeHtml {
  const user = ctx.user;
  return html`<header class="site-header">
  <div class="site-header-inner">
    <a class="brand" href="${user ? PAGES.keys : PAGES.signIn}">Wallet Automation API</a>
    ${
      user
        ? html`<nav aria-label="Dashboard">
      <ul class="nav-list">
        ${NAV.map(
          (item) =>
            html`<li><a href="${item.href}"${item.section === ctx.section ? html` aria-current="page"` : ''}>${item.label}</a></li>`,
        )}
      </ul>
    </nav>
    <div class="account">
      <span class="account-email">Signed in as <strong>${user.email}</strong></span>
      <form method="post" action="${PAGES.signOut}">
        ${csrfField(user.csrfToken)}
        <button type="submit" class="button button-secondary">Sign out</button>
      </form>
    </div>`
        : ''
    }
  </div>
</header>`;
}

/** A whole page: landmarks, skip link, one h1 per page (inside `body`), no inline script or style. */
export function page(ctx: PageContext, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${ctx.title} · Wallet Automation API</title>
<link rel="icon" href="${PAGES.assets}/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${PAGES.assets}/dashboard.css">
<script src="${PAGES.assets}/dashboard.js" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to main content</a>
${header(ctx)}
<main id="main" tabindex="-1">
${flashMessage(ctx.flash)}
${body}
</main>
</body>
</html>
`.value;
}
