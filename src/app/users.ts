import type { UserId } from '../domain/ids.ts';
import { hasControlCharacter, quoted } from '../domain/input-values.ts';
import { AppError } from '../errors/app-error.ts';
import type { Database } from '../store/database.ts';
import { isUniqueViolation } from '../store/repositories/rows.ts';
import { type UserRecord, usersRepository } from '../store/repositories/users-repository.ts';
import type { Clock } from '../support/clock.ts';
import { newId } from '../support/ids.ts';
import { type AuditContext, SERVICE_CONTEXT } from './audit/audit-entry.ts';
import { recordAudit } from './audit/audit-service.ts';
import { hashPassword } from './passwords.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 12;

export interface UserView {
  id: UserId;
  email: string;
  createdAt: string;
  hasPassword: boolean;
  /** The user's account at the wallet provider (Privy), when linked. */
  providerUserId: string | null;
}

export const toUserView = (u: UserRecord): UserView => ({
  id: u.id,
  email: u.email,
  createdAt: u.createdAt.toISOString(),
  hasPassword: u.passwordHash !== null,
  providerUserId: u.providerUserId,
});

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new AppError('INVALID_INPUT', `password: must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > 1024)
    throw new AppError('INVALID_INPUT', 'password: must be at most 1024 characters');
}

export function usersService(deps: { db: Database; clock: Clock }) {
  const repo = usersRepository(deps.db);
  return {
    async create(
      input: { email: string; password?: string },
      context: AuditContext = SERVICE_CONTEXT,
    ): Promise<UserView> {
      const email = input.email.trim();
      if (!EMAIL.test(email) || email.length > 254 || hasControlCharacter(email))
        throw new AppError('INVALID_INPUT', `email: ${quoted(email)} is not an email address`);
      if (input.password !== undefined) checkPassword(input.password);
      const user: UserRecord = {
        id: newId('usr'),
        email,
        passwordHash: input.password === undefined ? null : await hashPassword(input.password),
        providerUserId: null,
        createdAt: deps.clock.now(),
      };
      try {
        await deps.db.transaction(async (tx) => {
          await usersRepository(tx).insert(user);
          await recordAudit(
            tx,
            context,
            {
              action: 'user.created',
              userId: user.id,
              target: { type: 'user', id: user.id },
              details: { email, hasPassword: user.passwordHash !== null },
            },
            user.createdAt,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError('INVALID_INPUT', `email: a user with email ${email} already exists`);
        throw err;
      }
      return toUserView(user);
    },
    async setPassword(
      email: string,
      password: string,
      context: AuditContext = SERVICE_CONTEXT,
    ): Promise<UserView> {
      checkPassword(password);
      const user = await this.require(email);
      const passwordHash = await hashPassword(password);
      await deps.db.transaction(async (tx) => {
        await usersRepository(tx).setPasswordHash(user.id, passwordHash);
        await recordAudit(
          tx,
          context,
          { action: 'user.password_set', userId: user.id, target: { type: 'user', id: user.id } },
          deps.clock.now(),
        );
      });
      return { ...toUserView(user), hasPassword: true };
    },
    async require(email: string): Promise<UserRecord> {
      const user = await this.findByEmail(email);
      if (!user) throw new AppError('NOT_FOUND', `No user with email ${email.trim()}`);
      return user;
    },
    /** No user has an email with a control character (create refuses them): none is looked up. */
    findByEmail: async (email: string): Promise<UserRecord | null> =>
      hasControlCharacter(email) ? null : repo.findByEmail(email.trim()),
    findById: (id: string) => repo.findById(id),
    count: () => repo.count(),
  };
}

export type UsersService = ReturnType<typeof usersService>;
