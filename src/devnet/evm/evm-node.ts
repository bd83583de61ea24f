// Parent side of the Hardhat node child process.
import type { Logger } from 'pino';
import { childEntry } from '../../support/project-paths.ts';
import { type ManagedChild, spawnChild } from '../child-process.ts';

export function startEvmNode(opts: { port?: number; logger: Logger }): Promise<ManagedChild> {
  return spawnChild({
    name: 'evm devnet',
    ...childEntry('devnet/evm/node-child'),
    env: { DEVNET_EVM_PORT: String(opts.port ?? 0) },
    logger: opts.logger,
  });
}
