import type { WebhookAttemptView, WebhookEndpointView } from '../../app/webhooks/webhook-views.ts';
import { EVENT_TYPES } from '../../domain/events.ts';
import { MAX_WEBHOOK_ENDPOINTS } from '../../domain/webhooks.ts';
import { formatDate } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import { PAGES } from '../paths.ts';
import { csrfField, type Flash, type PageContext, page } from './layout.ts';

type User = NonNullable<PageContext['user']>;

export interface WebhooksModel {
  user: User;
  endpoints: WebhookEndpointView[];
  flash?: Flash | null;
  form?: { url: string; description: string; types: string[]; error: string };
}

export interface WebhookModel {
  user: User;
  endpoint: WebhookEndpointView;
  deliveries: WebhookAttemptView[];
  /** A secret just made (added or rotated), shown this once. */
  secret?: string;
  flash?: Flash | null;
}

const pathOf = (id: string) => `${PAGES.webhooks}/${encodeURIComponent(id)}`;

function secretPanel(secret: string, rotated: boolean): SafeHtml {
  return html`<section class="panel panel-new-key" aria-labelledby="secret-heading">
  <h2 id="secret-heading">${rotated ? 'The new signing secret' : 'The signing secret'}</h2>
  <p class="warning" id="secret-warning"><strong>Copy it now: it will not be shown again.</strong>
    Your receiver verifies each delivery with it (Standard Webhooks: <code>webhook-id</code>,
    <code>webhook-timestamp</code>, <code>webhook-signature</code>).${rotated ? ' For 24 hours deliveries are also signed with the previous secret.' : ''}</p>
  <div class="field">
    <label for="webhook-secret">Secret</label>
    <div class="copy-row">
      <input id="webhook-secret" class="mono" type="text" readonly value="${secret}"
        aria-describedby="secret-warning" autocomplete="off" spellcheck="false">
      <button type="button" class="button" data-copy-target="webhook-secret" hidden>Copy</button>
    </div>
    <p class="copy-status" role="status" aria-live="polite" data-copy-status="webhook-secret"></p>
  </div>
</section>`;
}

const state = (e: WebhookEndpointView) =>
  e.disabled
    ? html`<span class="badge badge-danger">Disabled</span> <span class="muted">${e.disabledReason ?? ''}</span>`
    : html`<span class="badge badge-ok">Active</span>`;

function addForm(model: WebhooksModel): SafeHtml {
  const form = model.form;
  const atLimit = model.endpoints.length >= MAX_WEBHOOK_ENDPOINTS;
  return html`<section class="panel" aria-labelledby="add-heading">
  <h2 id="add-heading">Add an endpoint</h2>
  ${atLimit ? html`<p class="notice">You have ${MAX_WEBHOOK_ENDPOINTS} endpoints, the maximum. Delete one before adding another.</p>` : ''}
  ${form ? html`<div class="flash flash-error" role="alert" id="add-error">${form.error}</div>` : ''}
  <form method="post" action="${PAGES.webhooks}">
    ${csrfField(model.user.csrfToken)}
    <div class="field">
      <label for="webhook-url">URL</label>
      <input id="webhook-url" name="url" type="url" required maxlength="2048" class="mono" value="${form?.url ?? ''}"
        aria-describedby="webhook-url-hint${form ? ' add-error' : ''}">
      <p class="hint" id="webhook-url-hint">Events are POSTed here as JSON, signed. https, to a public address (this machine over http in local mode).</p>
    </div>
    <div class="field">
      <label for="webhook-description">Description</label>
      <input id="webhook-description" name="description" type="text" maxlength="200" value="${form?.description ?? ''}">
    </div>
    <fieldset class="field">
      <legend>Event types</legend>
      <p class="hint">None checked: every type.</p>
      ${EVENT_TYPES.map(
        (t) =>
          html`<label class="check"><input type="checkbox" name="type_${t}" value="1"${form?.types.includes(t) ? html` checked` : ''}> <code>${t}</code></label>`,
      )}
    </fieldset>
    <div class="field field-action"><button type="submit" class="button">Add endpoint</button></div>
  </form>
</section>`;
}

export function webhooksPage(model: WebhooksModel): string {
  return page(
    { title: 'Webhooks', user: model.user, section: 'webhooks', flash: model.flash ?? null },
    html`<h1>Webhooks</h1>
<p>Your endpoints receive events (transactions created, submitted, confirmed, failed, stuck, replaced…) as they happen,
  at least once, retried for about three days. ${model.endpoints.length} of ${MAX_WEBHOOK_ENDPOINTS} endpoints.</p>
${addForm(model)}
<section aria-labelledby="endpoints-heading">
  <h2 id="endpoints-heading">Your endpoints</h2>
  ${
    model.endpoints.length === 0
      ? html`<p>No endpoints yet. Add one above.</p>`
      : html`<div class="table-wrap"><table role="table" class="responsive" id="webhooks">
  <caption class="visually-hidden">Your webhook endpoints, newest first</caption>
  <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">URL</th><th scope="col" role="columnheader">Types</th><th scope="col" role="columnheader">State</th><th scope="col" role="columnheader">Created</th></tr></thead>
  <tbody role="rowgroup">
  ${model.endpoints.map(
    (e) => html`<tr role="row" data-webhook-id="${e.id}">
    <th scope="row" role="rowheader" data-label="URL"><a href="${pathOf(e.id)}" class="mono">${e.url}</a>${e.description ? html`<br><span class="muted">${e.description}</span>` : ''}</th>
    <td role="cell" data-label="Types">${e.types ? e.types.join(', ') : 'All'}</td>
    <td role="cell" data-label="State">${state(e)}</td>
    <td role="cell" data-label="Created"><time datetime="${e.createdAt}">${formatDate(e.createdAt)}</time></td>
  </tr>`,
  )}
  </tbody></table></div>`
  }
</section>`,
  );
}

function deliveriesTable(model: WebhookModel): SafeHtml {
  if (model.deliveries.length === 0)
    return html`<p>No delivery attempts yet. Send a test event to make one.</p>`;
  const action = `${pathOf(model.endpoint.id)}/replay`;
  return html`<div class="table-wrap"><table role="table" class="responsive" id="deliveries">
  <caption class="visually-hidden">Delivery attempts, newest first</caption>
  <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">Event</th><th scope="col" role="columnheader">Attempted</th><th scope="col" role="columnheader">Result</th><th scope="col" role="columnheader">Duration</th><th scope="col" role="columnheader">Next attempt</th><th scope="col" role="columnheader"><span class="visually-hidden">Actions</span></th></tr></thead>
  <tbody role="rowgroup">
  ${model.deliveries.map(
    (d) => html`<tr role="row" data-event-id="${d.eventId}">
    <th scope="row" role="rowheader" data-label="Event"><code>${d.eventType}</code><br><span class="muted mono">${d.eventId}</span></th>
    <td role="cell" data-label="Attempted"><time datetime="${d.attemptedAt}">${formatDate(d.attemptedAt)}</time></td>
    <td role="cell" data-label="Result">${
      d.succeeded
        ? html`<span class="badge badge-ok">${d.statusCode}</span>`
        : html`<span class="badge badge-danger">${d.statusCode ?? 'No answer'}</span> <span class="muted">${d.error ?? d.responseBody ?? ''}</span>`
    }</td>
    <td role="cell" data-label="Duration">${d.durationMs} ms</td>
    <td role="cell" data-label="Next attempt">${d.nextAttemptAt ? html`<time datetime="${d.nextAttemptAt}">${formatDate(d.nextAttemptAt)}</time>` : '—'}</td>
    <td role="cell" data-label="Actions"><form method="post" action="${action}">${csrfField(model.user.csrfToken)}<input type="hidden" name="event_id" value="${d.eventId}"><button type="submit" class="button button-secondary">Replay<span class="visually-hidden"> event ${d.eventId}</span></button></form></td>
  </tr>`,
  )}
  </tbody></table></div>`;
}

export function webhookPage(model: WebhookModel, rotated = false): string {
  const e = model.endpoint;
  const base = pathOf(e.id);
  const csrf = csrfField(model.user.csrfToken);
  return page(
    { title: 'Webhook endpoint', user: model.user, section: 'webhooks', flash: model.flash ?? null },
    html`<h1>Webhook endpoint</h1>
<p class="mono">${e.url}</p>
<p>${state(e)} · ${e.types ? e.types.join(', ') : 'every event type'} · added <time datetime="${e.createdAt}">${formatDate(e.createdAt)}</time>${
      e.previousSecretExpiresAt
        ? html` · the previous secret signs too until <time datetime="${e.previousSecretExpiresAt}">${formatDate(e.previousSecretExpiresAt)}</time>`
        : ''
    }</p>
${model.secret ? secretPanel(model.secret, rotated) : ''}
<div class="actions">
  ${e.disabled ? '' : html`<form method="post" action="${base}/test">${csrf}<button type="submit" class="button">Send a test event</button></form>`}
  <form method="post" action="${base}/rotate">${csrf}<button type="submit" class="button button-secondary">Rotate secret</button></form>
  <form method="post" action="${base}/delete">${csrf}<button type="submit" class="button button-danger-outline">Delete endpoint</button></form>
</div>
<section aria-labelledby="deliveries-heading">
  <h2 id="deliveries-heading">Deliveries</h2>
  ${deliveriesTable(model)}
</section>
<p><a href="${PAGES.webhooks}">All endpoints</a></p>`,
  );
}
