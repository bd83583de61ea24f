// Child process entry: a Hardhat node (EDR) on 127.0.0.1. Started by evm-node.ts with an IPC channel;
// exits when its parent goes away. Env: DEVNET_EVM_PORT (0 = any free port), DEVNET_EVM_SEED (1: seed
// the chain with the test tokens and pools before reporting ready).

import { bindToParent, reportReady, seedOrExit } from '../child-runtime.ts';
import { sourcePath } from '../package-paths.ts';
import { seedEvmChain } from './seed.ts';

interface EthereumProvider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

interface HardhatServer {
  listen(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

process.env.HARDHAT_CONFIG = sourcePath('evm', 'hardhat.config.cjs');
process.env.HARDHAT_DISABLE_TELEMETRY_PROMPT = 'true';

let server: HardhatServer | null = null;
bindToParent('evm devnet', async () => {
  await server?.close();
});

const port = Number(process.env.DEVNET_EVM_PORT ?? '0');
const { default: hre } = await import('hardhat');
const names = await import('hardhat/builtin-tasks/task-names.js');
// The `node` task's own subtasks, minus its console banner and compiler-output watcher.
const provider: unknown = await hre.run(names.TASK_NODE_GET_PROVIDER, {});
server = (await hre.run(names.TASK_NODE_CREATE_SERVER, {
  hostname: '127.0.0.1',
  port,
  provider,
})) as HardhatServer;
const listening = await server.listen();
const url = `http://127.0.0.1:${listening.port}`;
if (process.env.DEVNET_EVM_SEED === '1') {
  await seedOrExit('evm devnet', () => seedEvmChain((args) => (provider as EthereumProvider).request(args)));
}
reportReady(url);
