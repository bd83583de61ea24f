import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import type { Operator } from '../../app/operator.ts';
import { AppError } from '../../errors/app-error.ts';
import { registerErrorHandling } from '../plugins/errors.ts';

export const ADMIN_FILE = 'admin.json';

/** The operations of the admin endpoint, by name: the CLI posts `{ op, input }`. */
const OPERATIONS = [
  'createUser',
  'setPassword',
  'createWallet',
  'setAutomation',
  'linkUser',
  'unlinkUser',
  'createKey',
  'listKeys',
  'revokeKey',
] as const satisfies readonly (keyof Operator)[];

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
    if (!OPERATIONS.includes(op as (typeof OPERATIONS)[number]))
      throw new AppError('INVALID_INPUT', `op: unknown operation ${String(op)}`);
    const fn = options.operator[op as (typeof OPERATIONS)[number]] as (input: unknown) => Promise<unknown>;
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
