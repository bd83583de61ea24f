/** Where the dashboard lives; views and routes build every link from these. */
export const DASHBOARD_PATH = '/dashboard';

export const PAGES = {
  signIn: `${DASHBOARD_PATH}/sign-in`,
  signOut: `${DASHBOARD_PATH}/sign-out`,
  keys: `${DASHBOARD_PATH}/keys`,
  wallets: `${DASHBOARD_PATH}/wallets`,
  transactions: `${DASHBOARD_PATH}/transactions`,
  webhooks: `${DASHBOARD_PATH}/webhooks`,
  audit: `${DASHBOARD_PATH}/audit`,
  auditCsv: `${DASHBOARD_PATH}/audit.csv`,
  approvals: `${DASHBOARD_PATH}/approvals`,
  payouts: `${DASHBOARD_PATH}/payouts`,
  assets: `${DASHBOARD_PATH}/assets`,
} as const;

/** Pages a sign-in may return to; anything else (another site, odd paths) goes to the API keys page. */
export function safeReturnPath(next: string | undefined): string {
  const pages: string[] = [
    PAGES.keys,
    PAGES.wallets,
    PAGES.transactions,
    PAGES.approvals,
    PAGES.payouts,
    PAGES.webhooks,
    PAGES.audit,
  ];
  // An approval's page too: the link a 202 answer gives (`url`) brings its reader back to it.
  const approval = next !== undefined && /^\/dashboard\/approvals\/apr_[0-9A-Za-z]{1,40}$/.test(next);
  return next && (pages.includes(next) || approval) ? next : PAGES.keys;
}
