import type { Writable } from 'node:stream';
import { bootEphemeral } from '../../src/boot/boot-ephemeral.ts';
import type { Runtime } from '../../src/boot/boot-server.ts';
import type { ChainRegistry } from '../../src/chains/chain-registry.ts';
import type { UserId } from '../../src/domain/ids.ts';
import type { Database } from '../../src/store/database.ts';
import type { Clock } from '../../src/support/clock.ts';
import { createDatabase } from './database.ts';

export interface TestApp extends Runtime {
  db: Database;
  dataDir: string;
  /** Creates a user with an EVM and a Solana wallet and an API key; returns the key. */
  newUser(options?: {
    email?: string;
    wallets?: boolean;
  }): Promise<{ userId: UserId; email: string; key: string }>;
  get(path: string, key?: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, key?: string, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

let counter = 0;

/** The real service on a fresh database, listening on a free loopback port. */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    engine?: 'pglite' | 'postgres';
    chains?: ChainRegistry;
    logStream?: Writable;
    /** Share an existing database (a second instance of the service); it is left open on stop. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  // The ephemeral boot (src/boot/boot-ephemeral.ts), on a fresh database of the engine asked for.
  const runtime = await bootEphemeral({
    env: {
      LOG_LEVEL: options.logStream ? 'info' : 'silent',
      // Tests send many unknown keys from one address; the throttle has its own test.
      UNAUTHENTICATED_PER_MINUTE: '1000000',
      ...options.env,
    },
    database: options.database ?? (() => createDatabase(options.engine ?? 'pglite')),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.chains ? { chains: options.chains } : {}),
  });
  const request = (
    method: string,
    path: string,
    body: unknown,
    key?: string,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${runtime.url}${path}`, {
      method,
      headers: {
        ...(key ? { 'x-api-key': key } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
  return {
    ...runtime,
    async newUser(opts = {}) {
      const email = opts.email ?? `user${++counter}-${process.pid}-${Date.now()}@example.test`;
      const user = await runtime.services.users.create({ email });
      if (opts.wallets !== false) {
        await runtime.services.wallets.create(user.id, { chainType: 'ethereum' });
        await runtime.services.wallets.create(user.id, { chainType: 'solana' });
      }
      const { key } = await runtime.services.apiKeys.create(user.id, { name: 'test' });
      return { userId: user.id, email, key };
    },
    get: (path, key, headers) => request('GET', path, undefined, key, headers),
    post: (path, body, key, headers) => request('POST', path, body, key, headers),
    stop: () => runtime.stop(),
  };
}
