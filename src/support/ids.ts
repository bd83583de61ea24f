import { ulid } from 'ulid';

/** Opaque, sortable identifiers: a short type prefix and a ULID (for example `tx_01J...`). */
export function newId(prefix: 'usr' | 'key' | 'wal' | 'tx' | 'ses' | 'spd'): string {
  return `${prefix}_${ulid()}`;
}
