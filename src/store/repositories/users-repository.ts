import type { UserId } from '../../domain/ids.ts';
import type { Queryable } from '../database.ts';

export interface UserRecord {
  id: UserId;
  email: string;
  passwordHash: string | null;
  /** The user's id at the wallet provider (Privy: did:privy:...), when linked. */
  providerUserId: string | null;
  createdAt: Date;
}

interface UserRow {
  id: UserId;
  email: string;
  password_hash: string | null;
  provider_user_id: string | null;
  created_at: Date;
}

const toUser = (r: UserRow): UserRecord => ({
  id: r.id,
  email: r.email,
  passwordHash: r.password_hash,
  providerUserId: r.provider_user_id ?? null,
  createdAt: r.created_at,
});

export function usersRepository(db: Queryable) {
  return {
    async insert(user: UserRecord): Promise<void> {
      await db.query('insert into users (id, email, password_hash, created_at) values ($1, $2, $3, $4)', [
        user.id,
        user.email,
        user.passwordHash,
        user.createdAt,
      ]);
    },
    async findByEmail(email: string): Promise<UserRecord | null> {
      const rows = await db.query<UserRow>('select * from users where lower(email) = lower($1)', [email]);
      return rows[0] ? toUser(rows[0]) : null;
    },
    async findById(id: string): Promise<UserRecord | null> {
      const rows = await db.query<UserRow>('select * from users where id = $1', [id]);
      return rows[0] ? toUser(rows[0]) : null;
    },
    /** Locks the user row for the rest of the transaction (serializes per-user limits). */
    async lock(id: string): Promise<boolean> {
      const rows = await db.query('select id from users where id = $1 for update', [id]);
      return rows.length === 1;
    },
    async setPasswordHash(id: string, passwordHash: string): Promise<void> {
      await db.query('update users set password_hash = $2 where id = $1', [id, passwordHash]);
    },
    async setProviderUserId(id: string, providerUserId: string | null): Promise<void> {
      await db.query('update users set provider_user_id = $2 where id = $1', [id, providerUserId]);
    },
    async findByProviderUserId(providerUserId: string): Promise<UserRecord | null> {
      const rows = await db.query<UserRow>('select * from users where provider_user_id = $1', [
        providerUserId,
      ]);
      return rows[0] ? toUser(rows[0]) : null;
    },
    async count(): Promise<number> {
      const rows = await db.query<{ n: number }>('select count(*)::int as n from users');
      return rows[0]?.n ?? 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
