// Funding on solana-localnet from any process: SOL through requestAirdrop, test tokens through a real
// MintToChecked signed with the published mint authority (creating the owner's associated account).

import { randomInt } from 'node:crypto';
import { address, lamports } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getMintToCheckedInstruction,
} from '@solana-program/token';
import { type SolanaRpc, sendInstructions, waitForSignature } from './client.ts';
import { solanaDevKeys } from './dev-keys.ts';
import { decodeMint } from './token-layout.ts';

export async function mintInfo(
  rpc: SolanaRpc,
  mint: string,
): Promise<{ program: string; decimals: number; authority: string | null }> {
  const { value } = await rpc.getAccountInfo(address(mint), { encoding: 'base64' }).send();
  const decoded = value ? decodeMint(value.owner, Buffer.from(value.data[0], 'base64')) : null;
  if (!value || !decoded) throw new Error(`${mint} is not a token mint on solana-localnet`);
  return { program: value.owner, decimals: decoded.decimals, authority: decoded.mintAuthority };
}

export async function fundSolana(
  rpc: SolanaRpc,
  req: { address: string; amount: bigint; token?: string | undefined },
): Promise<void> {
  const owner = address(req.address);
  if (!req.token) {
    const signature = await rpc.requestAirdrop(owner, lamports(req.amount)).send();
    await waitForSignature(rpc, signature);
    return;
  }
  const keys = await solanaDevKeys();
  const mint = await mintInfo(rpc, req.token);
  if (mint.authority !== keys.mintAuthority.address) {
    throw new Error(`cannot mint ${req.token}: its mint authority is not the devnet's published key`);
  }
  const tokenProgram = address(mint.program);
  const mintAddress = address(req.token);
  const [ata] = await findAssociatedTokenPda({ owner, mint: mintAddress, tokenProgram });
  await sendInstructions(rpc, keys.mintAuthority, [
    // A varying limit keeps two identical fundings within one blockhash from sharing a signature.
    getSetComputeUnitLimitInstruction({ units: 200_000 + randomInt(100_000) }),
    await getCreateAssociatedTokenIdempotentInstructionAsync({
      payer: keys.mintAuthority,
      owner,
      mint: mintAddress,
      tokenProgram,
    }),
    getMintToCheckedInstruction(
      {
        mint: mintAddress,
        token: ata,
        mintAuthority: keys.mintAuthority,
        amount: req.amount,
        decimals: mint.decimals,
      },
      { programAddress: tokenProgram },
    ),
  ]);
}
