import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../app/services.ts';
import { ApprovalParams, ApprovalsQuery, DenyBody } from '../../schemas/approvals.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { keyContext } from '../plugins/audit-context.ts';
import { principalOf } from '../plugins/auth.ts';

const RULES =
  "Needs the API key's approve scope, which a key gets only when it is named at creation (never by default). A key never decides on a write it asked for itself (403 FORBIDDEN); an approval is decided once: a second decision, or one after it expired, is 409 APPROVAL_DECIDED.";

/** Approvals of writes waiting for a person (issue 30), for phone apps and chat bots. */
export const approvalsRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const approver = async (request: Parameters<typeof principalOf>[0]) => {
    const principal = principalOf(request);
    const key = await services.apiKeys.get(principal.keyId, principal.userId);
    return { kind: 'key' as const, keyId: principal.keyId, keyName: key.name };
  };

  app.get(
    '/approvals',
    {
      config: { scope: 'approve' },
      schema: {
        operationId: 'listApprovals',
        tags: ['Approvals'],
        summary: 'List approvals of writes',
        description: `Extension. Your writes that an API key's approval rules sent to a person, newest first: what, to whom, how much, from which key. ${RULES}`,
        querystring: ApprovalsQuery,
        response: {
          200: ok(
            Type.Object({ approvals: Type.Array(Type.Ref('Approval')) }, { additionalProperties: false }),
            'The approvals',
          ),
          ...errorResponses(400, 403),
        },
      },
    },
    async (request) => ({
      approvals: await services.approvals.list(
        principalOf(request).userId,
        request.query.status === 'pending' ? 'required' : (request.query.status ?? null),
        request.query.limit ?? 50,
      ),
    }),
  );

  app.post(
    '/approvals/:id/approve',
    {
      config: { scope: 'approve' },
      schema: {
        operationId: 'approveApproval',
        tags: ['Approvals'],
        summary: 'Approve a write waiting for a person',
        description: `Extension. The write is then signed and sent like any write (GET /tx/{id} follows it), exactly once across instances. ${RULES}`,
        params: ApprovalParams,
        response: {
          200: ok(Type.Ref('Approval'), 'The approval, approved'),
          ...errorResponses(403, 404, 409, 413),
        },
      },
    },
    async (request) =>
      services.approvals.decide(
        principalOf(request).userId,
        request.params.id,
        'approve',
        await approver(request),
        null,
        keyContext(request),
      ),
  );

  app.post(
    '/approvals/:id/deny',
    {
      config: { scope: 'approve' },
      schema: {
        operationId: 'denyApproval',
        tags: ['Approvals'],
        summary: 'Deny a write waiting for a person',
        description: `Extension. Its transaction ends FAILED with nothing signed; its error names who denied it and why, and its amount is given back to the key's daily limits. ${RULES}`,
        params: ApprovalParams,
        body: Type.Optional(DenyBody),
        response: {
          200: ok(Type.Ref('Approval'), 'The approval, denied'),
          ...errorResponses(400, 403, 404, 409, 413),
        },
      },
    },
    async (request) =>
      services.approvals.decide(
        principalOf(request).userId,
        request.params.id,
        'deny',
        await approver(request),
        request.body?.reason?.trim() || null,
        keyContext(request),
      ),
  );
};
