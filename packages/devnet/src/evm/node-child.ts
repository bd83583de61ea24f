// Child process entry: a Hardhat node (EDR) on 127.0.0.1. Started by evm-node.ts with an IPC channel;
// exits when its parent goes away. Env: DEVNET_EVM_PORT (0 = any free port).

import { bindToParent, reportReady } from '../child-runtime.ts';
import { sourcePath } from '../package-paths.ts';

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
reportReady(`http://127.0.0.1:${listening.port}`);
