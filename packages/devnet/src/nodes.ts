// The two nodes of the development network, launched on their own: a light module (no viem, no
// Solana client), so the service can spawn them first thing and they start, and seed their chains,
// while it loads the rest of itself. startDevnet (devnet.ts) takes them over.
import type { Logger } from 'pino';
import type { ManagedChild } from './child-process.ts';
import { startEvmNode } from './evm/evm-node.ts';
import { startSolanaNode } from './solana/solana-node.ts';

export interface DevnetNodeOptions {
  evmPort?: number | undefined;
  solanaPort?: number | undefined;
  /** Solana slot duration (default 400 ms, like a validator). */
  solanaSlotMs?: number | undefined;
  logger: Logger;
}

export interface DevnetNodes {
  /** Each settles once its node is up with its chain seeded (or failed to). */
  evm: Promise<ManagedChild>;
  solana: Promise<ManagedChild>;
  /** Stops whichever node came up (also when nobody took the nodes over). */
  stop(): Promise<void>;
}

export function launchDevnetNodes(opts: DevnetNodeOptions): DevnetNodes {
  const evm = startEvmNode({ port: opts.evmPort, seed: true, logger: opts.logger });
  const solana = startSolanaNode({
    port: opts.solanaPort,
    slotMs: opts.solanaSlotMs,
    seed: true,
    logger: opts.logger,
  });
  // A node failing before anyone awaits it is not an unhandled rejection: whoever takes the nodes
  // over sees the failure.
  for (const node of [evm, solana]) node.catch(() => {});
  return {
    evm,
    solana,
    async stop() {
      const started = await Promise.allSettled([evm, solana]);
      await Promise.allSettled(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    },
  };
}
