/**
 * Every action name the trail uses. Reserved names (no code records them on this branch yet) are
 * for the approvals and webhooks work: wiring one is one call,
 * `recordAudit(tx, context, { action: 'write.approved', userId, target, details }, now)`
 * (src/app/audit/audit-service.ts), inside the
 * transaction of the change it reports.
 */
export const AUDIT_ACTIONS = [
  'dashboard.sign_in',
  'dashboard.sign_out',
  'user.created',
  'user.password_set',
  'user.linked',
  'user.unlinked',
  'wallet.created',
  'wallet.automation_enabled',
  'wallet.automation_disabled',
  'key.created',
  'key.revoked',
  'write.accepted',
  'write.refused',
  'audit.pruned',
  // Reserved: approvals (issue 30 parts 1-4).
  'write.approval_requested',
  'write.approved',
  'write.denied',
  'write.approval_expired',
  // Reserved: webhooks.
  'webhook.created',
  'webhook.deleted',
  'webhook.secret_rotated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
