import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import type { Operator } from '../app/operator.ts';
import { localOperator } from '../app/operator.ts';
import { bootCli } from '../boot/boot-cli.ts';
import type { Config } from '../config/config.ts';
import { AppError } from '../errors/app-error.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import { ADMIN_FILE } from '../schemas/admin-endpoint.ts';

export interface OperatorConnection {
  operator: Operator;
  /** Where the operations run: 'server' (through a running server) or 'database' (directly). */
  via: 'server' | 'database';
  close(): Promise<void>;
}

const ADMIN_TIMEOUT_MS = 30_000;

/** The running server's admin endpoint, if one is serving this data directory. */
async function findRunningServer(dataDir: string): Promise<{ url: string; token: string } | null> {
  const file = join(dataDir, ADMIN_FILE);
  if (!existsSync(file)) return null;
  const admin = JSON.parse(readFileSync(file, 'utf8')) as { url: string; token: string };
  try {
    await fetch(`${admin.url}/admin/operator`, { method: 'HEAD', signal: AbortSignal.timeout(2000) });
    return admin;
  } catch {
    return null; // a file left by a server that died: the database is free to open directly
  }
}

function remoteOperator(admin: { url: string; token: string }): Operator {
  const call = async (op: string, input: unknown) => {
    const res = await fetch(`${admin.url}/admin/operator`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ op, input }),
      signal: AbortSignal.timeout(ADMIN_TIMEOUT_MS),
    });
    const body = (await res.json()) as { result?: unknown; error?: string; code?: ErrorCode };
    if (!res.ok)
      throw new AppError(
        body.code ?? 'INTERNAL_ERROR',
        body.error ?? `admin endpoint answered ${res.status}`,
      );
    return body.result;
  };
  return new Proxy({} as Operator, {
    get: (_target, op: string) => (input: unknown) => call(op, input),
  });
}

/**
 * Connects the CLI: with DATABASE_URL straight to PostgreSQL; on the embedded database through the
 * server that holds it, or directly (under the data directory lock, src/boot/boot-cli.ts) when none
 * is running.
 */
export async function connectOperator(config: Config): Promise<OperatorConnection> {
  if (!config.DATABASE_URL) {
    const admin = await findRunningServer(config.DATA_DIR);
    if (admin) return { operator: remoteOperator(admin), via: 'server', close: async () => {} };
  }
  const booted = await bootCli(config);
  return { operator: localOperator(booted.services), via: 'database', close: () => booted.close() };
}

export const silentLogger = pino({ level: 'silent' });
