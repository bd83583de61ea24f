// Parent side of the Hardhat node child process.
import type { Logger } from 'pino';
import { type ManagedChild, spawnChild } from '../child-process.ts';
import { childEntry } from '../package-paths.ts';

export function startEvmNode(opts: { port?: number | undefined; logger: Logger }): Promise<ManagedChild> {
  return spawnChild({
    name: 'evm devnet',
    ...childEntry('evm/node-child'),
    env: { DEVNET_EVM_PORT: String(opts.port ?? 0) },
    logger: opts.logger,
  });
}
