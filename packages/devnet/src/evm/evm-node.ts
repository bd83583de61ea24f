// Parent side of the Hardhat node child process.
import type { Logger } from 'pino';
import { type ManagedChild, spawnChild } from '../child-process.ts';
import { childEntry } from '../package-paths.ts';

/**
 * `seed`: the node seeds its chain itself (the test tokens, Multicall3, the swap pools) before it
 * reports ready; in its own process the work runs beside the service's start-up instead of on the
 * service's thread.
 */
export function startEvmNode(opts: {
  port?: number | undefined;
  seed?: boolean;
  logger: Logger;
}): Promise<ManagedChild> {
  return spawnChild({
    name: 'evm devnet',
    ...childEntry('evm/node-child'),
    env: { DEVNET_EVM_PORT: String(opts.port ?? 0), DEVNET_EVM_SEED: opts.seed ? '1' : '0' },
    logger: opts.logger,
  });
}
