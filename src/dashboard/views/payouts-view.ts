import type { PayoutSummaryView, PayoutView } from '../../schemas/payouts.ts';
import { copyButton, formatDate, shorten } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import { PAGES } from '../paths.ts';
import { csrfField, type Flash, type PageContext, page } from './layout.ts';

type User = NonNullable<PageContext['user']>;

const STATUS_CLASS: Record<string, string> = {
  PENDING: 'badge-warn',
  SUBMITTED: 'badge-warn',
  CONFIRMED: 'badge-ok',
  FAILED: 'badge-danger',
  processing: 'badge-warn',
  completed: 'badge-ok',
  completed_with_failures: 'badge-danger',
};

const badge = (status: string) => html`<span class="badge ${STATUS_CLASS[status] ?? ''}">${status}</span>`;

/** The payouts page: the upload form (a CSV of to,amount,reference) and the latest payouts. */
export function payoutsPage(model: {
  user: User;
  payouts: PayoutSummaryView[];
  chains: { slug: string; name: string }[];
  idempotencyKey: string;
  flash?: Flash | null;
  form?: Record<string, string>;
}): string {
  const f = model.form ?? {};
  return page(
    { title: 'Payouts', user: model.user, section: 'payouts', flash: model.flash ?? null },
    html`<h1>Payouts</h1>
<p>Pay many recipients at once: each line of the CSV is <code>to,amount,reference</code>, amounts in base
  units (wei, lamports or token units). The whole list is checked before anything is sent.</p>
<form method="post" action="${PAGES.payouts}" class="stack">
  ${csrfField(model.user.csrfToken)}
  <input type="hidden" name="idempotencyKey" value="${model.idempotencyKey}">
  <label for="payout-chain">Chain</label>
  <select id="payout-chain" name="chain">${model.chains.map(
    (c) =>
      html`<option value="${c.slug}"${f.chain === c.slug ? html` selected` : ''}>${c.name} (${c.slug})</option>`,
  )}</select>
  <label for="payout-asset">Asset</label>
  <select id="payout-asset" name="asset">${['native', 'erc20', 'spl'].map(
    (a) => html`<option value="${a}"${f.asset === a ? html` selected` : ''}>${a}</option>`,
  )}</select>
  <label for="payout-token">Token address or mint <span class="muted">(erc20, spl)</span></label>
  <input id="payout-token" name="token" value="${f.token ?? ''}" autocomplete="off">
  <label class="check"><input type="checkbox" name="atomic" value="1"${f.atomic === '1' ? html` checked` : ''}> Atomic <span class="muted">(EVM native: packed into Multicall3 transactions, each all-or-nothing)</span></label>
  <label for="payout-file">CSV file</label>
  <input id="payout-file" type="file" accept=".csv,text/csv" data-csv-into="payout-csv">
  <label for="payout-csv">Items (CSV: to,amount,reference)</label>
  <textarea id="payout-csv" name="csv" rows="8" required>${f.csv ?? ''}</textarea>
  <button type="submit" class="button">Pay</button>
</form>
<h2>Latest payouts</h2>
${
  model.payouts.length === 0
    ? html`<p>No payouts yet.</p>`
    : html`<div class="table-wrap"><table role="table" class="responsive" id="payouts">
  <caption class="visually-hidden">Your latest payouts, newest first</caption>
  <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">Created</th><th scope="col" role="columnheader">Status</th>
    <th scope="col" role="columnheader">Chain</th><th scope="col" role="columnheader">Items</th><th scope="col" role="columnheader">Total</th></tr></thead>
  <tbody role="rowgroup">${model.payouts.map(
    (
      p,
    ) => html`<tr role="row"><td role="cell" data-label="Created"><time datetime="${p.createdAt}">${formatDate(p.createdAt)}</time>
      <br><a href="${PAGES.payouts}/${p.id}"><code>${p.id}</code></a></td>
    <td role="cell" data-label="Status">${badge(p.status)}</td><td role="cell" data-label="Chain">${p.chain} · ${p.asset}</td>
    <td role="cell" data-label="Items">${p.items}</td><td role="cell" data-label="Total">${p.amount} <span class="muted">base units</span></td></tr>`,
  )}</tbody></table></div>`
}`,
  );
}

function itemRows(p: PayoutView): SafeHtml {
  return html`${p.items.map(
    (i) => html`<tr role="row" data-tx-id="${i.transactionId ?? `item-${i.index}`}">
    <td role="cell" data-label="#">${i.index}</td>
    <td role="cell" data-label="To"><code title="${i.to}">${shorten(i.to)}</code></td>
    <td role="cell" data-label="Amount">${i.amount}</td>
    <td role="cell" data-label="Reference">${i.reference ?? ''}</td>
    <td role="cell" data-label="Status">${badge(i.status)}${i.error ? html`<span class="tx-error">${i.error}</span>` : ''}</td>
    <td role="cell" data-label="Transaction">${
      i.transactionId
        ? html`<code>${i.transactionId}</code>${copyButton(i.transactionId, `transaction id ${i.transactionId}`)}`
        : html`<span class="muted">not signed yet</span>`
    }</td>
  </tr>`,
  )}`;
}

/** One payout with every item's status; refreshes itself while it is processing. */
export function payoutPage(model: { user: User; payout: PayoutView; refreshSeconds: number }): string {
  const p = model.payout;
  const t = p.totals;
  const live = p.status === 'processing';
  return page(
    { title: `Payout ${p.id}`, user: model.user, section: 'payouts' },
    html`<h1>Payout <code>${p.id}</code></h1>
<p class="visually-hidden" role="status" aria-live="polite" id="refresh-announcer"></p>
<section id="transactions-region" aria-labelledby="items-heading"${live ? html` data-auto-refresh="${model.refreshSeconds}"` : ''}>
  <p>${badge(p.status)} ${p.chain} · ${p.asset}${p.token ? html` <code>${p.token}</code>` : ''}${p.atomic ? ' · atomic (Multicall3)' : ''} from <code>${p.from}</code></p>
  <p id="payout-totals">${t.confirmed} of ${t.items} confirmed, ${t.failed} failed, ${t.submitted} submitted,
    ${t.pending} pending, in ${t.transactions} ${t.transactions === 1 ? 'transaction' : 'transactions'}. Total ${t.amount} base units.
    <a href="${PAGES.payouts}/${p.id}">Refresh</a></p>
  <h2 id="items-heading">Items</h2>
  <div class="table-wrap"><table role="table" class="responsive" id="payout-items">
  <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">#</th><th scope="col" role="columnheader">To</th>
    <th scope="col" role="columnheader">Amount</th><th scope="col" role="columnheader">Reference</th>
    <th scope="col" role="columnheader">Status</th><th scope="col" role="columnheader">Transaction</th></tr></thead>
  <tbody role="rowgroup">${itemRows(p)}</tbody></table></div>
</section>`,
  );
}
