import { formatUnits } from 'viem';

/** Dates are shown in UTC, the same instant the API returns, so the page and the API agree. */
export function formatDate(iso: string | Date | null): string {
  if (iso === null) return '';
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Base units (a decimal string) to a decimal amount, without ever going through a JS number. */
export function formatAmount(raw: string, decimals: number | null): string {
  if (!/^\d+$/.test(raw)) return raw;
  if (decimals === null) return raw;
  return formatUnits(BigInt(raw), decimals);
}

/** Long addresses and hashes shortened for reading; the full value stays in a title or a link. */
export function shorten(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}
