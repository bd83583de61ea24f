import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApprovalView } from '../../app/approvals.ts';
import { verifyPassword } from '../../app/passwords.ts';
import { asTransactionId, type UserId } from '../../domain/ids.ts';
import { AppError } from '../../errors/app-error.ts';
import { PAGES } from '../paths.ts';
import {
  type DashboardDeps,
  formField,
  queryField,
  requireSession,
  sendPage,
  sessionContext,
} from '../request-context.ts';
import { type ApprovalRow, approvalPage, approvalsPage } from '../views/approvals-view.ts';
import type { Flash } from '../views/layout.ts';
import { tokensOf } from '../views/transactions-view.ts';

/** Approving asks for the password again when the session signed in longer ago than this. */
export const REAUTH_AFTER_MS = 5 * 60_000;

const DONE: Record<string, string> = {
  approved: 'Approved: the write is being signed and sent. Follow it on the Transactions page.',
  denied: 'Denied: the write ended FAILED and nothing was signed.',
};

/** The owner's approvals inbox and decisions (issue 30). */
export async function approvalsRoutes(app: FastifyInstance, deps: DashboardDeps): Promise<void> {
  const { services } = deps;
  const chains = () => new Map(services.chains.list().map((c) => [c.slug, c]));

  async function rowsOf(userId: UserId, approvals: ApprovalView[]): Promise<ApprovalRow[]> {
    const known = chains();
    return Promise.all(
      approvals.map(async (approval) => ({
        approval,
        tx: await services.transactions.get(userId, asTransactionId(approval.transactionId)),
        chain: known.get(approval.chain) ?? null,
      })),
    );
  }

  const unitsOf = (rows: ApprovalRow[]) =>
    deps.units.resolve(
      rows.flatMap(({ tx, chain }) =>
        chain ? tokensOf(tx).map((token) => ({ chain, token, owner: tx.from })) : [],
      ),
    );

  app.get('/approvals', async (request, reply) => {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const userId = auth.session.userId;
    const [pending, all] = await Promise.all([
      services.approvals.list(userId, 'required', 100),
      services.approvals.list(userId, null, 50),
    ]);
    const rows = await rowsOf(userId, [
      ...pending,
      ...all.filter((a) => a.status !== 'required').slice(0, 20),
    ]);
    return sendPage(
      reply,
      approvalsPage({
        user: auth.user,
        pending: rows.filter((r) => r.approval.status === 'required'),
        decided: rows.filter((r) => r.approval.status !== 'required'),
        units: await unitsOf(rows),
      }),
    );
  });

  async function showOne(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    flash: Flash | null,
    status = 200,
  ) {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const approval = await services.approvals.get(auth.session.userId, request.params.id);
    const [row] = await rowsOf(auth.session.userId, [approval]);
    const passwordNeeded =
      services.clock.now().getTime() - auth.session.signedInAt.getTime() > REAUTH_AFTER_MS;
    return sendPage(
      reply,
      approvalPage({
        user: auth.user,
        row: row as ApprovalRow,
        units: await unitsOf([row as ApprovalRow]),
        passwordNeeded,
        flash,
      }),
      status,
    );
  }

  app.get<{ Params: { id: string } }>('/approvals/:id', async (request, reply) => {
    const done = queryField(request, 'done');
    const message = done ? DONE[done] : undefined;
    return showOne(request, reply, message ? { kind: 'success', message } : null);
  });

  /** A decision; an error the owner can act on shows on the approval's page. */
  async function decide(
    request: FastifyRequest<{ Params: { id: string } }>,
    reply: FastifyReply,
    decision: 'approve' | 'deny',
  ) {
    const auth = requireSession(request, reply);
    if (!auth) return reply;
    const { session } = auth;
    try {
      if (
        decision === 'approve' &&
        services.clock.now().getTime() - session.signedInAt.getTime() > REAUTH_AFTER_MS
      ) {
        // Counted like sign-in attempts: a stolen session cannot guess the password here either.
        const limit = await deps.limiter.attempt(request.ip, session.email);
        if (!limit.allowed)
          throw new AppError('FORBIDDEN', 'Too many password attempts. Try again in a few minutes.');
        const user = await services.users.findById(session.userId);
        const password = formField(request, 'password') ?? '';
        if (
          !user?.passwordHash ||
          password.length === 0 ||
          !(await verifyPassword(password.slice(0, 1024), user.passwordHash))
        )
          throw new AppError('FORBIDDEN', 'The password is incorrect; nothing was approved.');
        await deps.limiter.succeeded(session.email);
      }
      const reason = decision === 'deny' ? formField(request, 'reason')?.trim().slice(0, 500) || null : null;
      await services.approvals.decide(
        session.userId,
        request.params.id,
        decision,
        { kind: 'dashboard', sessionUser: session.email },
        reason,
        sessionContext(request, session),
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500 || err.code === 'NOT_FOUND') throw err;
      return showOne(request, reply, { kind: 'error', message: err.message }, err.status);
    }
    return reply.redirect(
      `${PAGES.approvals}/${request.params.id}?done=${decision === 'approve' ? 'approved' : 'denied'}`,
      303,
    );
  }

  app.post<{ Params: { id: string } }>('/approvals/:id/approve', (request, reply) =>
    decide(request, reply, 'approve'),
  );
  app.post<{ Params: { id: string } }>('/approvals/:id/deny', (request, reply) =>
    decide(request, reply, 'deny'),
  );
}
