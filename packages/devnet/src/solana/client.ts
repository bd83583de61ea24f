// Client-side helpers over JSON-RPC (@solana/kit), used by the devnet's seeding and funding from any
// process. Confirmation polls getSignatureStatuses: the node has no WebSocket subscriptions.
import {
  appendTransactionMessageInstructions,
  type Commitment,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit';

export type SolanaRpc = Rpc<SolanaRpcApi>;

export function solanaRpc(url: string): SolanaRpc {
  return createSolanaRpc(url);
}

export async function waitForSignature(
  rpc: SolanaRpc,
  signature: Signature,
  opts: { commitment?: Commitment; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  const wanted = opts.commitment ?? 'confirmed';
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    const status = value[0];
    if (status?.err)
      throw new Error(`transaction ${signature} failed: ${JSON.stringify(status.err, bigintJson)}`);
    if (status && (wanted !== 'finalized' || status.confirmationStatus === 'finalized')) return;
    if (Date.now() > deadline) throw new Error(`transaction ${signature} not confirmed in time`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function bigintJson(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** Builds, signs, sends (with preflight) and confirms one transaction; returns its signature. */
export async function sendInstructions(
  rpc: SolanaRpc,
  feePayer: TransactionSigner,
  instructions: Instruction[],
): Promise<Signature> {
  const { value: latest } = await rpc.getLatestBlockhash().send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
    .send();
  await waitForSignature(rpc, signature);
  return signature;
}
