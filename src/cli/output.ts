import type { ApiKeyView } from '../app/api-keys.ts';
import type { AuditEntryView, AuditVerdict } from '../app/audit/audit-service.ts';
import { actorLabel, targetLabel } from '../app/audit/audit-text.ts';
import type { WebhookEndpointView } from '../app/webhooks/webhook-views.ts';

export function printResult(json: boolean, value: unknown, text: string): void {
  console.log(json ? JSON.stringify(value, null, 2) : text);
}

export function printKey(json: boolean, created: { key: string; apiKey: ApiKeyView }): void {
  if (json) {
    console.log(JSON.stringify(created, null, 2));
    return;
  }
  const k = created.apiKey;
  console.log(`Created API key ${k.id} (${k.name}), expires ${k.expiresAt ?? 'never'}`);
  console.log(`May: ${describePolicy(k)}`);
  console.log('');
  console.log(`  ${created.key}`);
  console.log('');
  console.log('Copy it now: it is shown only once and cannot be recovered.');
}

export function printKeys(json: boolean, keys: ApiKeyView[]): void {
  if (json) {
    console.log(JSON.stringify(keys, null, 2));
    return;
  }
  if (keys.length === 0) {
    console.log('No API keys');
    return;
  }
  const rows = keys.map((k) => [
    k.id,
    k.name,
    k.maskedKey,
    k.status,
    k.expiresAt ?? 'never',
    k.lastUsedAt ?? '-',
    describePolicy(k),
  ]);
  const header = ['ID', 'NAME', 'KEY', 'STATUS', 'EXPIRES', 'LAST USED', 'MAY'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const r of [header, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
}

/** A key's scopes and restrictions on one line. */
export function describePolicy(k: ApiKeyView): string {
  const p = k.policy;
  const parts = [p.scopes.join('+')];
  parts.push(p.chains ? `chains ${p.chains.join(',')}` : 'all chains');
  for (const l of p.limits)
    parts.push(`${l.chain} ${l.asset} ≤${l.perTransaction ?? '∞'}/tx ≤${l.perDay ?? '∞'}/24h`);
  if (p.recipients) parts.push(`${p.recipients.length} recipients`);
  if (p.contracts) parts.push(`${p.contracts.length} contracts`);
  if (p.allowUnlimitedApprovals) parts.push('unlimited approvals');
  for (const a of p.approvalAbove ?? []) parts.push(`approval above ${a.amount} ${a.asset} on ${a.chain}`);
  if (p.approvalFor?.length) parts.push(`approval for ${p.approvalFor.join(',')}`);
  for (const c of p.contractMethods ?? []) parts.push(`${c.contract} methods ${c.selectors.join(',')}`);
  for (const m of p.maxApprovals ?? []) parts.push(`max approval ${m.amount} ${m.token} on ${m.chain}`);
  if (p.activeHours) parts.push(`active ${p.activeHours} UTC`);
  return parts.join('; ');
}

export function printWebhook(json: boolean, created: WebhookEndpointView & { secret: string }): void {
  if (json) {
    console.log(JSON.stringify(created, null, 2));
    return;
  }
  console.log(
    `Added webhook endpoint ${created.id} for ${created.url} (${created.types?.join(', ') ?? 'every event type'})`,
  );
  console.log('Signing secret (Standard Webhooks; verify deliveries with it):');
  console.log('');
  console.log(`  ${created.secret}`);
  console.log('');
  console.log('Copy it now: it is shown only once.');
}

export function printWebhooks(json: boolean, list: WebhookEndpointView[]): void {
  if (json) {
    console.log(JSON.stringify(list, null, 2));
    return;
  }
  if (list.length === 0) {
    console.log('No webhook endpoints');
    return;
  }
  const rows = list.map((w) => [
    w.id,
    w.url,
    w.types?.join(',') ?? 'all',
    w.disabled ? `disabled: ${w.disabledReason ?? ''}` : 'active',
    w.createdAt,
  ]);
  const header = ['ID', 'URL', 'TYPES', 'STATE', 'CREATED'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  for (const r of [header, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  '));
}

export function printAudit(
  json: boolean,
  page: { entries: AuditEntryView[]; nextCursor: string | null },
): void {
  if (json) {
    console.log(JSON.stringify(page, null, 2));
    return;
  }
  if (page.entries.length === 0) {
    console.log('No audit entries');
    return;
  }
  for (const e of page.entries) {
    const details = Object.keys(e.details).length ? ` ${JSON.stringify(e.details)}` : '';
    console.log(
      `${e.at}  ${e.action} ${e.outcome}  by ${actorLabel(e)}${e.target ? ` on ${targetLabel(e)}` : ''}${e.clientAddress ? ` from ${e.clientAddress}` : ''}${details}`,
    );
  }
  if (page.nextCursor) console.log(`More: --cursor ${page.nextCursor}`);
}

/** Prints the verdict; false when the chain does not verify (the command exits 1). */
export function printAuditVerdict(json: boolean, verdict: AuditVerdict): boolean {
  if (json) console.log(JSON.stringify(verdict, null, 2));
  else if (verdict.ok) console.log(`Audit trail verified: ${verdict.checked} entries, hash chain intact`);
  else
    console.error(
      `Audit trail does NOT verify at entry ${verdict.entry.seq}${verdict.entry.id ? ` (${verdict.entry.id})` : ''}: ${verdict.reason}. ${verdict.checked} entries before it verified.`,
    );
  return verdict.ok;
}
