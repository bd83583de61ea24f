import type { ChainRegistry } from '../chains/chain-registry.ts';
import type { ChainFamilies } from '../chains/families.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import type { SignInLimiter } from '../rate-limit/sign-in-limiter.ts';
import type { Clock } from '../support/clock.ts';
import type { ApiKeysService } from './api-keys.ts';
import type { ApprovalsService } from './approvals.ts';
import type { AuditService } from './audit/audit-service.ts';
import type { BalancesService } from './balances/balances-service.ts';
import type { ChainHealthService } from './chain-health.ts';
import type { SessionService } from './dashboard-sessions.ts';
import type { DerivedKeyStoreService } from './derived-key-store.ts';
import type { EventsService } from './events/events-service.ts';
import type { IdempotencyService } from './idempotency.ts';
import type { KeySpendService } from './key-spend.ts';
import type { PayoutRunner } from './payouts/payout-runner.ts';
import type { PayoutsService } from './payouts/payouts.ts';
import type { ReadinessService } from './readiness.ts';
import type { TradingService } from './trading/trading.ts';
import type { ControlService } from './transactions/control.ts';
import type { SimulationService } from './transactions/simulation.ts';
import type { TransactionsService } from './transactions/transactions.ts';
import type { UsersService } from './users.ts';
import type { WalletsService } from './wallets.ts';
import type { WebhooksService } from './webhooks/webhooks.ts';

/**
 * Everything the HTTP layer, the dashboard and the CLI call: use cases, built once by the
 * composition root. No database and no RPC client here: what reaches them goes through a use case.
 */
export interface Services {
  clock: Clock;
  chains: ChainRegistry;
  /** The chain families (chains/chain-family.ts): what a write request becomes on its chain. */
  families: ChainFamilies;
  users: UsersService;
  apiKeys: ApiKeysService;
  wallets: WalletsService;
  balances: BalancesService;
  idempotency: IdempotencyService;
  /** API keys' spend limits: what each key moved and may still move. */
  keySpend: KeySpendService;
  transactions: TransactionsService;
  /** The caller's event log (GET /events) and its long poll. */
  events: EventsService;
  /** Payouts (issue 31): many transfers in one request, and the runner that signs them in parts. */
  payouts: PayoutsService;
  payoutRunner: PayoutRunner;
  trading: TradingService;
  /** A caller's speed-up and cancel of a transaction not yet final. */
  control: ControlService;
  /** What a write would do, before sending it (POST /simulate). */
  simulation: SimulationService;
  /** Writes waiting for a person's approval (issue 30). */
  approvals: ApprovalsService;
  rateLimiter: RateLimiter;
  /** Each chain's RPC health. */
  chainHealth: ChainHealthService;
  /** What /readyz reports: database ready, chains' health. */
  readiness: ReadinessService;
  /** The dashboard's sign-in sessions. */
  sessions: SessionService;
  /** The Idempotency-Keys MCP tools derive for writes called without one. */
  derivedKeys: DerivedKeyStoreService;
  /** The audit trail: listing, verification, retention (entries are recorded by each action). */
  audit: AuditService;
  /** The dashboard's sign-in attempt limits (shared through Redis when REDIS_URL is set). */
  signInLimiter: SignInLimiter;
  /** Webhook endpoints: management (delivery runs with the background work). */
  webhooks: WebhooksService;
}
