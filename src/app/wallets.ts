import { AppError } from '../errors/app-error.ts';
import type { Database } from '../store/database.ts';
import type { InvalidationBus } from '../store/invalidation-bus.ts';
import {
  type ChainType,
  type WalletRecord,
  walletsRepository,
} from '../store/repositories/wallets-repository.ts';
import type { Clock } from '../support/clock.ts';
import { newId } from '../support/ids.ts';
import type { WalletProvider } from '../wallet-providers/wallet-provider.ts';

/** The Wallet resource of the specification. */
export interface WalletView {
  address: string;
  chainType: ChainType;
  isDefault: boolean;
  automationEnabled: boolean;
  providerType: string;
  clientType: string;
}

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
 * A user's wallets: creation at the wallet provider, listing (default first, then by creation),
 * automation on/off. Lists are cached per user and dropped on any change, in every instance.
 */
export function walletsService(deps: {
  db: Database;
  clock: Clock;
  bus: InvalidationBus;
  provider: WalletProvider;
}) {
  const { db, clock, bus, provider } = deps;
  const repo = walletsRepository(db);
  const cache = new Map<string, WalletRecord[]>();
  let epoch = 0;
  bus.subscribe(
    (event) => {
      if (event.kind !== 'wallets') return;
      epoch++;
      cache.delete(event.userId);
    },
    () => {
      epoch++;
      cache.clear();
    },
  );

  const listAll = async (userId: string): Promise<WalletRecord[]> => {
    const hit = cache.get(userId);
    if (hit) return hit;
    const before = epoch;
    const rows = await repo.listByUser(userId);
    if (before === epoch) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(userId, rows);
    }
    return rows;
  };

  return {
    listAll,

    async list(userId: string, filter: WalletFilter = {}): Promise<WalletView[]> {
      return (await listAll(userId))
        .filter(
          (w) =>
            (!filter.chain || w.chainType === filter.chain) &&
            (!filter.defaultOnly || w.isDefault) &&
            (!filter.automationOnly || w.automationEnabled),
        )
        .map(toWalletView);
    },

    /**
     * Creates a wallet at the provider. The first wallet of a chain type is always the default
     * (exactly one default per user and chain type); later ones become default when asked.
     */
    async create(
      userId: string,
      input: { chainType: ChainType; makeDefault?: boolean; automation?: boolean },
    ): Promise<WalletView> {
      const walletId = newId('wal');
      const provisioned = await provider.createWallet({ walletId, userId, chainType: input.chainType });
      const record = await db.transaction(async (tx) => {
        const wallets = walletsRepository(tx);
        await tx.query('select id from users where id = $1 for update', [userId]);
        const first = (await wallets.countByType(userId, input.chainType)) === 0;
        const isDefault = first || input.makeDefault !== false;
        if (isDefault) await wallets.clearDefault(userId, input.chainType);
        const rec: WalletRecord = {
          id: walletId,
          userId,
          chainType: input.chainType,
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
        return rec;
      });
      await bus.publish({ kind: 'wallets', userId });
      return toWalletView(record);
    },

    /** Turns automation on or off; `userId` null is the operator (any user's wallet). */
    async setAutomation(address: string, enabled: boolean, userId: string | null): Promise<WalletView> {
      const wallet = await repo.findByAddress(address.trim());
      if (!wallet || (userId !== null && wallet.userId !== userId))
        throw new AppError('WALLET_NOT_FOUND', `Wallet ${address} not found`);
      await repo.setAutomation(wallet.id, enabled);
      await bus.publish({ kind: 'wallets', userId: wallet.userId });
      return toWalletView({ ...wallet, automationEnabled: enabled });
    },
  };
}

export type WalletsService = ReturnType<typeof walletsService>;
