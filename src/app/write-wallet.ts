import type { Chain } from '../chains/chain-registry.ts';
import { rulesOf } from '../chains/families.ts';
import type { UserId } from '../domain/ids.ts';
import type { WalletRecord } from '../domain/wallets.ts';
import { AppError } from '../errors/app-error.ts';
import type { WalletsService } from './wallets.ts';

/** The wallet a write uses: `from`, or the caller's default wallet for the chain type (DESIGN A9). */
export async function resolveWriteWallet(
  wallets: WalletsService,
  userId: UserId,
  chain: Chain,
  from: string | undefined,
): Promise<WalletRecord> {
  const all = await wallets.listAll(userId);
  const { addressKey } = rulesOf(chain);
  const wallet = from
    ? all.find((w) => w.chainType === chain.chainType && addressKey(w.address) === addressKey(from))
    : all.find((w) => w.chainType === chain.chainType && w.isDefault);
  if (!wallet)
    throw new AppError(
      'WALLET_NOT_FOUND',
      from ? `Wallet ${from} not found` : `You have no default ${chain.chainType} wallet for ${chain.slug}`,
    );
  if (!wallet.automationEnabled)
    throw new AppError(
      'WALLET_NOT_DELEGATED',
      wallet.clientType === 'local'
        ? `Automation is not enabled for wallet ${wallet.address}`
        : wallet.providerType === 'embedded'
          ? `Wallet ${wallet.address} is not delegated to this service at ${wallet.clientType}`
          : `Wallet ${wallet.address} is an external wallet (${wallet.clientType}): the server cannot sign for it`,
    );
  if (!wallet.providerWalletId)
    throw new AppError('WALLET_ID_REQUIRED', `Wallet ${wallet.address} has no wallet id at its provider`);
  return wallet;
}
