import type { EventView } from '../../app/events/event-views.ts';
import type { AssetUnit } from '../asset-units.ts';
import { copyButton, formatDate } from '../format.ts';
import { html, isHttpUrl, type SafeHtml } from '../html.ts';
import { PAGES } from '../paths.ts';
import { csrfField, type Flash, type PageContext, page } from './layout.ts';
import { amountCell, isPending, STATUS_CLASS, type TransactionRow } from './transactions-view.ts';

export interface TransactionDetailModel {
  user: NonNullable<PageContext['user']>;
  row: TransactionRow;
  /** Each attempt's hash with its explorer link (null: the chain has no explorer). */
  attempts: { hash: string; explorerUrl: string | null }[];
  /** The transaction's events, oldest first. */
  timeline: EventView[];
  units: ReadonlyMap<string, AssetUnit>;
  refreshSeconds: number;
  /** What the last speed-up or cancel said, or why it was refused. */
  flash?: Flash | null;
  /** A fresh Idempotency-Key per form shown: a double submit replays instead of acting twice. */
  actionKeys: { speedUp: string; cancel: string };
}

const EVENT_LABELS: Record<string, string> = {
  'transaction.created': 'Recorded',
  'transaction.submitted': 'Submitted',
  'transaction.replaced': 'Replaced by a new attempt',
  'transaction.stuck': 'Not moving',
  'transaction.confirmed': 'Confirmed',
  'transaction.failed': 'Failed',
  'transaction.reorged': 'Block reorganised away: back to SUBMITTED',
};

const REPLACEMENT_REASONS: Record<string, string> = {
  'fee-bump': 'fees raised',
  'resigned-after-expiry': 're-signed after its blockhash expired',
  'speed-up': 'sped up from the dashboard or the API',
  cancel: 'cancel: a zero-value transfer to itself at the same nonce',
};

/**
 * Speed-up (EVM) and cancel for a transaction that is sent and not final. Each asks for a
 * confirmation (a required checkbox, so it works without JavaScript) and says what it does: a
 * cancel is a race the original may still win. A write waiting for approval has nothing signed to
 * replace (deny it on its approval page instead); a Solana transaction cannot be sped up.
 */
function actions(model: TransactionDetailModel): SafeHtml {
  const { tx } = model.row;
  if (!isPending(tx.status) || tx.attempts.length === 0) return html``;
  const csrf = csrfField(model.user.csrfToken);
  const base = `${PAGES.transactions}/${encodeURIComponent(tx.id)}`;
  const evm = tx.chainType === 'ethereum';
  const speedUp = evm
    ? html`<form method="post" action="${base}/speed-up" class="tx-action">${csrf}
  <input type="hidden" name="idempotency_key" value="${model.actionKeys.speedUp}">
  <p><label><input type="checkbox" name="confirm" value="yes" required> Replace it at nonce ${String(tx.nonce)} with fees raised at least 12.5 %</label></p>
  <button type="submit" class="button">Speed up</button></form>`
    : '';
  const cancelText = evm
    ? 'Send a zero-value transfer to this wallet at the same nonce. It is a race: the original may still be mined first; the final status tells.'
    : 'Stop signing it again. The attempt already sent may still land until its blockhash expires; the final status tells.';
  return html`<h2>Act on it</h2>${speedUp}
<form method="post" action="${base}/cancel" class="tx-action">${csrf}
  <input type="hidden" name="idempotency_key" value="${model.actionKeys.cancel}">
  <p><label><input type="checkbox" name="confirm" value="yes" required> ${cancelText}</label></p>
  <button type="submit" class="button button-danger">Cancel</button></form>`;
}

function hashLink(hash: string, explorerUrl: string | null): SafeHtml {
  return html`<code class="hash">${hash}</code>${copyButton(hash, `hash ${hash}`)}${
    isHttpUrl(explorerUrl)
      ? html` <a href="${explorerUrl}" rel="noopener noreferrer" target="_blank">View on explorer<span
          class="visually-hidden"> (opens in a new tab)</span></a>`
      : ''
  }`;
}

function eventNote(event: EventView): SafeHtml {
  const d = event.data as {
    status?: string;
    previousStatus?: string | null;
    error?: string | null;
    stuckReason?: string | null;
    replacement?: { oldHash: string; newHash: string; reason: string | null };
  };
  if (d.replacement) {
    const why = d.replacement.reason
      ? (REPLACEMENT_REASONS[d.replacement.reason] ?? d.replacement.reason)
      : null;
    return html`<code title="${d.replacement.oldHash}">${d.replacement.oldHash.slice(0, 12)}…</code> →
      <code title="${d.replacement.newHash}">${d.replacement.newHash.slice(0, 12)}…</code>${why ? html` (${why})` : ''}`;
  }
  if (event.type === 'transaction.stuck') return html`${d.stuckReason ?? ''}`;
  if (event.type === 'transaction.failed') return html`${d.error ?? ''}`;
  return d.previousStatus ? html`${d.previousStatus} → ${d.status}` : html`${d.status ?? ''}`;
}

function timelineTable(events: EventView[]): SafeHtml {
  if (events.length === 0) return html`<p>No events recorded for this transaction.</p>`;
  return html`<div class="table-wrap"><table role="table" class="responsive" id="timeline">
  <caption class="visually-hidden">What happened to this transaction, oldest first</caption>
  <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">When</th>
    <th scope="col" role="columnheader">Event</th><th scope="col" role="columnheader">Details</th></tr></thead>
  <tbody role="rowgroup">${events.map(
    (e) => html`<tr role="row" data-event-type="${e.type}">
    <td role="cell" data-label="When"><time datetime="${e.timestamp}">${formatDate(e.timestamp)}</time></td>
    <td role="cell" data-label="Event">${EVENT_LABELS[e.type] ?? e.type} <code class="muted">${e.type}</code></td>
    <td role="cell" data-label="Details">${eventNote(e)}</td></tr>`,
  )}</tbody></table></div>`;
}

export function transactionDetailPage(model: TransactionDetailModel): string {
  const { tx } = model.row;
  const pending = isPending(tx.status);
  // Same region id as the list: the page's script refreshes it while the transaction can change.
  const region = html`<section id="transactions-region" aria-labelledby="tx-heading"${
    pending ? html` data-auto-refresh="${model.refreshSeconds}"` : ''
  }>
  <table role="presentation" class="details"><tbody>
    <tr data-tx-id="${tx.id}"><th scope="row">Status</th><td><span class="badge ${STATUS_CLASS[tx.status]}">${tx.status}</span>${
      tx.error ? html` <span class="tx-error">${tx.error}</span>` : ''
    }</td></tr>
    ${tx.stuckReason ? html`<tr><th scope="row">Why it is not moving</th><td id="stuck-reason">${tx.stuckReason}</td></tr>` : ''}
    <tr><th scope="row">Kind</th><td>${tx.kind}</td></tr>
    <tr><th scope="row">Chain</th><td>${tx.chainName} <span class="muted">(${tx.chain})</span></td></tr>
    <tr><th scope="row">From</th><td><code>${tx.from}</code>${copyButton(tx.from, 'sender address')}</td></tr>
    <tr><th scope="row">To</th><td><code>${tx.to}</code>${copyButton(tx.to, 'recipient address')}</td></tr>
    <tr><th scope="row">Moves</th><td id="intent">${amountCell(model.row, model.units)}</td></tr>
    ${tx.nonce !== null ? html`<tr><th scope="row">Nonce</th><td>${tx.nonce}</td></tr>` : ''}
    <tr><th scope="row">Created</th><td><time datetime="${tx.createdAt}">${formatDate(tx.createdAt)}</time></td></tr>
    <tr><th scope="row">Updated</th><td><time datetime="${tx.updatedAt}">${formatDate(tx.updatedAt)}</time></td></tr>
  </tbody></table>

  <h2 id="attempts-heading">Attempts</h2>
  ${
    model.attempts.length === 0
      ? html`<p>${tx.status === 'FAILED' ? 'Never sent.' : 'Not broadcast yet.'}</p>`
      : html`<ol class="attempts" aria-labelledby="attempts-heading">${model.attempts.map(
          (a) =>
            html`<li>${hashLink(a.hash, a.explorerUrl)}${a.hash === tx.hash ? html` <span class="badge">${tx.status === 'CONFIRMED' ? 'landed' : 'current'}</span>` : ''}</li>`,
        )}</ol>`
  }

  <h2>What happened</h2>
  ${timelineTable(model.timeline)}
</section>`;
  return page(
    { title: `Transaction ${tx.id}`, user: model.user, section: 'transactions', flash: model.flash ?? null },
    html`<p><a href="${PAGES.transactions}">← All transactions</a></p>
<h1 id="tx-heading">Transaction <code class="tx-id">${tx.id}</code>${copyButton(tx.id, `transaction id ${tx.id}`)}</h1>
<section id="transaction-actions" aria-label="Actions" data-actions-for="${tx.id}">${actions(model)}</section>
<p class="visually-hidden" role="status" aria-live="polite" id="refresh-announcer"></p>
${region}`,
  );
}
