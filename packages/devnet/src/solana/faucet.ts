// requestAirdrop: a real transfer from a faucet account (like solana-test-validator's faucet), so the
// airdrop has a signature, a status and a transaction like any other.
import {
  address,
  appendTransactionMessageInstruction,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getTransactionEncoder,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import type { SolanaChain } from './chain.ts';
import { RPC_INTERNAL_ERROR, RpcError } from './rpc-errors.ts';

const FAUCET_RESERVE = 10n ** 18n;
const encoder = getTransactionEncoder();

export class Faucet {
  private constructor(
    private readonly chain: SolanaChain,
    private readonly signer: KeyPairSigner,
  ) {}

  static async create(chain: SolanaChain): Promise<Faucet> {
    const signer = await generateKeyPairSigner();
    chain.creditAccount(signer.address, FAUCET_RESERVE);
    return new Faucet(chain, signer);
  }

  async airdrop(to: string, amount: bigint): Promise<string> {
    // Two equal airdrops within one blockhash would share a signature: rotate the blockhash then.
    for (let attempt = 0; attempt < 3; attempt++) {
      const latest = this.chain.latestBlockhash();
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(this.signer, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: latest.blockhash as Blockhash, lastValidBlockHeight: latest.lastValidBlockHeight },
            m,
          ),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({
              source: this.signer,
              destination: address(to),
              amount: lamports(amount),
            }),
            m,
          ),
      );
      const signed = await signTransactionMessageWithSigners(message);
      const wire = new Uint8Array(encoder.encode(signed));
      try {
        return this.chain.send(wire, { skipPreflight: false });
      } catch (err) {
        if (
          err instanceof RpcError &&
          (err.data as { err?: unknown } | undefined)?.err === 'AlreadyProcessed'
        ) {
          this.chain.rotateBlockhash();
          continue;
        }
        throw new RpcError(RPC_INTERNAL_ERROR, `airdrop request failed: ${(err as Error).message}`);
      }
    }
    throw new RpcError(RPC_INTERNAL_ERROR, 'airdrop request failed: could not produce a unique transaction');
  }
}
