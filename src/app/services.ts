import type { ChainRegistry } from '../chains/chain-registry.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { Database } from '../store/database.ts';
import type { Clock } from '../support/clock.ts';
import type { ApiKeysService } from './api-keys.ts';
import type { UsersService } from './users.ts';
import type { WalletsService } from './wallets.ts';

/** Everything the HTTP layer and the CLI call: built once by the composition root. */
export interface Services {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  users: UsersService;
  apiKeys: ApiKeysService;
  wallets: WalletsService;
  rateLimiter: RateLimiter;
}
