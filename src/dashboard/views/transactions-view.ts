import type { TransactionView } from '../../app/transactions/views.ts';
import type { Chain } from '../../chains/chain-registry.ts';
import type { TransactionStatus } from '../../domain/transactions.ts';
import { type AssetUnit, amountHtml, unitKey } from '../asset-units.ts';
import { copyButton, formatDate, shorten } from '../format.ts';
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
  /** Units of the assets the rows move (`unitKey`); an asset without one shows in base units. */
  units: ReadonlyMap<string, AssetUnit>;
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
  const short = html`<code title="${hash}">${shorten(hash, 10, 8)}</code>${copyButton(hash, `hash ${hash}`)}`;
  return isHttpUrl(row.tx.explorerUrl)
    ? html`${short} <a href="${row.tx.explorerUrl}" rel="noopener noreferrer" target="_blank">View on explorer<span
        class="visually-hidden"> (opens in a new tab)</span></a>`
    : html`${short} <span class="muted">(no explorer)</span>`;
}

/** The tokens a transaction's amounts are in (null: native), for their units. */
export function tokensOf(tx: TransactionView): (string | null)[] {
  const intent = tx.intent;
  if (!intent) return [null];
  switch (intent.kind) {
    case 'send':
      return [intent.token];
    case 'approve':
      return [intent.token];
    case 'swap':
      return [intent.fromToken, intent.toToken];
    case 'contract':
      return [
        null,
        ...intent.tokenTransfers.map((t) => t.token),
        ...intent.tokenApprovals.map((a) => a.token),
      ];
  }
}

/**
 * What the transaction moved, in whole units with symbols (base units in each title): a send's
 * amount, an approval's allowance and spender, a swap's input and expected output, a contract
 * call's value and token transfers. Transactions recorded without an intent show their native value.
 */
export function amountCell(row: TransactionRow, units: TransactionsModel['units']): SafeHtml {
  const { tx, chain } = row;
  const amount = (raw: string, token: string | null) =>
    amountHtml(raw, chain ? units.get(unitKey(chain, token)) : null, token);
  const intent = tx.intent;
  if (!intent) return amount(tx.value, null);
  switch (intent.kind) {
    case 'send':
      return amount(intent.amount, intent.token);
    case 'approve':
      return html`${amount(intent.amount, intent.token)} <span class="muted">allowed to</span>
        <code title="${intent.spender}">${shorten(intent.spender)}</code>`;
    case 'swap':
      return html`${amount(intent.amount, intent.fromToken)} →${
        intent.expectedOutput === null
          ? html` <code title="${intent.toToken}">${shorten(intent.toToken)}</code>`
          : html` <span class="muted">about</span> ${amount(intent.expectedOutput, intent.toToken)}`
      }`;
    case 'contract':
      return html`${amount(intent.value, null)}${intent.tokenTransfers.map(
        (t) => html`<br><span class="muted">moves</span> ${amount(t.amount, t.token)}`,
      )}${intent.tokenApprovals.map(
        (a) => html`<br><span class="muted">allows</span> ${amount(a.amount, a.token)}`,
      )}`;
  }
}

// Explicit table roles: on phones the stylesheet turns rows into cards, and browsers drop the
// native table semantics of restyled tables; the roles keep them for screen readers.
function table(rows: TransactionRow[], units: TransactionsModel['units']): SafeHtml {
  return html`<div class="table-wrap">
<table role="table" class="responsive" id="transactions">
  <caption class="visually-hidden">Your latest transactions, newest first</caption>
  <thead role="rowgroup"><tr role="row">
    <th scope="col" role="columnheader">Created</th><th scope="col" role="columnheader">Status</th><th scope="col" role="columnheader">Kind</th><th scope="col" role="columnheader">Chain</th>
    <th scope="col" role="columnheader">From → to</th><th scope="col" role="columnheader">Amount</th><th scope="col" role="columnheader">Hash</th>
  </tr></thead>
  <tbody role="rowgroup">
  ${rows.map(
    (r) => html`<tr role="row" data-tx-id="${r.tx.id}">
    <td role="cell" data-label="Created"><time datetime="${r.tx.createdAt}">${formatDate(r.tx.createdAt)}</time>
      <br><code class="tx-id">${r.tx.id}</code>${copyButton(r.tx.id, `transaction id ${r.tx.id}`)}</td>
    <td role="cell" data-label="Status"><span class="badge ${STATUS_CLASS[r.tx.status]}">${r.tx.status}</span>${
      r.tx.error ? html`<span class="tx-error">${r.tx.error}</span>` : ''
    }</td>
    <td role="cell" data-label="Kind">${r.tx.kind}</td>
    <td role="cell" data-label="Chain">${r.tx.chainName} <span class="muted">(${r.tx.chain})</span></td>
    <td role="cell" data-label="From → to"><code title="${r.tx.from}">${shorten(r.tx.from)}</code> →
      <code title="${r.tx.to}">${shorten(r.tx.to)}</code></td>
    <td role="cell" data-label="Amount">${amountCell(r, units)}</td>
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
  ${model.rows.length === 0 ? html`<p>No transactions yet.</p>` : table(model.rows, model.units)}
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
