import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../app/services.ts';
import { ListAuditQuery, ListAuditResponse } from '../../schemas/audit.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { principalOf } from '../plugins/auth.ts';

export const auditRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  app.get(
    '/audit',
    {
      // A GET: the read scope, like every other read of the user's own records.
      schema: {
        operationId: 'listAudit',
        tags: ['Audit'],
        summary: 'Your audit trail',
        description:
          'Extension: the security-relevant actions on your account, newest first: sign-ins (and failed ones), API keys created (with their policy) and revoked, Privy links, automation switched on or off, writes accepted or refused by a key rule (which), and what the operator changed. Each names its actor (a key by id and name, a dashboard session, the operator CLI, the service), the request id and client address. Entries form a SHA-256 hash chain (`wallet-api audit verify`). Needs the read scope.',
        querystring: ListAuditQuery,
        response: { 200: ok(ListAuditResponse, 'Audit entries, newest first'), ...errorResponses(400, 403) },
      },
    },
    async (request) => services.audit.listForUser(principalOf(request).userId, request.query),
  );
};
