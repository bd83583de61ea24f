import type { TransactionView } from '../../app/transactions/views.ts';
import type { Chain } from '../../chains/chain-registry.ts';
import type { TransactionStatus } from '../../store/repositories/transactions-repository.ts';
import { formatAmount, formatDate, shorten } from '../format.ts';
import { html, isHttpUrl, type SafeHtml } from '../html.ts';
import { PAGES } from '../paths.ts';
import { type PageContext, page } from './layout.ts';

/** A transaction as the API shows it (GET /tx/{id}), with its chain for amounts (null if disabled since). */
export interface TransactionRow {
  tx: TransactionView;
  chain: Chain | null;
}

export interface TransactionsModel {
  user: NonNullable<PageContext['user']>;
  rows: TransactionRow[];
  limit: number;
  refreshSeconds: number;
  generatedAt: Date;
}

const STATUS_CLASS: Record<TransactionStatus, string> = {
  PENDING: 'badge-warn',
  SUBMITTED: 'badge-warn',
  CONFIRMED: 'badge-ok',
  FAILED: 'badge-danger',
};

/** PENDING and SUBMITTED can still change; CONFIRMED and FAILED are final. */
export const isPending = (status: TransactionStatus) => status === 'PENDING' || status === 'SUBMITTED';

function hashCell(row: TransactionRow): SafeHtml {
  const { hash } = row.tx;
  if (!hash)
    return html`<span class="muted">${row.tx.status === 'FAILED' ? 'Never sent' : 'Not broadcast yet'}</span>`;
  const short = html`<code title="${hash}">${shorten(hash, 10, 8)}</code>`;
  return isHttpUrl(row.tx.explorerUrl)
    ? html`${short} <a href="${row.tx.explorerUrl}" rel="noopener noreferrer" target="_blank">View on explorer<span
        class="visually-hidden"> (opens in a new tab)</span></a>`
    : html`${short} <span class="muted">(no explorer)</span>`;
}

function valueCell(row: TransactionRow): string {
  const { value } = row.tx;
  if (!row.chain) return value;
  return `${formatAmount(value, row.chain.nativeDecimals)} ${row.chain.nativeSymbol}`;
}

// Explicit table roles: on phones the stylesheet turns rows into cards, and browsers drop the
// native table semantics of restyled tables; the roles keep them for screen readers.
function table(rows: TransactionRow[]): SafeHtml {
  return html`<div class="table-wrap">
<table role="table" class="responsive" id="transactions">
  <caption class="visually-hidden">Your latest transactions, newest first</caption>
  <thead role="rowgroup"><tr role="row">
    <th scope="col" role="columnheader">Created</th><th scope="col" role="columnheader">Status</th><th scope="col" role="columnheader">Kind</th><th scope="col" role="columnheader">Chain</th>
    <th scope="col" role="columnheader">From → to</th><th scope="col" role="columnheader">Value</th><th scope="col" role="columnheader">Hash</th>
  </tr></thead>
  <tbody role="rowgroup">
  ${rows.map(
    (r) => html`<tr role="row" data-tx-id="${r.tx.id}">
    <td role="cell" data-label="Created"><time datetime="${r.tx.createdAt}">${formatDate(r.tx.createdAt)}</time></td>
    <td role="cell" data-label="Status"><span class="badge ${STATUS_CLASS[r.tx.status]}">${r.tx.status}</span>${
      r.tx.error ? html`<span class="tx-error">${r.tx.error}</span>` : ''
    }</td>
    <td role="cell" data-label="Kind">${r.tx.kind}</td>
    <td role="cell" data-label="Chain">${r.tx.chainName} <span class="muted">(${r.tx.chain})</span></td>
    <td role="cell" data-label="From → to"><code title="${r.tx.from}">${shorten(r.tx.from)}</code> →
      <code title="${r.tx.to}">${shorten(r.tx.to)}</code></td>
    <td role="cell" data-label="Value"><span class="amount">${valueCell(r)}</span></td>
    <td role="cell" data-label="Hash">${hashCell(r)}</td>
  </tr>`,
  )}
  </tbody>
</table>
</div>`;
}

export function transactionsPage(model: TransactionsModel): string {
  const pending = model.rows.filter((r) => isPending(r.tx.status)).length;
  // The region is what the script re-fetches and swaps; data-auto-refresh is present only while
  // something can still change, so refreshing stops by itself once every transaction is final.
  const region = html`<section id="transactions-region" aria-labelledby="list-heading"${
    pending > 0 ? html` data-auto-refresh="${model.refreshSeconds}"` : ''
  }>
  <h2 id="list-heading" class="visually-hidden">Latest transactions</h2>
  <p class="hint" id="refresh-note">${
    pending > 0
      ? html`${pending} pending. This list refreshes every ${model.refreshSeconds} seconds until every
        transaction is CONFIRMED or FAILED. <a href="${PAGES.transactions}">Refresh now</a>`
      : html`Updated <time datetime="${model.generatedAt.toISOString()}">${formatDate(model.generatedAt)}</time>.
        <a href="${PAGES.transactions}">Refresh</a>`
  }</p>
  ${model.rows.length === 0 ? html`<p>No transactions yet.</p>` : table(model.rows)}
</section>`;
  return page(
    { title: 'Transactions', user: model.user, section: 'transactions' },
    html`<h1>Transactions</h1>
<p>Your latest ${model.limit} transactions. Statuses: PENDING (recorded, not yet broadcast), SUBMITTED
  (accepted for broadcast), CONFIRMED (included and successful), FAILED (reverted, rejected, dropped or expired).</p>
<p class="visually-hidden" role="status" aria-live="polite" id="refresh-announcer"></p>
${region}`,
  );
}
