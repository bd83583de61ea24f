// Privy mode in tests: the service pointed at the local Privy fake, and users linked to it.
import { type FakePrivy, startFakePrivy } from '@wallet-api/devnet/privy';
import type { TestApp } from './app.ts';

export { type FakePrivy, startFakePrivy };

/** The settings that select the Privy provider against `fake`. */
export function privyEnv(fake: FakePrivy, extra: Record<string, string> = {}): Record<string, string> {
  return {
    WALLET_PROVIDER: 'privy',
    PRIVY_APP_ID: fake.appId,
    PRIVY_APP_SECRET: fake.appSecret,
    PRIVY_AUTHORIZATION_KEY: fake.authorizationKey,
    PRIVY_API_URL: fake.url,
    PRIVY_TIMEOUT_MS: '1500',
    ...extra,
  };
}

/**
 * A user here linked to a new Privy user with an embedded EVM and Solana wallet (delegated unless
 * told otherwise), and an API key.
 */
export async function linkedPrivyUser(app: TestApp, fake: FakePrivy, options: { delegated?: boolean } = {}) {
  const user = await app.newUser({ wallets: false });
  const privy = await fake.createUser({
    email: user.email,
    ...(options.delegated !== undefined ? { delegated: options.delegated } : {}),
  });
  await app.services.wallets.link(user.userId, privy.id);
  const evm = privy.wallets.find((w) => w.chainType === 'ethereum');
  const sol = privy.wallets.find((w) => w.chainType === 'solana');
  if (!evm || !sol) throw new Error('fake user without wallets');
  return { ...user, privy, evm: evm.address, sol: sol.address };
}
