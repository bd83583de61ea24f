import { ulid } from 'ulid';
import type { ApiKeyId, TransactionId, UserId, WalletId } from '../domain/ids.ts';

interface IdOf {
  usr: UserId;
  key: ApiKeyId;
  tx: TransactionId;
  wal: WalletId;
  ses: string;
  spd: string;
  whk: string;
  aud: string;
  apr: string;
  pay: string;
}

/** Opaque, sortable identifiers: a short type prefix and a ULID (for example `tx_01J...`). */
export function newId<P extends keyof IdOf>(prefix: P): IdOf[P] {
  return `${prefix}_${ulid()}` as IdOf[P];
}
