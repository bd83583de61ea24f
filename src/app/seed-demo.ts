import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Services } from './services.ts';
import type { WalletView } from './wallets.ts';

export const DEMO_EMAIL = 'demo@wallet-api.local';

export interface DemoSeed {
  email: string;
  apiKey: string;
  apiKeyPath: string;
  wallets: WalletView[];
}

/**
 * On the first start of an empty database: a demo user with a default EVM and Solana wallet
 * (automation on) and one API key, written to DATA_DIR/demo-api-key (mode 0600).
 */
export async function seedDemo(services: Services, dataDir: string): Promise<DemoSeed | null> {
  if ((await services.users.count()) > 0) return null;
  const user = await services.users.create({ email: DEMO_EMAIL });
  const wallets = [
    await services.wallets.create(user.id, { chainType: 'ethereum' }),
    await services.wallets.create(user.id, { chainType: 'solana' }),
  ];
  const { key } = await services.apiKeys.create(user.id, { name: 'demo' });
  const apiKeyPath = join(dataDir, 'demo-api-key');
  writeFileSync(apiKeyPath, `${key}\n`, { mode: 0o600 });
  chmodSync(apiKeyPath, 0o600);
  return { email: user.email, apiKey: key, apiKeyPath, wallets };
}
