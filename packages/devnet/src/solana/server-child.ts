// Child process entry: the LiteSVM JSON-RPC server, so LiteSVM's synchronous execution never blocks
// the API's event loop. Started by solana-node.ts with an IPC channel; exits when its parent goes away.
// Env: DEVNET_SOLANA_PORT (0 = any free port), DEVNET_SOLANA_SLOT_MS, DEVNET_SOLANA_FINALITY_DEPTH,
// DEVNET_SOLANA_SEED (1: seed the chain with the test mints and pools before reporting ready).
import { bindToParent, reportReady, seedOrExit } from '../child-runtime.ts';
import { type SolanaRpcServer, startSolanaRpcServer } from './rpc-server.ts';
import { seedSolanaChain } from './seed.ts';

let server: SolanaRpcServer | null = null;
bindToParent('solana devnet', async () => {
  await server?.close();
});

server = await startSolanaRpcServer({
  port: Number(process.env.DEVNET_SOLANA_PORT ?? '0'),
  slotMs: Number(process.env.DEVNET_SOLANA_SLOT_MS ?? '400'),
  finalityDepth: Number(process.env.DEVNET_SOLANA_FINALITY_DEPTH ?? '32'),
});
const { url } = server;
if (process.env.DEVNET_SOLANA_SEED === '1') await seedOrExit('solana devnet', () => seedSolanaChain(url));
reportReady(url);
