import type { TransactionPartialSigner } from '@solana/kit';
import { address } from '@solana/kit';
import type { WalletRecord } from '../store/repositories/wallets-repository.ts';
import type { WalletProvider } from './wallet-provider.ts';

/**
 * A wallet as a @solana/kit partial signer backed by its provider, so kit's message builders and
 * signing helpers work with any provider. `requestKey` names the signing attempt (see SignRequest).
 */
export function providerSigner(
  provider: WalletProvider,
  wallet: WalletRecord,
  requestKey = `${wallet.id}:${Date.now()}`,
): TransactionPartialSigner {
  const self = address(wallet.address);
  return {
    address: self,
    async signTransactions(transactions) {
      return Promise.all(
        transactions.map(async (transaction, i) => ({
          [self]: await provider.signSolanaTransaction(wallet, transaction, {
            requestKey: transactions.length > 1 ? `${requestKey}:${i}` : requestKey,
          }),
        })),
      );
    },
  };
}
