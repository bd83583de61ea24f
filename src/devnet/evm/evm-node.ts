// Parent side of the Hardhat node child process.
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { type ManagedChild, spawnChild } from '../child-process.ts';

export function startEvmNode(opts: { port?: number; logger: Logger }): Promise<ManagedChild> {
  return spawnChild({
    name: 'evm devnet',
    entry: fileURLToPath(new URL('./node-child.ts', import.meta.url)),
    env: { DEVNET_EVM_PORT: String(opts.port ?? 0) },
    logger: opts.logger,
  });
}
