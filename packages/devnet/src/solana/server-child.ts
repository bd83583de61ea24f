// Child process entry: the LiteSVM JSON-RPC server, so LiteSVM's synchronous execution never blocks
// the API's event loop. Started by solana-node.ts with an IPC channel; exits when its parent goes away.
// Env: DEVNET_SOLANA_PORT (0 = any free port), DEVNET_SOLANA_SLOT_MS, DEVNET_SOLANA_FINALITY_DEPTH.
import { bindToParent, reportReady } from '../child-runtime.ts';
import { type SolanaRpcServer, startSolanaRpcServer } from './rpc-server.ts';

let server: SolanaRpcServer | null = null;
bindToParent('solana devnet', async () => {
  await server?.close();
});

server = await startSolanaRpcServer({
  port: Number(process.env.DEVNET_SOLANA_PORT ?? '0'),
  slotMs: Number(process.env.DEVNET_SOLANA_SLOT_MS ?? '400'),
  finalityDepth: Number(process.env.DEVNET_SOLANA_FINALITY_DEPTH ?? '32'),
});
reportReady(server.url);
