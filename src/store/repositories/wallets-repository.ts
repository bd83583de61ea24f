import type { UserId, WalletId } from '../../domain/ids.ts';
import type { LinkedWallet } from '../../domain/wallets.ts';
import {
  addressKey,
  type ChainType,
  type WalletProviderName,
  type WalletRecord,
} from '../../domain/wallets.ts';
import type { Queryable } from '../database.ts';
import { toBuffer } from './rows.ts';

export interface EncryptedKey {
  ciphertext: Buffer;
  iv: Buffer;
  authTag: Buffer;
  keyId: string;
}

interface WalletRow {
  id: WalletId;
  user_id: UserId;
  chain_type: ChainType;
  provider: WalletProviderName;
  address: string;
  provider_type: string;
  client_type: string;
  provider_wallet_id: string | null;
  is_default: boolean;
  automation_enabled: boolean;
  created_at: Date;
}

const toWallet = (r: WalletRow): WalletRecord => ({
  id: r.id,
  userId: r.user_id,
  chainType: r.chain_type,
  provider: r.provider,
  address: r.address,
  providerType: r.provider_type,
  clientType: r.client_type,
  providerWalletId: r.provider_wallet_id,
  isDefault: r.is_default,
  automationEnabled: r.automation_enabled,
  createdAt: r.created_at,
});

const ORDER = 'order by is_default desc, created_at asc, id asc';

/** Inserts a wallet row; with `skipIfTaken`, an address already held here is skipped (returns false). */
async function insertWallet(
  db: Queryable,
  w: Omit<WalletRecord, 'embedded'>,
  skipIfTaken: boolean,
): Promise<boolean> {
  const rows = await db.query(
    `insert into wallets (id, user_id, chain_type, address, address_key, provider_type, client_type,
       provider_wallet_id, is_default, automation_enabled, created_at, provider)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ${skipIfTaken ? 'on conflict (chain_type, address_key) do nothing' : ''} returning id`,
    [
      w.id,
      w.userId,
      w.chainType,
      w.address,
      addressKey(w.chainType, w.address),
      w.providerType,
      w.clientType,
      w.providerWalletId,
      w.isDefault,
      w.automationEnabled,
      w.createdAt,
      w.provider,
    ],
  );
  return rows.length > 0;
}

export function walletsRepository(db: Queryable) {
  return {
    async insert(w: WalletRecord): Promise<void> {
      await insertWallet(db, w, false);
    },
    /** The user's wallets held by `provider` (another provider's wallets are kept, not listed). */
    async listByUser(userId: UserId, provider: WalletProviderName): Promise<WalletRecord[]> {
      return (
        await db.query<WalletRow>(
          `select * from wallets where user_id = $1 and provider = $2 and linked ${ORDER}`,
          [userId, provider],
        )
      ).map(toWallet);
    },
    async findById(id: string): Promise<WalletRecord | null> {
      const rows = await db.query<WalletRow>('select * from wallets where id = $1', [id]);
      return rows[0] ? toWallet(rows[0]) : null;
    },
    /**
     * Makes the user's wallet rows mirror the provider's list (run inside a transaction): new
     * wallets are inserted, changed ones updated, and ones no longer listed are unlinked (kept for
     * their transactions). Returns whether anything changed. A wallet whose address another user
     * already holds here is skipped and returned in `conflicts`.
     */
    async syncLinked(
      userId: UserId,
      provider: WalletProviderName,
      linked: LinkedWallet[],
      newWallet: () => { id: WalletId; createdAt: Date },
    ): Promise<{ changed: boolean; conflicts: string[] }> {
      // Only this provider's rows: the user's wallets at another provider are not its to change.
      const rows = await db.query<WalletRow & { linked: boolean }>(
        'select * from wallets where user_id = $1 and provider = $2 for update',
        [userId, provider],
      );
      const byKey = new Map(rows.map((r) => [`${r.chain_type}:${addressKey(r.chain_type, r.address)}`, r]));
      const wanted = new Map(linked.map((w) => [`${w.chainType}:${addressKey(w.chainType, w.address)}`, w]));
      let changed = false;
      // Defaults that move are cleared first: one default per user and chain type at any time.
      for (const [key, r] of byKey) {
        const w = wanted.get(key);
        if (r.is_default && !w?.isDefault) {
          await db.query('update wallets set is_default = false where id = $1', [r.id]);
          r.is_default = false;
          changed = true;
        }
        if (!w && r.linked) {
          await db.query('update wallets set linked = false, automation_enabled = false where id = $1', [
            r.id,
          ]);
          changed = true;
        }
      }
      const conflicts: string[] = [];
      for (const [key, w] of wanted) {
        const r = byKey.get(key);
        if (!r) {
          const fresh = newWallet();
          const inserted = await insertWallet(db, { ...w, ...fresh, userId, provider }, true);
          if (!inserted) conflicts.push(w.address);
          else changed = true;
          continue;
        }
        if (
          r.linked &&
          r.provider_type === w.providerType &&
          r.client_type === w.clientType &&
          r.provider_wallet_id === w.providerWalletId &&
          r.is_default === w.isDefault &&
          r.automation_enabled === w.automationEnabled
        )
          continue;
        await db.query(
          `update wallets set linked = true, provider_type = $2, client_type = $3, provider_wallet_id = $4,
             is_default = $5, automation_enabled = $6 where id = $1`,
          [r.id, w.providerType, w.clientType, w.providerWalletId, w.isDefault, w.automationEnabled],
        );
        changed = true;
      }
      return { changed, conflicts };
    },
    async countByType(userId: UserId, provider: WalletProviderName, chainType: ChainType): Promise<number> {
      const rows = await db.query<{ n: number }>(
        'select count(*)::int as n from wallets where user_id = $1 and provider = $2 and chain_type = $3',
        [userId, provider, chainType],
      );
      return rows[0]?.n ?? 0;
    },
    async clearDefault(userId: UserId, provider: WalletProviderName, chainType: ChainType): Promise<void> {
      await db.query(
        `update wallets set is_default = false
           where user_id = $1 and provider = $2 and chain_type = $3 and is_default`,
        [userId, provider, chainType],
      );
    },
    /** Finds a wallet by address on any chain type (EVM compared case-insensitively). */
    async findByAddress(address: string): Promise<WalletRecord | null> {
      const rows = await db.query<WalletRow>(
        `select * from wallets where (chain_type = 'ethereum' and address_key = lower($1))
           or (chain_type = 'solana' and address_key = $1)`,
        [address],
      );
      return rows[0] ? toWallet(rows[0]) : null;
    },
    async setAutomation(id: string, enabled: boolean): Promise<void> {
      await db.query('update wallets set automation_enabled = $2 where id = $1', [id, enabled]);
    },
    async insertLocalKey(walletId: WalletId, key: EncryptedKey): Promise<void> {
      await db.query(
        'insert into local_wallet_keys (wallet_id, ciphertext, iv, auth_tag, key_id) values ($1, $2, $3, $4, $5)',
        [walletId, key.ciphertext, key.iv, key.authTag, key.keyId],
      );
    },
    async findLocalKey(walletId: WalletId): Promise<EncryptedKey | null> {
      const rows = await db.query<{
        ciphertext: Uint8Array;
        iv: Uint8Array;
        auth_tag: Uint8Array;
        key_id: string;
      }>('select ciphertext, iv, auth_tag, key_id from local_wallet_keys where wallet_id = $1', [walletId]);
      const r = rows[0];
      return r
        ? {
            ciphertext: toBuffer(r.ciphertext),
            iv: toBuffer(r.iv),
            authTag: toBuffer(r.auth_tag),
            keyId: r.key_id,
          }
        : null;
    },
  };
}

export type WalletsRepository = ReturnType<typeof walletsRepository>;
