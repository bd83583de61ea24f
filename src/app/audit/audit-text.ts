import type { AuditEntryView } from './audit-service.ts';

/** Who acted, in a few words (CLI, dashboard, CSV). */
export function actorLabel(e: AuditEntryView): string {
  const a = e.actor;
  switch (a.type) {
    case 'key':
      return `key ${a.keyName ?? '?'} (${a.keyId ?? '?'})`;
    case 'session':
      return `dashboard session ${a.sessionId ?? '?'}`;
    case 'user':
      return a.userId ? `user ${a.userId}` : 'unknown user';
    case 'operator':
      return 'operator (CLI)';
    default:
      return 'service';
  }
}

export const targetLabel = (e: AuditEntryView): string =>
  e.target ? `${e.target.type ?? ''} ${e.target.id ?? ''}`.trim() : '';

const CSV_COLUMNS = [
  'at',
  'id',
  'action',
  'outcome',
  'actor_type',
  'actor_user_id',
  'actor_key_id',
  'actor_key_name',
  'actor_session_id',
  'target_type',
  'target_id',
  'request_id',
  'client_address',
  'details',
] as const;

/**
 * RFC 4180 quoting; a cell starting with = + - @ (or a tab or carriage return) is prefixed with '
 * so a spreadsheet opening the export never runs it as a formula (CSV injection).
 */
function cell(value: string | null): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) || v !== (value ?? '') ? `"${v.replaceAll('"', '""')}"` : v;
}

/** The entries as CSV, a header line first, CRLF line ends. */
export function auditCsv(entries: readonly AuditEntryView[]): string {
  const rows = entries.map((e) =>
    [
      e.at,
      e.id,
      e.action,
      e.outcome,
      e.actor.type,
      e.actor.userId,
      e.actor.keyId,
      e.actor.keyName,
      e.actor.sessionId,
      e.target?.type ?? null,
      e.target?.id ?? null,
      e.requestId,
      e.clientAddress,
      JSON.stringify(e.details),
    ]
      .map(cell)
      .join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}
