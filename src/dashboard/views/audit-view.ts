import type { AuditEntryView } from '../../app/audit/audit-service.ts';
import { actorLabel } from '../../app/audit/audit-text.ts';
import { AUDIT_ACTIONS } from '../../domain/audit-actions.ts';
import { formatDate } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import { PAGES } from '../paths.ts';
import { type PageContext, page } from './layout.ts';

export interface AuditFilterForm {
  action: string;
  keyId: string;
}

export interface AuditModel {
  user: NonNullable<PageContext['user']>;
  entries: AuditEntryView[];
  nextCursor: string | null;
  filter: AuditFilterForm;
  /** The user's keys, for the key filter (revoked ones too: what they did stays). */
  keys: { id: string; name: string }[];
}

const OUTCOME_CLASS: Record<AuditEntryView['outcome'], string> = {
  succeeded: 'badge-ok',
  failed: 'badge-danger',
  refused: 'badge-warn',
};

/** The filter as a query string (the CSV link and the next page keep it). */
export function filterQuery(filter: AuditFilterForm, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  if (filter.action) q.set('action', filter.action);
  if (filter.keyId) q.set('key', filter.keyId);
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

function filterForm(model: AuditModel): SafeHtml {
  const { filter } = model;
  return html`<form method="get" action="${PAGES.audit}" class="form-row form-row-end" aria-label="Filter the audit trail">
  <div class="field">
    <label for="audit-action">Action</label>
    <select id="audit-action" name="action">
      <option value="">All actions</option>
      ${AUDIT_ACTIONS.map(
        (a) => html`<option value="${a}"${filter.action === a ? html` selected` : ''}>${a}</option>`,
      )}
    </select>
  </div>
  <div class="field">
    <label for="audit-key">API key</label>
    <select id="audit-key" name="key">
      <option value="">Any actor</option>
      ${model.keys.map(
        (k) =>
          html`<option value="${k.id}"${filter.keyId === k.id ? html` selected` : ''}>${k.name} (${k.id})</option>`,
      )}
    </select>
  </div>
  <div class="field field-action"><button type="submit" class="button">Filter</button></div>
  <div class="field field-action"><a class="button button-secondary" id="audit-csv" href="${PAGES.auditCsv}${filterQuery(filter)}" download>Download CSV</a></div>
</form>`;
}

// Text (a refusal's rule) is read whole; structures (a key's policy) are summarized.
const TEXT_MAX = 300;
const JSON_MAX = 80;

/** Details as `name: value` lines, long values cut (the whole value in the title and the CSV). */
function detailsCell(details: Record<string, unknown>): SafeHtml {
  const entries = Object.entries(details);
  if (entries.length === 0) return html`<span class="muted">-</span>`;
  return html`<ul class="audit-details">${entries.map(([k, v]) => {
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    const max = typeof v === 'string' ? TEXT_MAX : JSON_MAX;
    const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
    return html`<li><span class="muted">${k}:</span> <span title="${text}">${short}</span></li>`;
  })}</ul>`;
}

function table(entries: AuditEntryView[]): SafeHtml {
  return html`<div class="table-wrap">
<table role="table" class="responsive" id="audit">
  <caption class="visually-hidden">Audit entries, newest first</caption>
  <thead role="rowgroup"><tr role="row">
    <th scope="col" role="columnheader">When</th><th scope="col" role="columnheader">Action</th>
    <th scope="col" role="columnheader">By</th><th scope="col" role="columnheader">On</th>
    <th scope="col" role="columnheader">Details</th>
  </tr></thead>
  <tbody role="rowgroup">
  ${entries.map(
    (e) => html`<tr role="row" data-audit-id="${e.id}">
    <td role="cell" data-label="When"><time datetime="${e.at}">${formatDate(e.at)}</time></td>
    <td role="cell" data-label="Action"><code>${e.action}</code>
      <span class="badge ${OUTCOME_CLASS[e.outcome]}">${e.outcome}</span></td>
    <td role="cell" data-label="By">${actorLabel(e)}${
      e.clientAddress ? html`<br><span class="muted">from ${e.clientAddress}</span>` : ''
    }${e.requestId ? html`<br><code class="muted" title="Request id">${e.requestId}</code>` : ''}</td>
    <td role="cell" data-label="On">${e.target ? html`${e.target.type}<br><code>${e.target.id}</code>` : html`<span class="muted">-</span>`}</td>
    <td role="cell" data-label="Details">${detailsCell(e.details)}</td>
  </tr>`,
  )}
  </tbody>
</table>
</div>`;
}

export function auditPage(model: AuditModel): string {
  const filtered = model.filter.action !== '' || model.filter.keyId !== '';
  return page(
    { title: 'Audit trail', user: model.user, section: 'audit' },
    html`<h1>Audit trail</h1>
<p>Who did what on your account, newest first: sign-ins, API keys created and revoked, automation
  switched on or off, writes accepted or refused by a key’s rules, and what your operator changed.
  Entries are never changed; each carries the hash of the one before it.</p>
${filterForm(model)}
<section aria-labelledby="audit-heading">
  <h2 id="audit-heading" class="visually-hidden">Entries</h2>
  ${
    model.entries.length === 0
      ? html`<p>${filtered ? 'No entries match this filter.' : 'No entries yet.'}</p>`
      : table(model.entries)
  }
  ${
    model.nextCursor
      ? html`<p><a href="${PAGES.audit}${filterQuery(model.filter, { cursor: model.nextCursor })}" rel="next">Older entries</a></p>`
      : ''
  }
</section>`,
  );
}
