import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { WriteSpend } from '../../app/key-write-rules.ts';
import type { Services } from '../../app/services.ts';
import type { WriteIntent } from '../../app/transactions/write-intents.ts';
import type { TransactionKind } from '../../domain/transactions.ts';
import { errorResponses, ok } from '../../schemas/common.ts';
import { keyContext } from '../plugins/audit-context.ts';
import { principalOf } from '../plugins/auth.ts';

/** The responses of every write endpoint: the Submission, or the write errors. */
export const WRITE_RESPONSES = {
  200: ok(Type.Ref('Submission'), 'Accepted for broadcast: status SUBMITTED', {
    'Idempotent-Replayed': {
      type: 'string',
      enum: ['true'],
      description: 'Present on a replay of a stored response',
    },
  }),
  202: ok(
    Type.Ref('ApprovalSubmission'),
    "Waiting for approval (the API key's approval rules): checked and recorded, nothing signed; status PENDING. Approved, it goes on like any write (GET /tx/{id}); denied or expired, it ends FAILED",
    {
      'Idempotent-Replayed': {
        type: 'string',
        enum: ['true'],
        description: 'Present on a replay of a stored response',
      },
    },
  ),
  ...errorResponses(400, 403, 404, 409, 413, 502, 503),
};

/**
 * Runs a write under the request's Idempotency-Key and sends the stored bytes: a replay sends
 * exactly what the first answer sent, marked Idempotent-Replayed.
 */
export async function sendWrite(
  services: Services,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  intent: WriteIntent | { build: () => Promise<WriteIntent>; spend: WriteSpend; kind: TransactionKind },
): Promise<FastifyReply> {
  const principal = principalOf(request);
  const { json, replayed, status } = await services.transactions.write({
    userId: principal.userId,
    idempotencyKey: request.headers['idempotency-key'] as string,
    path,
    body: request.body,
    key: { id: principal.keyId, policy: principal.policy },
    audit: keyContext(request),
    ...('build' in intent ? { intent: intent.build, spend: intent.spend, kind: intent.kind } : { intent }),
  });
  if (replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.code(status).type('application/json; charset=utf-8').send(json);
}
