import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditContext } from '../../app/audit/audit-entry.ts';
import type { AuditService } from '../../app/audit/audit-service.ts';
import { AppError } from '../../errors/app-error.ts';
import { principalOf } from './auth.ts';

/** The calling API key as the actor of what its request changes (audit trail). */
export function keyContext(request: FastifyRequest): AuditContext {
  const p = principalOf(request);
  return {
    actor: { type: 'key', userId: p.userId, keyId: p.keyId, keyName: p.keyName },
    requestId: request.id,
    clientAddress: request.ip,
  };
}

/**
 * Records every write a key's rules refused (`write.refused`): any 403 FORBIDDEN answered to a
 * request that changes something, made with a key. That covers the key's scope and chains (refused
 * in the auth hooks, before the body is read), its allowlists and limits (refused in the write
 * path), and a wallet provider's own policy (Privy), each named by the refusal's message.
 *
 * A refusal changes nothing else, so its entry is a statement of its own, written before the answer
 * leaves. Should it fail, the refusal is answered anyway (logged): refusing to refuse would be
 * worse, and the write it refused changed nothing.
 */
export function registerRefusalAudit(app: FastifyInstance, audit: AuditService): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (!request.principal || !(error instanceof AppError) || error.code !== 'FORBIDDEN') return;
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    const body = request.body as { chain?: unknown } | undefined;
    try {
      await audit.recordAlone(keyContext(request), {
        action: 'write.refused',
        outcome: 'refused',
        target: { type: 'endpoint', id: `${request.method} ${path}` },
        details: {
          rule: error.message,
          ...(typeof body?.chain === 'string' ? { chain: body.chain } : {}),
        },
      });
    } catch (err) {
      request.log.error({ err }, 'audit entry of a refused write not recorded');
    }
  });
}
