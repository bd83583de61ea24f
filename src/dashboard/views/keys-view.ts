import { type ApiKeyView, type KeyExpiry, type KeyStatus, MAX_ACTIVE_KEYS } from '../../app/api-keys.ts';
import { APPROVAL_KINDS } from '../../app/key-finer-rules.ts';
import { SCOPES, type Scope } from '../../app/key-policies.ts';
import type { LimitStanding } from '../../app/key-spend.ts';
import { type AssetUnit, amountHtml, unitKey } from '../asset-units.ts';
import { formatDate } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import { PAGES } from '../paths.ts';
import { csrfField, type Flash, type PageContext, page } from './layout.ts';

/** The expiry choices, in the API's terms (the same values as `wallet-api keys create --expires`). */
export const EXPIRY_CHOICES: { value: KeyExpiry; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: '180d', label: '180 days' },
  { value: '1y', label: '1 year' },
];

export interface KeysModel {
  user: NonNullable<PageContext['user']>;
  keys: ApiKeyView[];
  flash?: Flash | null;
  /** The key just created: shown this once. */
  created?: { key: string; apiKey: ApiKeyView } | null;
  /** What the create form had, when it is shown again with an error. */
  form?: {
    name: string;
    expires: string;
    error: string;
    field?: (name: string) => string | undefined;
  } | null;
  /** The configured chains, for the create form. */
  chains: { slug: string; name: string }[];
  /** Per active key with limits: each limit and what is left of it today. */
  standing: Map<string, LimitStanding[]>;
  /** Units of the limits' assets (`unitKey`); a limit without one shows in base units. */
  units?: ReadonlyMap<string, AssetUnit>;
}

const SCOPE_LABELS: Record<Scope, string> = {
  read: 'Read (wallets, balances, transactions)',
  write: 'Write (send, approve, contract calls)',
  trade: 'Trade (quote, swap)',
  webhooks: 'Webhooks (manage endpoints)',
  approve: 'Approve (decide on other keys’ writes waiting for approval; never on by default)',
};

/** The "What this key may do" part of the create form: everything unless narrowed. */
function policyFields(model: KeysModel): SafeHtml {
  const f = model.form?.field;
  const again = f?.('policy_form') !== undefined;
  const checked = (name: string, byDefault: boolean) =>
    (again ? f?.(name) !== undefined : byDefault) ? html` checked` : '';
  const some = again && f?.('chains_mode') === 'some';
  // Whole units unless the form came back with base units chosen.
  const base = again && f?.('limit_units') === 'base';
  return html`<fieldset class="policy">
  <legend>What this key may do</legend>
  <input type="hidden" name="policy_form" value="1">
  <div class="field"><span class="label">Scopes</span>
    ${SCOPES.map(
      (s) =>
        html`<label class="check"><input type="checkbox" name="scope_${s}" value="1"${checked(`scope_${s}`, s !== 'approve')}> ${SCOPE_LABELS[s]}</label>`,
    )}
  </div>
  <div class="field chains"><span class="label">Chains</span>
    <div class="modes">
      <label class="check"><input type="radio" name="chains_mode" value="all"${some ? '' : html` checked`}> All chains</label>
      <label class="check"><input type="radio" name="chains_mode" value="some"${some ? html` checked` : ''}> Only these:</label>
    </div>
    ${model.chains.map(
      (c) =>
        html`<label class="check"><input type="checkbox" name="chain_${c.slug}" value="1"${checked(`chain_${c.slug}`, false)}> ${c.name} <code>${c.slug}</code></label>`,
    )}
  </div>
  <div class="field">
    <label for="key-limits">Spend limits</label>
    <textarea id="key-limits" name="limits" rows="3" class="mono" aria-describedby="key-limits-hint"
      placeholder="evm-localnet native 0.5 2">${f?.('limits') ?? ''}</textarea>
    <p class="hint" id="key-limits-hint">One per line: chain, asset (<code>native</code> or a token address or mint),
      maximum per transaction, maximum per 24 hours; <code>-</code> for no maximum. In whole units
      (<code>1.5</code> ETH, <code>250</code> TUSD: the token's decimals are read from its chain) or in base units
      (wei, lamports), as chosen below. Fees are not counted; a transaction that fails without leaving gives its amount back.</p>
    <div class="modes" role="radiogroup" aria-label="Limits are in">
      <label class="check"><input type="radio" name="limit_units" value="whole"${base ? '' : html` checked`}> Whole units (1.5 ETH)</label>
      <label class="check"><input type="radio" name="limit_units" value="base"${base ? html` checked` : ''}> Base units (wei, lamports, token units)</label>
    </div>
  </div>
  <div class="field">
    <label for="key-recipients">Recipient allowlist</label>
    <textarea id="key-recipients" name="recipients" rows="2" class="mono" aria-describedby="key-recipients-hint">${f?.('recipients') ?? ''}</textarea>
    <p class="hint" id="key-recipients-hint">One address per line. When set, sends may only go to these, and approvals only name these spenders. Empty: anywhere.</p>
  </div>
  <div class="field">
    <label for="key-contracts">Contract allowlist</label>
    <textarea id="key-contracts" name="contracts" rows="2" class="mono" aria-describedby="key-contracts-hint">${f?.('contracts') ?? ''}</textarea>
    <p class="hint" id="key-contracts-hint">One address per line. When set, contract calls may only target these. Empty: any.</p>
  </div>
  <div class="field">
    <label class="check"><input type="checkbox" name="allow_unlimited_approvals" value="1" aria-describedby="key-approvals-hint"${checked('allow_unlimited_approvals', false)}> Allow unlimited approvals</label>
    <p class="hint" id="key-approvals-hint">Unchecked: an approval may grant at most what the key may move of a limited token per transaction and per 24 hours.</p>
  </div>
  ${approvalFields(f, checked)}
</fieldset>`;
}

/** Issue 30's rules in the create form: writes that wait for a person, and the finer rules. */
function approvalFields(
  f: ((name: string) => string | undefined) | undefined,
  checked: (name: string, byDefault: boolean) => SafeHtml | string,
): SafeHtml {
  return html`<div class="field">
    <label for="key-approval-above">Approval thresholds</label>
    <textarea id="key-approval-above" name="approval_above" rows="2" class="mono" aria-describedby="key-approval-above-hint"
      placeholder="evm-localnet native 1000000000000000000">${f?.('approval_above') ?? ''}</textarea>
    <p class="hint" id="key-approval-above-hint">One per line: chain, asset (<code>native</code> or a token), amount in base units. A write moving more than that in one transaction waits for you on the Approvals page.</p>
  </div>
  <div class="field"><span class="label">Always ask me for</span>
    ${APPROVAL_KINDS.map(
      (k) =>
        html`<label class="check"><input type="checkbox" name="approval_for_${k}" value="1"${checked(`approval_for_${k}`, false)}> ${k}</label>`,
    )}
  </div>
  <div class="field">
    <label for="key-contract-methods">Contract methods</label>
    <textarea id="key-contract-methods" name="contract_methods" rows="2" class="mono" aria-describedby="key-contract-methods-hint">${f?.('contract_methods') ?? ''}</textarea>
    <p class="hint" id="key-contract-methods-hint">One contract per line: address, then methods separated by commas (selectors such as <code>0xa9059cbb</code> or signatures such as <code>transfer(address,uint256)</code>). Calls to that contract may use only these.</p>
  </div>
  <div class="field">
    <label for="key-max-approvals">Maximum approvals</label>
    <textarea id="key-max-approvals" name="max_approvals" rows="2" class="mono" aria-describedby="key-max-approvals-hint">${f?.('max_approvals') ?? ''}</textarea>
    <p class="hint" id="key-max-approvals-hint">One per line: chain, token, amount in base units: the most an approval may grant. Unlimited approvals on that chain are then refused unless allowed above.</p>
  </div>
  <div class="field">
    <label for="key-active-hours">Active hours (UTC)</label>
    <input id="key-active-hours" name="active_hours" class="mono" placeholder="08:00-20:00" value="${f?.('active_hours') ?? ''}" aria-describedby="key-active-hours-hint">
    <p class="hint" id="key-active-hours-hint">Empty: any time. Outside these hours the key's writes are refused.</p>
  </div>`;
}

/** A key's powers for the table: scopes, chains, allowlists, and what each limit has left today. */
function powers(
  k: ApiKeyView,
  standing: LimitStanding[] | undefined,
  units: ReadonlyMap<string, AssetUnit> | undefined,
): SafeHtml {
  const p = k.policy;
  const limits = standing ?? p.limits.map((l) => ({ ...l, spentLast24h: null, remainingLast24h: null }));
  const amount = (raw: string, chain: string, asset: string) => {
    const token = asset === 'native' ? null : asset;
    return amountHtml(raw, units?.get(unitKey({ slug: chain }, token)) ?? null, token);
  };
  return html`<span class="scopes">${p.scopes.join(', ')}</span>
    <span class="muted">· ${p.chains ? p.chains.join(', ') : 'all chains'}</span>
    ${p.recipients ? html`<br><span class="muted">${p.recipients.length} allowed recipient${p.recipients.length === 1 ? '' : 's'}</span>` : ''}
    ${p.contracts ? html`<br><span class="muted">${p.contracts.length} allowed contract${p.contracts.length === 1 ? '' : 's'}</span>` : ''}
    ${p.allowUnlimitedApprovals ? html`<br><span class="muted" data-policy="unlimited-approvals">unlimited approvals allowed</span>` : ''}
    ${(p.approvalAbove ?? []).map((t) => html`<br><span class="muted" data-policy="approval-above">approval above ${t.amount} ${t.asset} on ${t.chain}</span>`)}
    ${p.approvalFor?.length ? html`<br><span class="muted" data-policy="approval-for">approval for every ${p.approvalFor.join(', ')}</span>` : ''}
    ${p.contractMethods?.length ? html`<br><span class="muted">methods limited on ${p.contractMethods.length} contract${p.contractMethods.length === 1 ? '' : 's'}</span>` : ''}
    ${(p.maxApprovals ?? []).map((m) => html`<br><span class="muted">approvals of <code>${m.token}</code> ≤ ${m.amount}</span>`)}
    ${p.activeHours ? html`<br><span class="muted" data-policy="active-hours">active ${p.activeHours} UTC</span>` : ''}
    ${limits.map((l) => {
      const of = (raw: string) => amount(raw, l.chain, l.asset);
      return html`<br><span class="limit" data-limit="${l.chain}:${l.asset}">${l.chain} ${l.asset === 'native' ? 'native' : html`<code>${l.asset}</code>`}:
        ${l.perTransaction !== null ? html`≤ ${of(l.perTransaction)} per transaction` : ''}${l.perDay !== null ? html`${l.perTransaction !== null ? '; ' : ''}${l.remainingLast24h !== null ? html`<strong class="remaining" data-raw="${l.remainingLast24h}">${of(l.remainingLast24h)}</strong> of ${of(l.perDay)} left today` : html`≤ ${of(l.perDay)} per 24 h`}` : ''}</span>`;
    })}`;
}

const STATUS_CLASS: Record<KeyStatus, string> = {
  Active: 'badge-ok',
  'Expiring soon': 'badge-warn',
  Expired: 'badge-muted',
  Revoked: 'badge-danger',
};

export const isActive = (k: ApiKeyView) => k.status === 'Active' || k.status === 'Expiring soon';

function createdKeyPanel(created: NonNullable<KeysModel['created']>): SafeHtml {
  return html`<section class="panel panel-new-key" aria-labelledby="new-key-heading">
  <h2 id="new-key-heading">Your new API key “${created.apiKey.name}”</h2>
  <p class="warning" id="new-key-warning"><strong>Copy it now: it will not be shown again.</strong>
    The service keeps only a keyed hash of it. Send it in the <code>x-api-key</code> header.</p>
  <div class="field">
    <label for="new-api-key">API key</label>
    <div class="copy-row">
      <input id="new-api-key" class="mono" type="text" readonly value="${created.key}"
        aria-describedby="new-key-warning" autocomplete="off" spellcheck="false">
      <button type="button" class="button" data-copy-target="new-api-key" hidden>Copy</button>
    </div>
    <p class="copy-status" role="status" aria-live="polite" data-copy-status="new-api-key"></p>
  </div>
</section>`;
}

function createForm(model: KeysModel, activeCount: number): SafeHtml {
  const form = model.form;
  const atLimit = activeCount >= MAX_ACTIVE_KEYS;
  return html`<section class="panel" aria-labelledby="create-heading">
  <h2 id="create-heading">Create an API key</h2>
  ${
    atLimit
      ? html`<p class="notice" id="limit-notice">You have ${MAX_ACTIVE_KEYS} active API keys, the maximum.
      Revoke one before creating another.</p>`
      : ''
  }
  ${form ? html`<div class="flash flash-error" role="alert" id="create-error">${form.error}</div>` : ''}
  <form method="post" action="${PAGES.keys}" class="form-row">
    ${csrfField(model.user.csrfToken)}
    <div class="field">
      <label for="key-name">Name</label>
      <input id="key-name" name="name" type="text" required maxlength="100" autocomplete="off"
        value="${form?.name ?? ''}" aria-describedby="key-name-hint${form ? ' create-error' : ''}">
      <p class="hint" id="key-name-hint">What the key is for, for example “trading bot”.</p>
    </div>
    <div class="field">
      <label for="key-expires">Expires</label>
      <select id="key-expires" name="expires">
        ${EXPIRY_CHOICES.map(
          (c) =>
            html`<option value="${c.value}"${(form?.expires ?? 'never') === c.value ? html` selected` : ''}>${c.label}</option>`,
        )}
      </select>
    </div>
    ${policyFields(model)}
    <div class="field field-action">
      <button type="submit" class="button">Create API key</button>
    </div>
  </form>
</section>`;
}

// Explicit table roles: on phones the stylesheet turns rows into cards, and browsers drop the
// native table semantics of restyled tables; the roles keep them for screen readers.
function keysTable(keys: ApiKeyView[], standing: KeysModel['standing'], units: KeysModel['units']): SafeHtml {
  if (keys.length === 0) return html`<p>No API keys yet. Create one above.</p>`;
  return html`<div class="table-wrap">
<table role="table" class="responsive" id="api-keys">
  <caption class="visually-hidden">Your API keys, newest first</caption>
  <thead role="rowgroup"><tr role="row">
    <th scope="col" role="columnheader">Name</th><th scope="col" role="columnheader">Key</th><th scope="col" role="columnheader">Status</th><th scope="col" role="columnheader">Can do</th><th scope="col" role="columnheader">Created</th>
    <th scope="col" role="columnheader">Expires</th><th scope="col" role="columnheader">Last used</th><th scope="col" role="columnheader"><span class="visually-hidden">Actions</span></th>
  </tr></thead>
  <tbody role="rowgroup">
  ${keys.map(
    (k) => html`<tr role="row" data-key-id="${k.id}">
    <th scope="row" role="rowheader" data-label="Name">${k.name}</th>
    <td role="cell" data-label="Key"><code>${k.maskedKey}</code></td>
    <td role="cell" data-label="Status"><span class="badge ${STATUS_CLASS[k.status]}">${k.status}</span></td>
    <td role="cell" data-label="Can do" class="powers">${powers(k, standing.get(k.id), units)}</td>
    <td role="cell" data-label="Created"><time datetime="${k.createdAt}">${formatDate(k.createdAt)}</time></td>
    <td role="cell" data-label="Expires">${k.expiresAt ? html`<time datetime="${k.expiresAt}">${formatDate(k.expiresAt)}</time>` : 'Never'}</td>
    <td role="cell" data-label="Last used">${k.lastUsedAt ? html`<time datetime="${k.lastUsedAt}">${formatDate(k.lastUsedAt)}</time>` : 'Never used'}</td>
    <td role="cell" data-label="Actions">${
      isActive(k)
        ? html`<a class="button button-danger-outline" href="${PAGES.keys}/${encodeURIComponent(k.id)}/revoke">Revoke<span class="visually-hidden"> API key ${k.name}</span></a>`
        : k.revokedAt
          ? html`<span class="muted">Revoked <time datetime="${k.revokedAt}">${formatDate(k.revokedAt)}</time></span>`
          : ''
    }</td>
  </tr>`,
  )}
  </tbody>
</table>
</div>`;
}

export function keysPage(model: KeysModel): string {
  const active = model.keys.filter(isActive).length;
  return page(
    { title: 'API keys', user: model.user, section: 'keys', flash: model.flash ?? null },
    html`<h1>API keys</h1>
<p>Your programs call the API with an API key in the <code>x-api-key</code> header.
  <span id="active-count">${active} of ${MAX_ACTIVE_KEYS} active keys.</span></p>
${model.created ? createdKeyPanel(model.created) : ''}
${createForm(model, active)}
<section aria-labelledby="list-heading">
  <h2 id="list-heading">Your API keys</h2>
  <p class="hint">Expired and revoked keys stay listed for audit. A key is labelled Expiring soon when 7 days or fewer remain.</p>
  ${keysTable(model.keys, model.standing, model.units)}
</section>`,
  );
}

export function revokeConfirmPage(user: NonNullable<PageContext['user']>, key: ApiKeyView): string {
  return page(
    { title: 'Revoke API key', user, section: 'keys' },
    html`<div class="narrow">
<h1>Revoke API key “${key.name}”?</h1>
<p>Key <code>${key.maskedKey}</code>, created <time datetime="${key.createdAt}">${formatDate(key.createdAt)}</time>.</p>
<p class="warning">Revocation is permanent. From the next request, the API answers <strong>401 Unauthorized</strong>
  to any program that uses this key.</p>
<form method="post" action="${PAGES.keys}/${encodeURIComponent(key.id)}/revoke" class="actions">
  ${csrfField(user.csrfToken)}
  <button type="submit" class="button button-danger">Revoke API key</button>
  <a class="button button-secondary" href="${PAGES.keys}">Cancel</a>
</form>
</div>`,
  );
}
