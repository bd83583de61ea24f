import { html, type SafeHtml } from './html.ts';

/** Dates are shown in UTC, the same instant the API returns, so the page and the API agree. */
export function formatDate(iso: string | Date | null): string {
  if (iso === null) return '';
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Long addresses and hashes shortened for reading; the full value stays in a title or a link. */
export function shorten(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/**
 * A copy button for an id, address or hash shown beside it. Hidden until the page's script shows
 * it (no script, no clipboard: the value stays selectable text).
 */
export function copyButton(value: string, what: string): SafeHtml {
  return html`<button type="button" class="copy-button" data-copy="${value}" hidden>Copy<span
    class="visually-hidden"> ${what}</span></button>`;
}
