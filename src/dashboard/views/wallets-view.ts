import type { WalletView } from '../../app/wallets.ts';
import type { Chain } from '../../chains/chain-registry.ts';
import type { ChainType } from '../../domain/wallets.ts';
import { amountHtml } from '../asset-units.ts';
import { copyButton } from '../format.ts';
import { html, type SafeHtml } from '../html.ts';
import { PAGES } from '../paths.ts';
import type { BalanceCell, BalanceRow } from '../wallet-balances.ts';
import { csrfField, type Flash, type PageContext, page } from './layout.ts';

export interface WalletsModel {
  user: NonNullable<PageContext['user']>;
  wallets: readonly WalletView[];
  /** Per chain type present: the chains offered and the one shown. */
  pickers: { chainType: ChainType; choices: Chain[]; selected: Chain | null }[];
  balances: Map<string, BalanceCell>;
  flash?: Flash | null;
  /** With a provider that owns the wallet lists (Privy): the account the wallets come from. */
  link?: { provider: string; providerUserId: string | null } | null;
}

const CHAIN_TYPE_LABEL: Record<ChainType, string> = { ethereum: 'EVM (ethereum)', solana: 'Solana (solana)' };

function chainPicker(model: WalletsModel): SafeHtml {
  if (model.pickers.length === 0) return html``;
  return html`<form method="get" action="${PAGES.wallets}" class="form-row form-row-end" aria-labelledby="picker-heading">
  <h2 id="picker-heading" class="visually-hidden">Chains for balances</h2>
  ${model.pickers.map(
    (p) => html`<div class="field">
    <label for="chain-${p.chainType}">Balances on (${p.chainType})</label>
    <select id="chain-${p.chainType}" name="${p.chainType}">
      ${p.choices.map(
        (c) =>
          html`<option value="${c.slug}"${c.slug === p.selected?.slug ? html` selected` : ''}>${c.name} (${c.slug})</option>`,
      )}
    </select>
  </div>`,
  )}
  <div class="field field-action"><button type="submit" class="button button-secondary">Show balances</button></div>
</form>`;
}

const rowAmount = (b: BalanceRow) =>
  amountHtml(b.raw, b.decimals === null ? null : { symbol: b.symbol, decimals: b.decimals }, b.token);

/** Native first with its chain, then each token (listed ones on EVM, every account on Solana). */
function balanceCell(cell: BalanceCell | undefined, chain: Chain | null): SafeHtml {
  if (!cell || cell.kind === 'unavailable')
    return html`<span class="muted">—<span class="visually-hidden"> balance</span> unavailable</span>`;
  const native = cell.balances.find((b) => b.token === null);
  const tokens = cell.balances.filter((b) => b.token !== null);
  return html`${native ? rowAmount(native) : ''}${chain ? html` <span class="muted">on ${chain.name}</span>` : ''}${
    tokens.length > 0
      ? html`<ul class="token-balances" aria-label="Token balances">${tokens.map(
          (b) => html`<li data-token="${b.token}">${rowAmount(b)}</li>`,
        )}</ul>`
      : ''
  }`;
}

function automationForm(model: WalletsModel, w: WalletView): SafeHtml {
  // Delegation of other providers' wallets is managed at that provider, not here.
  if (w.clientType !== 'local')
    return html`<span class="muted">${
      w.providerType === 'embedded'
        ? html`Delegation is managed in ${w.clientType}`
        : html`External wallet (${w.clientType})`
    }</span>`;
  const next = w.automationEnabled ? 'off' : 'on';
  return html`<form method="post" action="${PAGES.wallets}/automation">
    ${csrfField(model.user.csrfToken)}
    <input type="hidden" name="address" value="${w.address}">
    <input type="hidden" name="automation" value="${next}">
    ${model.pickers.map((p) => html`<input type="hidden" name="${p.chainType}" value="${p.selected?.slug ?? ''}">`)}
    <button type="submit" class="button ${w.automationEnabled ? 'button-secondary' : ''}">Turn automation ${next}<span
      class="visually-hidden"> for ${w.chainType} wallet ${w.address}</span></button>
  </form>`;
}

// Explicit table roles: on phones the stylesheet turns rows into cards, and browsers drop the
// native table semantics of restyled tables; the roles keep them for screen readers.
function linkSection(model: WalletsModel): SafeHtml {
  const link = model.link;
  if (!link) return html``;
  const name = link.provider === 'privy' ? 'Privy' : link.provider;
  if (!link.providerUserId)
    return html`<p id="provider-link">Your account is not linked to ${name} yet. An operator links it with
  <code>wallet-api users link --email ${model.user.email} --privy-user did:privy:…</code>.</p>`;
  return html`<form method="post" action="${PAGES.wallets}/refresh" class="form-row" id="provider-link">
  ${csrfField(model.user.csrfToken)}
  <p>Wallets of your ${name} account <code>${link.providerUserId}</code>: its embedded wallets delegated to this
    service can be automated.</p>
  <button type="submit" class="button button-secondary">Refresh from ${name}</button>
</form>`;
}

function walletsTable(model: WalletsModel): SafeHtml {
  if (model.wallets.length === 0)
    return model.link
      ? html`<p>No wallets to show.</p>`
      : html`<p>You have no wallets yet. An operator creates them with <code>wallet-api wallets create</code>.</p>`;
  const chainOf = (t: ChainType) => model.pickers.find((p) => p.chainType === t)?.selected ?? null;
  return html`<div class="table-wrap">
<table role="table" class="responsive" id="wallets">
  <caption class="visually-hidden">Your wallets, default wallets first</caption>
  <thead role="rowgroup"><tr role="row">
    <th scope="col" role="columnheader">Address</th><th scope="col" role="columnheader">chainType</th><th scope="col" role="columnheader">Default</th>
    <th scope="col" role="columnheader">Automation</th><th scope="col" role="columnheader">Balances</th><th scope="col" role="columnheader"><span class="visually-hidden">Actions</span></th>
  </tr></thead>
  <tbody role="rowgroup">
  ${model.wallets.map(
    (w) => html`<tr role="row" data-address="${w.address}">
    <th scope="row" role="rowheader" data-label="Address"><code class="address">${w.address}</code>${copyButton(w.address, `address ${w.address}`)}</th>
    <td role="cell" data-label="chainType">${CHAIN_TYPE_LABEL[w.chainType]}</td>
    <td role="cell" data-label="Default">${w.isDefault ? html`<span class="badge badge-ok">Default</span>` : 'No'}</td>
    <td role="cell" data-label="Automation">${
      w.automationEnabled
        ? html`<span class="badge badge-ok">Enabled</span>`
        : html`<span class="badge badge-muted">Disabled</span>`
    }</td>
    <td role="cell" data-label="Balances">${balanceCell(model.balances.get(w.address), chainOf(w.chainType))}</td>
    <td role="cell" data-label="Actions">${automationForm(model, w)}</td>
  </tr>`,
  )}
  </tbody>
</table>
</div>`;
}

export function walletsPage(model: WalletsModel): string {
  return page(
    { title: 'Wallets', user: model.user, section: 'wallets', flash: model.flash ?? null },
    html`<h1>Wallets</h1>
<p>With automation enabled (<code>automationEnabled</code>), the API may sign transactions from a wallet.
  With it disabled, writes from that wallet are refused with <code>WALLET_NOT_DELEGATED</code>.</p>
${linkSection(model)}
${chainPicker(model)}
${walletsTable(model)}`,
  );
}
