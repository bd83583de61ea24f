import type { ApiKeyId, UserId } from '../../domain/ids.ts';
import type { Queryable } from '../../store/database.ts';
import { eventsRepository } from '../../store/repositories/events-repository.ts';
import type { StoredKeyPolicy } from '../key-policies.ts';

/** What an api_key.* event says of the key: never the key itself nor its hash. */
export interface ApiKeyEventData {
  id: ApiKeyId;
  name: string;
  /** wak_<prefix>_…, as the dashboard lists it. */
  maskedKey: string;
  scopes: readonly string[];
  expiresAt: string | null;
  revokedAt: string | null;
  /** The policy in short: which chains, whether recipients and contracts are restricted, how many limits. */
  policy: {
    chains: readonly string[] | null;
    recipientsRestricted: boolean;
    contractsRestricted: boolean;
    limits: number;
    allowUnlimitedApprovals: boolean;
  };
}

export function apiKeyEventData(key: {
  id: ApiKeyId;
  name: string;
  maskedKey: string;
  expiresAt: string | null;
  revokedAt: string | null;
  policy: StoredKeyPolicy;
}): ApiKeyEventData {
  return {
    id: key.id,
    name: key.name,
    maskedKey: key.maskedKey,
    scopes: key.policy.scopes,
    expiresAt: key.expiresAt,
    revokedAt: key.revokedAt,
    policy: {
      chains: key.policy.chains,
      recipientsRestricted: key.policy.recipients !== null,
      contractsRestricted: key.policy.contracts !== null,
      limits: key.policy.limits.length,
      allowUnlimitedApprovals: key.policy.allowUnlimitedApprovals,
    },
  };
}

/** Appends api_key.created or api_key.revoked on `tx`: the transaction that creates or revokes the key. */
export async function appendApiKeyEvent(
  tx: Queryable,
  userId: UserId,
  type: 'api_key.created' | 'api_key.revoked',
  data: ApiKeyEventData,
  at: Date,
): Promise<void> {
  await eventsRepository(tx).append(userId, type, data.id, { ...data }, at);
}
