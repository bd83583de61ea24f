import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UserId } from '../domain/ids.ts';
import type { Services } from './services.ts';
import type { WalletView } from './wallets.ts';

export const DEMO_EMAIL = 'demo@wallet-api.local';

export interface DemoSeed {
  email: string;
  apiKey: string;
  apiKeyPath: string;
  wallets: WalletView[];
}

/** Creates a user at the built-in Privy fake (with delegated embedded wallets) and returns its id. */
export function demoPrivyUser(fake: {
  createUser(input: { email: string }): Promise<{ id: string }>;
}): (email: string) => Promise<string> {
  return async (email) => (await fake.createUser({ email })).id;
}

/**
 * On the first start of an empty database: a demo user with a default EVM and Solana wallet
 * (automation on) and one API key, written to DATA_DIR/demo-api-key (mode 0600).
 * With the built-in Privy fake (`privyUser`), the demo user is linked to a new fake Privy user at
 * every start instead (the fake keeps nothing between starts).
 */
export async function seedDemo(
  services: Services,
  dataDir: string,
  privyUser?: (email: string) => Promise<string>,
): Promise<DemoSeed | null> {
  const existing = privyUser ? await services.users.findByEmail(DEMO_EMAIL) : null;
  if (existing && privyUser) {
    await services.wallets.unlink(existing.id);
    await services.wallets.link(existing.id, await privyUser(existing.email));
    return null;
  }
  if ((await services.users.count()) > 0) return null;
  const user = await services.users.create({ email: DEMO_EMAIL });
  const wallets = privyUser
    ? (await services.wallets.link(user.id, await privyUser(user.email))).wallets
    : await seedWallets(services, user.id);
  const { key } = await services.apiKeys.create(user.id, { name: 'demo' });
  const apiKeyPath = join(dataDir, 'demo-api-key');
  writeFileSync(apiKeyPath, `${key}\n`, { mode: 0o600 });
  chmodSync(apiKeyPath, 0o600);
  return { email: user.email, apiKey: key, apiKeyPath, wallets };
}

/** One wallet per chain family, in the families' order (EVM first), created one after the other. */
async function seedWallets(services: Services, userId: UserId) {
  const wallets: WalletView[] = [];
  for (const family of services.families.all())
    wallets.push(await services.wallets.create(userId, { chainType: family.chainType }));
  return wallets;
}
