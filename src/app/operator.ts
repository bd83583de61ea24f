import { asApiKeyId, asTransactionId } from '../domain/ids.ts';
import type { ChainType } from '../domain/wallets.ts';
import { invalidInput } from '../errors/app-error.ts';
import type { ApiKeyView, KeyExpiry } from './api-keys.ts';
import { OPERATOR_CONTEXT } from './audit/audit-entry.ts';
import type { AuditEntryView, AuditVerdict } from './audit/audit-service.ts';
import type { KeyPolicyInput } from './key-policies.ts';
import type { Services } from './services.ts';
import type { UserView } from './users.ts';
import { toUserView } from './users.ts';
import type { WalletView } from './wallets.ts';
import type { WebhookEndpointView } from './webhooks/webhook-views.ts';

/**
 * What the operator CLI can do. Served in process (no server running, or PostgreSQL) or through a
 * running server's loopback admin endpoint (embedded PGlite is single-process).
 */
export interface Operator {
  createUser(input: { email: string; password?: string }): Promise<UserView>;
  setPassword(input: { email: string; password: string }): Promise<UserView>;
  createWallet(input: {
    email: string;
    chainType: ChainType;
    makeDefault: boolean;
    automation: boolean;
  }): Promise<WalletView>;
  setAutomation(input: { address: string; enabled: boolean }): Promise<WalletView>;
  /** Links a user to their wallet-provider account (Privy); without `providerUserId`, found by email there. */
  linkUser(input: {
    email: string;
    providerUserId?: string;
  }): Promise<{ email: string; providerUserId: string; wallets: WalletView[] }>;
  unlinkUser(input: { email: string }): Promise<UserView>;
  createKey(input: {
    email: string;
    name: string;
    expires: KeyExpiry;
    /** Scopes, chains, limits and allowlists (all, everywhere, none, when left out). */
    policy?: KeyPolicyInput;
  }): Promise<{ key: string; apiKey: ApiKeyView }>;
  listKeys(input: { email: string }): Promise<ApiKeyView[]>;
  revokeKey(input: { id: string }): Promise<ApiKeyView>;
  /** A user's webhook endpoint, with its secret (printed once). */
  addWebhook(input: {
    email: string;
    url: string;
    types?: string[];
    description?: string;
  }): Promise<WebhookEndpointView & { secret: string }>;
  listWebhooks(input: { email: string }): Promise<WebhookEndpointView[]>;
  removeWebhook(input: { email: string; id: string }): Promise<{ id: string }>;
  testWebhook(input: { email: string; id: string }): Promise<{ eventId: string }>;
  /** The audit trail, newest first: everyone's, or one user's. */
  listAudit(input: {
    email?: string;
    action?: string;
    keyId?: string;
    cursor?: string;
    limit?: number;
  }): Promise<{ entries: AuditEntryView[]; nextCursor: string | null }>;
  /** Walks the audit chain: how many entries match, or the first that does not. */
  verifyAudit(input: Record<string, never>): Promise<AuditVerdict>;
  /**
   * A speed-up or cancel of one of the user's transactions (POST /tx/{id}/speed-up, /cancel), under
   * `idempotencyKey`; fees in wei as decimal strings. The transaction view with its notice.
   */
  controlTransaction(input: {
    email: string;
    id: string;
    action: string;
    idempotencyKey: string;
    maxFeePerGas?: string;
    maxPriorityFeePerGas?: string;
    /** Solana: micro-lamports per compute unit the re-sign after a proven expiry pays at least. */
    computeUnitPrice?: string;
  }): Promise<Record<string, unknown> & { notice: string; replayed: boolean }>;
}

const WEI = /^[0-9]{1,78}$/;

export function localOperator(services: Services): Operator {
  return {
    // Every change is recorded with the operator as its actor (the CLI, in process or through the
    // running server's admin endpoint).
    createUser: (input) => services.users.create(input, OPERATOR_CONTEXT),
    setPassword: (input) => services.users.setPassword(input.email, input.password, OPERATOR_CONTEXT),
    async createWallet(input) {
      const user = await services.users.require(input.email);
      return services.wallets.create(
        user.id,
        { chainType: input.chainType, makeDefault: input.makeDefault, automation: input.automation },
        OPERATOR_CONTEXT,
      );
    },
    setAutomation: (input) =>
      services.wallets.setAutomation(input.address, input.enabled, null, OPERATOR_CONTEXT),
    async linkUser(input) {
      const user = await services.users.require(input.email);
      const linked = await services.wallets.link(user.id, input.providerUserId, OPERATOR_CONTEXT);
      return { email: user.email, ...linked };
    },
    async unlinkUser(input) {
      const user = await services.users.require(input.email);
      await services.wallets.unlink(user.id, OPERATOR_CONTEXT);
      return toUserView({ ...user, providerUserId: null });
    },
    async createKey(input) {
      const user = await services.users.require(input.email);
      return services.apiKeys.create(
        user.id,
        { name: input.name, expires: input.expires, ...(input.policy ? { policy: input.policy } : {}) },
        OPERATOR_CONTEXT,
      );
    },
    async listKeys(input) {
      const user = await services.users.require(input.email);
      return services.apiKeys.list(user.id);
    },
    async addWebhook(input) {
      const user = await services.users.require(input.email);
      return services.webhooks.create(user.id, input, OPERATOR_CONTEXT);
    },
    async listWebhooks(input) {
      const user = await services.users.require(input.email);
      // At most 10 per user: one page holds them all.
      return (await services.webhooks.list(user.id, null, 100)).items;
    },
    async removeWebhook(input) {
      const user = await services.users.require(input.email);
      await services.webhooks.remove(user.id, input.id, OPERATOR_CONTEXT);
      return { id: input.id };
    },
    async testWebhook(input) {
      const user = await services.users.require(input.email);
      return services.webhooks.test(user.id, input.id);
    },
    revokeKey: (input) => services.apiKeys.revoke(asApiKeyId(input.id), null, OPERATOR_CONTEXT),
    async listAudit(input) {
      const user = input.email === undefined ? null : await services.users.require(input.email);
      return services.audit.listAll({
        ...(user ? { userId: user.id } : {}),
        ...(input.action !== undefined ? { action: input.action } : {}),
        ...(input.keyId !== undefined ? { keyId: input.keyId } : {}),
        ...(input.cursor !== undefined ? { cursor: input.cursor } : {}),
        ...(input.limit !== undefined ? { limit: input.limit } : {}),
      });
    },
    verifyAudit: () => services.audit.verify(),
    async controlTransaction(input) {
      if (input.action !== 'speed-up' && input.action !== 'cancel')
        throw invalidInput('action', 'must be speed-up or cancel');
      for (const field of ['maxFeePerGas', 'maxPriorityFeePerGas'] as const)
        if (input[field] !== undefined && !WEI.test(input[field] as string))
          throw invalidInput(field, 'must be a whole number of wei');
      if (input.computeUnitPrice !== undefined) {
        if (input.action !== 'speed-up') throw invalidInput('computeUnitPrice', 'only a speed-up takes it');
        if (!/^[0-9]{1,19}$/.test(input.computeUnitPrice))
          throw invalidInput('computeUnitPrice', 'must be a whole number of micro-lamports');
      }
      if (!/^[0-9a-fA-F-]{36}$/.test(input.idempotencyKey))
        throw invalidInput('idempotencyKey', 'must be a UUID');
      const user = await services.users.require(input.email);
      const body = {
        ...(input.maxFeePerGas !== undefined ? { maxFeePerGas: input.maxFeePerGas } : {}),
        ...(input.maxPriorityFeePerGas !== undefined
          ? { maxPriorityFeePerGas: input.maxPriorityFeePerGas }
          : {}),
        ...(input.computeUnitPrice !== undefined ? { computeUnitPrice: input.computeUnitPrice } : {}),
      };
      const { json, replayed } = await services.control.control({
        userId: user.id,
        id: asTransactionId(input.id),
        idempotencyKey: input.idempotencyKey,
        // The API's path: a retry through the API with the same key replays this answer.
        path: `/tx/${input.id}/${input.action}`,
        body,
        request: {
          action: input.action,
          ...(input.maxFeePerGas !== undefined ? { maxFeePerGas: BigInt(input.maxFeePerGas) } : {}),
          ...(input.maxPriorityFeePerGas !== undefined
            ? { maxPriorityFeePerGas: BigInt(input.maxPriorityFeePerGas) }
            : {}),
          ...(input.computeUnitPrice !== undefined
            ? { computeUnitPrice: BigInt(input.computeUnitPrice) }
            : {}),
        },
      });
      return { ...(JSON.parse(json) as Record<string, unknown> & { notice: string }), replayed };
    },
  };
}

export { toUserView };
