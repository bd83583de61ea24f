import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditCsv } from '../../app/audit/audit-text.ts';
import { type DashboardDeps, queryField, requireSession, sendPage } from '../request-context.ts';
import { type AuditFilterForm, auditPage } from '../views/audit-view.ts';

const PAGE_SIZE = 50;
/** A CSV export holds at most this many entries (newest first); the CLI reads further back. */
const CSV_MAX = 10_000;

const filterOf = (request: FastifyRequest): AuditFilterForm => ({
  action: queryField(request, 'action') ?? '',
  keyId: queryField(request, 'key') ?? '',
});

const listFilter = (f: AuditFilterForm) => ({
  ...(f.action ? { action: f.action } : {}),
  ...(f.keyId ? { keyId: f.keyId } : {}),
});

/** The audit trail page (the same filters as GET /api/v1/audit) and its CSV export. */
export async function auditRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { services } = deps;

  app.get('/audit', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const filter = filterOf(request);
    const cursor = queryField(request, 'cursor');
    const [list, keys] = await Promise.all([
      services.audit.listForUser(auth.session.userId, {
        ...listFilter(filter),
        ...(cursor ? { cursor } : {}),
        limit: PAGE_SIZE,
      }),
      services.apiKeys.list(auth.session.userId),
    ]);
    return sendPage(
      reply,
      auditPage({
        user: auth.user,
        entries: list.entries,
        nextCursor: list.nextCursor,
        filter,
        keys: keys.map((k) => ({ id: k.id, name: k.name })),
      }),
    );
  });

  app.get('/audit.csv', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const filter = listFilter(filterOf(request));
    const entries = [];
    let cursor: string | null = null;
    do {
      const page = await services.audit.listForUser(auth.session.userId, {
        ...filter,
        ...(cursor ? { cursor } : {}),
        limit: 100,
      });
      entries.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor && entries.length < CSV_MAX);
    const day = services.clock.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
      .send(auditCsv(entries.slice(0, CSV_MAX)));
  });
}
