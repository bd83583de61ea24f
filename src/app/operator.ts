import { asApiKeyId, asTransactionId } from '../domain/ids.ts';
import type { ChainType } from '../domain/wallets.ts';
import { invalidInput } from '../errors/app-error.ts';
import type { ApiKeyView, KeyExpiry } from './api-keys.ts';
import type { KeyPolicyInput } from './key-policies.ts';
import type { Services } from './services.ts';
import type { UserView } from './users.ts';
import { toUserView } from './users.ts';
import type { WalletView } from './wallets.ts';

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
  }): Promise<Record<string, unknown> & { notice: string; replayed: boolean }>;
}

const WEI = /^[0-9]{1,78}$/;

export function localOperator(services: Services): Operator {
  return {
    createUser: (input) => services.users.create(input),
    setPassword: (input) => services.users.setPassword(input.email, input.password),
    async createWallet(input) {
      const user = await services.users.require(input.email);
      return services.wallets.create(user.id, {
        chainType: input.chainType,
        makeDefault: input.makeDefault,
        automation: input.automation,
      });
    },
    setAutomation: (input) => services.wallets.setAutomation(input.address, input.enabled, null),
    async linkUser(input) {
      const user = await services.users.require(input.email);
      const linked = await services.wallets.link(user.id, input.providerUserId);
      return { email: user.email, ...linked };
    },
    async unlinkUser(input) {
      const user = await services.users.require(input.email);
      await services.wallets.unlink(user.id);
      return toUserView({ ...user, providerUserId: null });
    },
    async createKey(input) {
      const user = await services.users.require(input.email);
      return services.apiKeys.create(user.id, {
        name: input.name,
        expires: input.expires,
        ...(input.policy ? { policy: input.policy } : {}),
      });
    },
    async listKeys(input) {
      const user = await services.users.require(input.email);
      return services.apiKeys.list(user.id);
    },
    revokeKey: (input) => services.apiKeys.revoke(asApiKeyId(input.id), null),
    async controlTransaction(input) {
      if (input.action !== 'speed-up' && input.action !== 'cancel')
        throw invalidInput('action', 'must be speed-up or cancel');
      for (const field of ['maxFeePerGas', 'maxPriorityFeePerGas'] as const)
        if (input[field] !== undefined && !WEI.test(input[field] as string))
          throw invalidInput(field, 'must be a whole number of wei');
      if (!/^[0-9a-fA-F-]{36}$/.test(input.idempotencyKey))
        throw invalidInput('idempotencyKey', 'must be a UUID');
      const user = await services.users.require(input.email);
      const body = {
        ...(input.maxFeePerGas !== undefined ? { maxFeePerGas: input.maxFeePerGas } : {}),
        ...(input.maxPriorityFeePerGas !== undefined
          ? { maxPriorityFeePerGas: input.maxPriorityFeePerGas }
          : {}),
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
        },
      });
      return { ...(JSON.parse(json) as Record<string, unknown> & { notice: string }), replayed };
    },
  };
}

export { toUserView };
