// Parent side of the LiteSVM RPC server child process.
import type { Logger } from 'pino';
import { type ManagedChild, spawnChild } from '../child-process.ts';
import { childEntry } from '../package-paths.ts';

export interface SolanaNodeOptions {
  port?: number | undefined;
  /** Slot duration; 400 ms like a validator unless a test wants faster expiry. */
  slotMs?: number | undefined;
  finalityDepth?: number;
  /** The node seeds its chain itself (test mints, swap pools) before it reports ready. */
  seed?: boolean;
  logger: Logger;
}

export function startSolanaNode(opts: SolanaNodeOptions): Promise<ManagedChild> {
  return spawnChild({
    name: 'solana devnet',
    ...childEntry('solana/server-child'),
    env: {
      DEVNET_SOLANA_PORT: String(opts.port ?? 0),
      DEVNET_SOLANA_SLOT_MS: String(opts.slotMs ?? 400),
      DEVNET_SOLANA_FINALITY_DEPTH: String(opts.finalityDepth ?? 32),
      DEVNET_SOLANA_SEED: opts.seed ? '1' : '0',
    },
    logger: opts.logger,
  });
}
