import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../app/services.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { KeySelfResponse } from '../../schemas/keys.ts';
import { principalOf } from '../plugins/auth.ts';

export const keysRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/keys/self',
    {
      // Every key may read what it may do, whatever its scopes.
      config: { scope: 'any' },
      schema: {
        operationId: 'getKeySelf',
        tags: ['API keys'],
        summary: 'What the calling API key may do',
        description:
          'Extension: the calling key’s scopes, chains, allowlists and spend limits, with what each daily limit has left. Scopes, chains, limits, allowlists and whether approvals may exceed the limits are chosen when the key is created (dashboard or `wallet-api keys create`) and never change; a refusal by any of them is 403 FORBIDDEN naming the rule.',
        response: { 200: ok(KeySelfResponse, 'The calling key'), ...errorResponses() },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const [key, limits] = await Promise.all([
        services.apiKeys.get(principal.keyId, principal.userId),
        services.keySpend.standing({ id: principal.keyId, policy: principal.policy }),
      ]);
      return {
        id: key.id,
        name: key.name,
        maskedKey: key.maskedKey,
        status: key.status === 'Expiring soon' ? 'Expiring soon' : 'Active',
        createdAt: key.createdAt,
        expiresAt: key.expiresAt,
        scopes: key.policy.scopes,
        chains: key.policy.chains,
        recipients: key.policy.recipients,
        contracts: key.policy.contracts,
        allowUnlimitedApprovals: key.policy.allowUnlimitedApprovals,
        approvalAbove: key.policy.approvalAbove ?? [],
        approvalFor: key.policy.approvalFor ?? [],
        contractMethods: key.policy.contractMethods ?? [],
        maxApprovals: key.policy.maxApprovals ?? [],
        activeHours: key.policy.activeHours ?? null,
        limits,
      };
    },
  );
};
