import type { ChainRegistry } from '../chains/chain-registry.ts';
import type { ChainClients } from '../chains/rpc-clients.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { Database } from '../store/database.ts';
import type { Clock } from '../support/clock.ts';
import type { ApiKeysService } from './api-keys.ts';
import type { BalancesService } from './balances/balances-service.ts';
import type { ChainHealthService } from './chain-health.ts';
import type { IdempotencyService } from './idempotency.ts';
import type { KeySpendService } from './key-spend.ts';
import type { TradingService } from './trading/trading.ts';
import type { TransactionsService } from './transactions/transactions.ts';
import type { UsersService } from './users.ts';
import type { WalletsService } from './wallets.ts';

/** Everything the HTTP layer and the CLI call: built once by the composition root. */
export interface Services {
  db: Database;
  clock: Clock;
  chains: ChainRegistry;
  /** RPC clients per chain, with the configured timeout. */
  chainClients: ChainClients;
  users: UsersService;
  apiKeys: ApiKeysService;
  wallets: WalletsService;
  balances: BalancesService;
  idempotency: IdempotencyService;
  /** API keys' spend limits: what each key moved and may still move. */
  keySpend: KeySpendService;
  transactions: TransactionsService;
  trading: TradingService;
  rateLimiter: RateLimiter;
  /** Each chain's RPC health, for /readyz. */
  chainHealth: ChainHealthService;
}
