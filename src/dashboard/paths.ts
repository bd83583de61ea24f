/** Where the dashboard lives; views and routes build every link from these. */
export const DASHBOARD_PATH = '/dashboard';

export const PAGES = {
  signIn: `${DASHBOARD_PATH}/sign-in`,
  signOut: `${DASHBOARD_PATH}/sign-out`,
  keys: `${DASHBOARD_PATH}/keys`,
  wallets: `${DASHBOARD_PATH}/wallets`,
  transactions: `${DASHBOARD_PATH}/transactions`,
  payouts: `${DASHBOARD_PATH}/payouts`,
  assets: `${DASHBOARD_PATH}/assets`,
} as const;

/** Pages a sign-in may return to; anything else (another site, odd paths) goes to the API keys page. */
export function safeReturnPath(next: string | undefined): string {
  const pages: string[] = [PAGES.keys, PAGES.wallets, PAGES.transactions, PAGES.payouts];
  return next && pages.includes(next) ? next : PAGES.keys;
}
