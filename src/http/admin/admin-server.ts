import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import type { Operator } from '../../app/operator.ts';
import { AppError } from '../../errors/app-error.ts';
import { ADMIN_FILE } from '../../schemas/admin-endpoint.ts';
import { registerErrorHandling } from '../plugins/errors.ts';

type FieldType = 'string' | 'boolean' | 'object' | 'array' | 'number';
/** `?` marks an optional field. */
type InputShape = Record<string, FieldType | `${FieldType}?`>;

/**
 * The operations of the admin endpoint, by name, with the shape of their input: the CLI posts
 * `{ op, input }`. The shape is checked here so a hand-made request gets 400, not a TypeError.
 */
const OPERATIONS = {
  createUser: { email: 'string', password: 'string?' },
  setPassword: { email: 'string', password: 'string' },
  createWallet: { email: 'string', chainType: 'string', makeDefault: 'boolean', automation: 'boolean' },
  setAutomation: { address: 'string', enabled: 'boolean' },
  linkUser: { email: 'string', providerUserId: 'string?' },
  unlinkUser: { email: 'string' },
  createKey: { email: 'string', name: 'string', expires: 'string', policy: 'object?' },
  listKeys: { email: 'string' },
  revokeKey: { id: 'string' },
  addWebhook: { email: 'string', url: 'string', types: 'array?', description: 'string?' },
  listWebhooks: { email: 'string' },
  removeWebhook: { email: 'string', id: 'string' },
  testWebhook: { email: 'string', id: 'string' },
  listAudit: { email: 'string?', action: 'string?', keyId: 'string?', cursor: 'string?', limit: 'number?' },
  verifyAudit: {},
  controlTransaction: {
    email: 'string',
    id: 'string',
    action: 'string',
    idempotencyKey: 'string',
    maxFeePerGas: 'string?',
    maxPriorityFeePerGas: 'string?',
    computeUnitPrice: 'string?',
  },
} as const satisfies Record<keyof Operator, InputShape>;
type OperationName = keyof typeof OPERATIONS;

function checkInput(shape: InputShape, input: unknown): void {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new AppError('INVALID_INPUT', 'input: must be an object');
  const fields = input as Record<string, unknown>;
  for (const [field, spec] of Object.entries(shape)) {
    const type = spec.replace('?', '');
    const value = fields[field];
    if (value === undefined && spec.endsWith('?')) continue;
    const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    if (actual !== type) throw new AppError('INVALID_INPUT', `input.${field}: must be a ${type}`);
  }
}

/**
 * The operator endpoint the CLI uses while a server owns the embedded database. It listens on
 * 127.0.0.1 only, on its own port, whatever HOST is, and requires the bearer token written with
 * its URL to DATA_DIR/admin.json (mode 0600): only who can read the data directory can use it.
 */
export async function startAdminServer(options: {
  operator: Operator;
  dataDir: string;
  logger: Logger;
}): Promise<{ url: string; close(): Promise<void> }> {
  const token = randomBytes(32).toString('base64url');
  const expected = Buffer.from(`Bearer ${token}`);
  const app: FastifyInstance = Fastify({
    loggerInstance: options.logger.child({ component: 'admin' }) as FastifyBaseLogger,
    bodyLimit: 64 * 1024,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  });
  registerErrorHandling(app);
  app.addHook('onRequest', async (request) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new AppError('UNAUTHORIZED', 'Invalid admin token');
  });
  app.post<{ Body: { op: string; input: unknown } }>('/admin/operator', async (request) => {
    const { op, input } = request.body ?? {};
    if (typeof op !== 'string' || !Object.hasOwn(OPERATIONS, op))
      throw new AppError('INVALID_INPUT', `op: unknown operation ${String(op).slice(0, 64)}`);
    checkInput(OPERATIONS[op as OperationName], input);
    const fn = options.operator[op as OperationName] as (input: unknown) => Promise<unknown>;
    return { result: await fn(input) };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('admin server did not bind a TCP port');
  const url = `http://127.0.0.1:${address.port}`;
  const file = join(options.dataDir, ADMIN_FILE);
  writeFileSync(file, JSON.stringify({ url, token, pid: process.pid }), { mode: 0o600 });
  chmodSync(file, 0o600);
  return {
    url,
    async close() {
      rmSync(file, { force: true });
      await app.close();
    },
  };
}
