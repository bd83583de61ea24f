import { inSpan, SpanKind } from '../support/tracing.ts';
import type { WalletProvider } from './wallet-provider.ts';

/**
 * The provider with a span per call (`wallet_provider privy signEvmTransaction`), naming the
 * provider and the operation only: never a key, an address, a transaction or an email. Used only
 * when tracing is on (compose.ts).
 */
export function tracedWalletProvider(provider: WalletProvider): WalletProvider {
  const span =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      inSpan(
        `wallet_provider ${provider.name} ${operation}`,
        { 'wallet_provider.name': provider.name, 'wallet_provider.operation': operation },
        () => call(...args),
        { kind: SpanKind.CLIENT },
      );
  const { linkedWallets, findUserByEmail } = provider;
  return {
    name: provider.name,
    walletSource: provider.walletSource,
    ...(linkedWallets ? { linkedWallets: span('linkedWallets', linkedWallets.bind(provider)) } : {}),
    ...(findUserByEmail ? { findUserByEmail: span('findUserByEmail', findUserByEmail.bind(provider)) } : {}),
    createWallet: span('createWallet', provider.createWallet.bind(provider)),
    signEvmTransaction: span('signEvmTransaction', provider.signEvmTransaction.bind(provider)),
    signSolanaTransaction: span('signSolanaTransaction', provider.signSolanaTransaction.bind(provider)),
  };
}
