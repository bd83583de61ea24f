import type { Static } from 'typebox';
import { SingleFlight } from '../cache/single-flight.ts';
import type { UserId } from '../domain/ids.ts';
import type { ChainType, WalletRecord } from '../domain/wallets.ts';
import { AppError } from '../errors/app-error.ts';
import type { WalletSchema } from '../schemas/wallets.ts';
import type { Database } from '../store/database.ts';
import type { InvalidationBus } from '../store/invalidation-bus.ts';
import { isUniqueViolation } from '../store/repositories/rows.ts';
import { usersRepository } from '../store/repositories/users-repository.ts';
import { walletsRepository } from '../store/repositories/wallets-repository.ts';
import type { Clock } from '../support/clock.ts';
import { newId } from '../support/ids.ts';
import type { WalletProvider } from '../wallet-providers/wallet-provider.ts';
import { type AuditContext, SERVICE_CONTEXT } from './audit/audit-entry.ts';
import { recordAudit } from './audit/audit-service.ts';

/** The Wallet resource of the specification (its schema is the one source). */
export type WalletView = Static<typeof WalletSchema>;

export interface WalletFilter {
  chain?: ChainType;
  defaultOnly?: boolean;
  automationOnly?: boolean;
}

export const toWalletView = (w: WalletRecord): WalletView => ({
  address: w.address,
  chainType: w.chainType,
  isDefault: w.isDefault,
  automationEnabled: w.automationEnabled,
  providerType: w.providerType,
  clientType: w.clientType,
});

const CACHE_LIMIT = 50_000;
/**
 * Lists read from our database are re-read after this long even without an invalidation, so an
 * automation change reaches every instance within it while the invalidation bus is down.
 */
const DATABASE_LIST_TTL_MS = 10_000;
/** After a failed provider lookup, the last known wallets are served this long before asking again. */
const STALE_RETRY_MS = 5_000;
const PRIVY_DID = /^did:privy:[A-Za-z0-9]{1,64}$/;

/**
 * A user's wallets: creation at the wallet provider, listing (default first, then by creation),
 * automation on/off. Lists are cached per user and dropped on any change, in every instance.
 *
 * When the provider owns the list (Privy), the user must be linked to it; the list is the user's
 * linked accounts, fetched at most once per `providerCacheMs` per user and instance (concurrent
 * misses share one request), mirrored into our wallets table (transactions name wallet rows), and
 * dropped everywhere when the mirror changed. If the provider fails, the last mirrored list is
 * served for a few seconds (reads keep working through a provider blip; a write from a wallet
 * whose delegation was revoked meanwhile is still refused by the provider when it signs).
 */
export function walletsService(deps: {
  db: Database;
  clock: Clock;
  bus: InvalidationBus;
  provider: WalletProvider;
  /** How long a provider-derived list is reused (PRIVY_USER_CACHE_MS). */
  providerCacheMs?: number;
  logger?: { warn(obj: object, msg: string): void };
}) {
  const { db, clock, bus, provider } = deps;
  const repo = walletsRepository(db);
  const users = usersRepository(db);
  const fromProvider = provider.walletSource === 'provider';
  const cacheMs = deps.providerCacheMs ?? 15_000;
  /** Per user: the rows, and their views frozen once (a cached read hands out the same array). */
  const cache = new Map<string, { rows: WalletRecord[]; views: readonly WalletView[] }>();
  const expiry = new Map<string, number>();
  const flights = new SingleFlight();
  let epoch = 0;
  bus.subscribe(
    (event) => {
      if (event.kind !== 'wallets') return;
      epoch++;
      cache.delete(event.userId);
      flights.forget((k) => k === event.userId);
    },
    () => {
      epoch++;
      cache.clear();
    },
  );

  const remember = (userId: UserId, rows: WalletRecord[], forMs: number | null) => {
    if (cache.size >= CACHE_LIMIT) {
      cache.clear();
      expiry.clear();
    }
    cache.set(userId, { rows, views: Object.freeze(rows.map((w) => Object.freeze(toWalletView(w)))) });
    if (forMs === null) expiry.delete(userId);
    else expiry.set(userId, clock.now().getTime() + forMs);
  };

  /** Fetches the provider's list for a linked user and mirrors it into the wallets table. */
  async function syncFromProvider(userId: UserId): Promise<WalletRecord[]> {
    const user = await users.findById(userId);
    if (!user) throw new AppError('USER_NOT_LINKED', 'This user no longer exists');
    if (!user.providerUserId)
      throw new AppError(
        'USER_NOT_LINKED',
        `User ${user.email} is not linked to a ${provider.name} account (link it with: wallet-api users link --email ${user.email} --${provider.name}-user <id>)`,
      );
    const before = epoch;
    let linked: Awaited<ReturnType<NonNullable<WalletProvider['linkedWallets']>>>;
    try {
      linked = await (provider.linkedWallets as NonNullable<WalletProvider['linkedWallets']>)(
        user.providerUserId,
      );
    } catch (err) {
      const known =
        err instanceof AppError && err.code === 'PROVIDER_RPC_ERROR'
          ? await repo.listByUser(userId, provider.name)
          : [];
      if (known.length === 0) throw err;
      deps.logger?.warn({ err, userId }, 'wallet provider unavailable; serving the last known wallets');
      remember(userId, known, Math.min(cacheMs, STALE_RETRY_MS));
      return known;
    }
    const { changed, conflicts } = await db.transaction((tx) =>
      walletsRepository(tx).syncLinked(userId, provider.name, linked, () => ({
        id: newId('wal'),
        createdAt: clock.now(),
      })),
    );
    if (conflicts.length > 0)
      deps.logger?.warn({ userId, conflicts }, 'linked wallets already belong to another user here; skipped');
    const rows = await repo.listByUser(userId, provider.name);
    if (before === epoch) remember(userId, rows, cacheMs);
    if (changed) await bus.publish({ kind: 'wallets', userId });
    return rows;
  }

  /** The cache entry of a user while it is fresh. */
  const cached = (userId: UserId) => {
    const hit = cache.get(userId);
    const until = expiry.get(userId);
    return hit && (until === undefined || until > clock.nowMs()) ? hit : undefined;
  };

  const listAll = async (userId: UserId): Promise<WalletRecord[]> => {
    const hit = cached(userId);
    if (hit) return hit.rows;
    if (fromProvider) return flights.run(userId, () => syncFromProvider(userId));
    const before = epoch;
    const rows = await repo.listByUser(userId, provider.name);
    if (before === epoch) remember(userId, rows, DATABASE_LIST_TTL_MS);
    return rows;
  };

  return {
    listAll,
    /** The wallet provider's name, and whether it owns the wallet lists (users are linked to it). */
    provider: { name: provider.name, linksUsers: fromProvider },

    /** The user's wallets fetched from the provider now (a linked provider only), bypassing caches. */
    async refresh(userId: UserId): Promise<WalletRecord[]> {
      if (!fromProvider) return listAll(userId);
      cache.delete(userId);
      flights.forget((k) => k === userId);
      return flights.run(userId, () => syncFromProvider(userId));
    },

    /**
     * Links a user to their account at the provider (Privy: `did:privy:...`, or found by the
     * user's email at Privy when `providerUserId` is omitted) and mirrors their wallets.
     */
    async link(
      userId: UserId,
      providerUserId: string | undefined,
      context: AuditContext = SERVICE_CONTEXT,
    ): Promise<{ providerUserId: string; wallets: WalletView[] }> {
      if (!fromProvider)
        throw new AppError(
          'INVALID_INPUT',
          `The ${provider.name} wallet provider has no user accounts to link`,
        );
      const user = await users.findById(userId);
      if (!user) throw new AppError('NOT_FOUND', 'No such user');
      let id = providerUserId?.trim();
      if (id === undefined) {
        id = (await provider.findUserByEmail?.(user.email)) ?? undefined;
        if (!id) throw new AppError('USER_NOT_LINKED', `Privy has no user with email ${user.email}`);
      }
      if (!PRIVY_DID.test(id))
        throw new AppError(
          'INVALID_INPUT',
          `privy user: ${JSON.stringify(id.slice(0, 80))} is not a Privy user id (did:privy:...)`,
        );
      // Privy must know the user before the link is written.
      await (provider.linkedWallets as NonNullable<WalletProvider['linkedWallets']>)(id);
      const linkedId = id;
      try {
        await db.transaction(async (tx) => {
          await usersRepository(tx).setProviderUserId(userId, linkedId);
          await recordAudit(
            tx,
            context,
            {
              action: 'user.linked',
              userId,
              target: { type: 'user', id: userId },
              details: { provider: provider.name, providerUserId: linkedId },
            },
            clock.now(),
          );
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          const other = await users.findByProviderUserId(id);
          throw new AppError(
            'INVALID_INPUT',
            `${id} is already linked to user ${other?.email ?? 'another user'}`,
          );
        }
        throw err;
      }
      await bus.publish({ kind: 'wallets', userId });
      const rows = await this.refresh(userId);
      return { providerUserId: id, wallets: rows.map(toWalletView) };
    },

    /**
     * Removes the user's Privy link; their Privy wallets stop being listed and used (kept for their
     * transactions). Allowed whichever provider runs: it touches only the Privy link and wallets.
     */
    async unlink(userId: UserId, context: AuditContext = SERVICE_CONTEXT): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await usersRepository(tx).findById(userId);
        await usersRepository(tx).setProviderUserId(userId, null);
        await walletsRepository(tx).syncLinked(userId, 'privy', [], () => ({
          id: newId('wal'),
          createdAt: clock.now(),
        }));
        await recordAudit(
          tx,
          context,
          {
            action: 'user.unlinked',
            userId,
            target: { type: 'user', id: userId },
            details: { provider: 'privy', providerUserId: before?.providerUserId ?? null },
          },
          clock.now(),
        );
      });
      await bus.publish({ kind: 'wallets', userId });
    },

    /**
     * The user's wallets as the API shows them. Without a filter, a cached list is the same frozen
     * array for every reader until it changes (the route serializes it once, see http/tuning/frozen-json.ts).
     */
    async list(userId: UserId, filter: WalletFilter = {}): Promise<readonly WalletView[]> {
      let views = cached(userId)?.views;
      if (views === undefined) {
        const rows = await listAll(userId);
        views = cached(userId)?.views ?? rows.map(toWalletView);
      }
      if (!filter.chain && !filter.defaultOnly && !filter.automationOnly) return views;
      return views.filter(
        (w) =>
          (!filter.chain || w.chainType === filter.chain) &&
          (!filter.defaultOnly || w.isDefault) &&
          (!filter.automationOnly || w.automationEnabled),
      );
    },

    /**
     * Creates a wallet at the provider. The first wallet of a chain type is always the default
     * (exactly one default per user and chain type); later ones become default when asked.
     */
    async create(
      userId: UserId,
      input: { chainType: ChainType; makeDefault?: boolean; automation?: boolean },
      context: AuditContext = SERVICE_CONTEXT,
    ): Promise<WalletView> {
      const walletId = newId('wal');
      const provisioned = await provider.createWallet({ walletId, userId, chainType: input.chainType });
      const record = await db.transaction(async (tx) => {
        const wallets = walletsRepository(tx);
        await tx.query('select id from users where id = $1 for update', [userId]);
        const first = (await wallets.countByType(userId, provider.name, input.chainType)) === 0;
        const isDefault = first || input.makeDefault !== false;
        if (isDefault) await wallets.clearDefault(userId, provider.name, input.chainType);
        const rec: WalletRecord = {
          id: walletId,
          userId,
          chainType: input.chainType,
          provider: provider.name,
          address: provisioned.address,
          providerType: provisioned.providerType,
          clientType: provisioned.clientType,
          providerWalletId: provisioned.providerWalletId,
          isDefault,
          automationEnabled: input.automation !== false,
          createdAt: clock.now(),
        };
        await wallets.insert(rec);
        await provisioned.persist(tx);
        await recordAudit(
          tx,
          context,
          {
            action: 'wallet.created',
            userId,
            target: { type: 'wallet', id: rec.address },
            details: {
              chainType: rec.chainType,
              provider: rec.provider,
              isDefault: rec.isDefault,
              automationEnabled: rec.automationEnabled,
            },
          },
          rec.createdAt,
        );
        return rec;
      });
      await bus.publish({ kind: 'wallets', userId });
      return toWalletView(record);
    },

    /** Turns automation on or off; `userId` null is the operator (any user's wallet). */
    async setAutomation(
      address: string,
      enabled: boolean,
      userId: UserId | null,
      context: AuditContext = SERVICE_CONTEXT,
    ): Promise<WalletView> {
      if (fromProvider)
        throw new AppError(
          'INVALID_INPUT',
          `With the ${provider.name} wallet provider, automation follows the wallet's delegation: the user grants or revokes it in their ${provider.name} app`,
        );
      const wallet = await repo.findByAddress(address.trim());
      if (!wallet || (userId !== null && wallet.userId !== userId))
        throw new AppError('WALLET_NOT_FOUND', `Wallet ${address} not found`);
      if (wallet.provider !== provider.name)
        throw new AppError(
          'INVALID_INPUT',
          `Wallet ${wallet.address} is held by the ${wallet.provider} wallet provider, and this service runs with ${provider.name} (WALLET_PROVIDER): it is not used here`,
        );
      await db.transaction(async (tx) => {
        await walletsRepository(tx).setAutomation(wallet.id, enabled);
        await recordAudit(
          tx,
          context,
          {
            action: enabled ? 'wallet.automation_enabled' : 'wallet.automation_disabled',
            userId: wallet.userId,
            target: { type: 'wallet', id: wallet.address },
            details: { chainType: wallet.chainType, was: wallet.automationEnabled },
          },
          clock.now(),
        );
      });
      await bus.publish({ kind: 'wallets', userId: wallet.userId });
      return toWalletView({ ...wallet, automationEnabled: enabled });
    },
  };
}

export type WalletsService = ReturnType<typeof walletsService>;
