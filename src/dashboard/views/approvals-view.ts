import type { ApprovalView } from '../../app/approvals.ts';
import type { TransactionView } from '../../app/transactions/views.ts';
import type { Chain } from '../../chains/chain-registry.ts';
import type { AssetUnit } from '../asset-units.ts';
import { formatDate, shorten } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import { PAGES } from '../paths.ts';
import { csrfField, type Flash, type PageContext, page } from './layout.ts';
import { amountCell } from './transactions-view.ts';

/** An approval with its transaction as the API shows it, and its chain (null: disabled since). */
export interface ApprovalRow {
  approval: ApprovalView;
  tx: TransactionView;
  chain: Chain | null;
}

type Units = ReadonlyMap<string, AssetUnit>;

const STATUS_CLASS: Record<ApprovalView['status'], string> = {
  required: 'badge-warn',
  approved: 'badge-ok',
  denied: 'badge-danger',
  expired: 'badge-muted',
};

const hrefOf = (a: ApprovalView) => `${PAGES.approvals}/${a.id}`;

function what(row: ApprovalRow, units: Units): SafeHtml {
  const { tx } = row;
  return html`<strong>${tx.kind}</strong> on ${tx.chainName} <span class="muted">(${tx.chain})</span><br>
    ${amountCell({ tx, chain: row.chain }, units)}<br>
    <span class="muted">to</span> <code title="${tx.to}">${shorten(tx.to)}</code>
    <span class="muted">from</span> <code title="${tx.from}">${shorten(tx.from)}</code>`;
}

function table(rows: ApprovalRow[], units: Units, caption: string, id: string): SafeHtml {
  return html`<div class="table-wrap">
<table role="table" class="responsive" id="${id}">
  <caption class="visually-hidden">${caption}</caption>
  <thead role="rowgroup"><tr role="row">
    <th scope="col" role="columnheader">Asked</th><th scope="col" role="columnheader">What</th>
    <th scope="col" role="columnheader">Key</th><th scope="col" role="columnheader">Why</th>
    <th scope="col" role="columnheader">Status</th>
  </tr></thead>
  <tbody role="rowgroup">
  ${rows.map(
    (r) => html`<tr role="row" data-approval-id="${r.approval.id}">
    <td role="cell" data-label="Asked"><time datetime="${r.approval.createdAt}">${formatDate(r.approval.createdAt)}</time>
      <br><a href="${hrefOf(r.approval)}">Review</a></td>
    <td role="cell" data-label="What">${what(r, units)}</td>
    <td role="cell" data-label="Key">${r.approval.keyName ?? r.approval.keyId ?? '—'}</td>
    <td role="cell" data-label="Why">${r.approval.reasons.map((reason, i) => html`${i > 0 ? html`<br>` : ''}${reason}`)}</td>
    <td role="cell" data-label="Status"><span class="badge ${STATUS_CLASS[r.approval.status]}">${r.approval.status}</span>${
      r.approval.status === 'required'
        ? html`<br><span class="muted">expires <time datetime="${r.approval.expiresAt}">${formatDate(r.approval.expiresAt)}</time></span>`
        : r.approval.decidedBy
          ? html`<br><span class="muted">by ${r.approval.decidedBy}</span>`
          : ''
    }</td>
  </tr>`,
  )}
  </tbody>
</table>
</div>`;
}

/** The inbox: writes waiting for a decision, then the latest decided ones. */
export function approvalsPage(model: {
  user: NonNullable<PageContext['user']>;
  pending: ApprovalRow[];
  decided: ApprovalRow[];
  units: Units;
}): string {
  return page(
    { title: 'Approvals', user: model.user, section: 'approvals' },
    html`<h1>Approvals</h1>
<p>Writes your API keys' approval rules sent to you. Nothing is signed until you approve; a write
  nobody decides on expires and fails, and its amount is given back to the key's daily limits.</p>
<section aria-labelledby="pending-heading">
  <h2 id="pending-heading">Waiting for you (${model.pending.length})</h2>
  ${model.pending.length === 0 ? html`<p id="no-pending">Nothing is waiting.</p>` : table(model.pending, model.units, 'Writes waiting for a decision', 'pending-approvals')}
</section>
<section aria-labelledby="decided-heading">
  <h2 id="decided-heading">Decided</h2>
  ${model.decided.length === 0 ? html`<p>None yet.</p>` : table(model.decided, model.units, 'Latest decisions', 'decided-approvals')}
</section>`,
  );
}

/** One approval: what it would do, and the forms to decide (password again after a while). */
export function approvalPage(model: {
  user: NonNullable<PageContext['user']>;
  row: ApprovalRow;
  units: Units;
  /** The session signed in too long ago: approving asks for the password. */
  passwordNeeded: boolean;
  flash?: Flash | null;
}): string {
  const { approval, tx } = model.row;
  const open = approval.status === 'required';
  const csrf = csrfField(model.user.csrfToken);
  return page(
    { title: 'Approval', user: model.user, section: 'approvals', flash: model.flash ?? null },
    html`<h1>Approval <code>${approval.id}</code></h1>
<p><a href="${PAGES.approvals}">All approvals</a></p>
<dl class="details" id="approval-details">
  <dt>Status</dt><dd><span class="badge ${STATUS_CLASS[approval.status]}" id="approval-status">${approval.status}</span>${
    approval.decidedBy ? html` by ${approval.decidedBy}` : ''
  }${approval.reason ? html`: ${approval.reason}` : ''}</dd>
  <dt>What</dt><dd>${what(model.row, model.units)}</dd>
  <dt>Recipient</dt><dd><code>${tx.to}</code></dd>
  <dt>From wallet</dt><dd><code>${tx.from}</code></dd>
  <dt>Asked by key</dt><dd>${approval.keyName ?? '—'} <span class="muted">(${approval.keyId ?? 'no key'})</span></dd>
  <dt>Why it waits</dt><dd>${approval.reasons.map((r, i) => html`${i > 0 ? html`<br>` : ''}${r}`)}</dd>
  <dt>Checked when asked</dt><dd>Funds, fee and simulation passed when the write was asked for; they are checked again before signing.</dd>
  <dt>Transaction</dt><dd><code>${tx.id}</code>, ${tx.status}${tx.error ? html`: ${tx.error}` : ''}</dd>
  <dt>${open ? 'Expires' : 'Asked'}</dt><dd><time datetime="${open ? approval.expiresAt : approval.createdAt}">${formatDate(open ? approval.expiresAt : approval.createdAt)}</time></dd>
</dl>
${
  open
    ? html`<div class="decide">
<form method="post" action="${PAGES.approvals}/${approval.id}/approve" id="approve-form">
  ${csrf}
  ${
    model.passwordNeeded
      ? html`<div class="field"><label for="approve-password">Your password</label>
    <input id="approve-password" name="password" type="password" autocomplete="current-password" required aria-describedby="approve-password-hint">
    <p class="hint" id="approve-password-hint">You signed in more than 5 minutes ago: enter your password again to approve.</p></div>`
      : ''
  }
  <button type="submit" class="button">Approve and send</button>
</form>
<form method="post" action="${PAGES.approvals}/${approval.id}/deny" id="deny-form">
  ${csrf}
  <div class="field"><label for="deny-reason">Reason (optional)</label>
    <input id="deny-reason" name="reason" maxlength="500"></div>
  <button type="submit" class="button button-secondary">Deny</button>
</form>
</div>`
    : ''
}`,
  );
}
