import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { createSolanaRpc } from '@solana/kit';
import { createPublicClient, http, type PublicClient } from 'viem';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { loadConfig } from '../../src/config/config.ts';
import type { UserId } from '../../src/domain/ids.ts';
import type { Database } from '../../src/store/database.ts';
import type { Clock } from '../../src/support/clock.ts';
import { startTestApp, type TestApp } from './app.ts';
import { type DevnetInfo, useDevnet } from './devnet.ts';

/** The real service wired to the development network, with limits raised for tests. */
export async function startChainApp(
  options: {
    evmRpcUrl?: string;
    solanaRpcUrl?: string;
    env?: Record<string, string>;
    /** The id of the EVM development chain now running (a restart changes it). */
    evmInstance?: () => string;
    clock?: Clock;
    engine?: 'pglite' | 'postgres';
    database?: Database;
  } = {},
): Promise<{
  app: TestApp;
  info: DevnetInfo;
  evm: PublicClient;
  solana: ReturnType<typeof createSolanaRpc>;
}> {
  const info = await useDevnet();
  // Per-chain settings of the test's environment (confirmations, fee caps) apply to the chains too.
  const { chainOverrides } = loadConfig({ DATA_DIR: tmpdir(), ...options.env });
  const chains = createChainRegistry(chainOverrides, {
    'evm-localnet': {
      rpcUrl: options.evmRpcUrl ?? info.evm.rpcUrl,
      ...(options.evmInstance ? { instance: options.evmInstance } : {}),
    },
    'solana-localnet': { rpcUrl: options.solanaRpcUrl ?? info.solana.rpcUrl },
  });
  const app = await startTestApp({
    chains,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.database ? { database: options.database } : {}),
    env: {
      RATE_LIMIT_READ_PER_MINUTE: '100000',
      RATE_LIMIT_WRITE_PER_MINUTE: '100000',
      TRACKER_INTERVAL_MS: '200',
      RPC_TIMEOUT_MS: '5000',
      ...options.env,
    },
  });
  return {
    app,
    info,
    evm: createPublicClient({ transport: http(info.evm.rpcUrl) }),
    solana: createSolanaRpc(info.solana.rpcUrl),
  };
}

/** A write through the API with a fresh (or given) Idempotency-Key. */
export function write(
  app: TestApp,
  path: string,
  body: unknown,
  key: string,
  idempotencyKey: string = randomUUID(),
) {
  return app.post(`/api/v1${path}`, body, key, { 'idempotency-key': idempotencyKey });
}

// biome-ignore lint/suspicious/noExplicitAny: the Transaction resource as the API returns it
type TransactionJson = Record<string, any>;

/** Polls GET /tx/{id} until `done` holds for the transaction (the tracker or the lookup moves it). */
export async function waitForTx(
  app: TestApp,
  id: string,
  key: string,
  done: (tx: TransactionJson) => boolean,
  timeoutMs = 60_000,
): Promise<TransactionJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.get(`/api/v1/tx/${id}`, key);
    const tx = (await res.json()) as TransactionJson;
    if (done(tx)) return tx;
    if (Date.now() > deadline) throw new Error(`transaction ${id} still ${JSON.stringify(tx)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls GET /tx/{id} until the transaction is final (the tracker or the lookup moves it). */
export const waitForFinal = (app: TestApp, id: string, key: string, timeoutMs = 60_000) =>
  waitForTx(app, id, key, (tx) => tx.status === 'CONFIRMED' || tx.status === 'FAILED', timeoutMs);

/** The user's default wallet address of a chain type. */
export async function walletOf(app: TestApp, userId: UserId, chainType: 'ethereum' | 'solana') {
  const [w] = await app.services.wallets.list(userId, { chain: chainType, defaultOnly: true });
  if (!w) throw new Error(`no ${chainType} wallet`);
  return w.address;
}
