// Creates the test mints of solana-localnet (one SPL Token, one Token-2022) at their published
// addresses, with real transactions, so the chain looks like any cluster to clients.
import { address, type Instruction, lamports } from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import { getInitializeMint2Instruction } from '@solana-program/token';
import { type SolanaRpc, sendInstructions, solanaRpc, waitForSignature } from './client.ts';
import { DEVNET_MINT_DECIMALS, solanaDevKeys } from './dev-keys.ts';
import { seedSolanaPools, solanaPools } from './swap-pools.ts';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './token-layout.ts';

const MINT_SIZE = 82n;
const AUTHORITY_FUNDING = 1_000_000_000_000n;

/** The test mints' addresses: derived from the published development keys, so no node is asked. */
export async function devnetMints(): Promise<{ splMint: string; token2022Mint: string }> {
  const keys = await solanaDevKeys();
  return { splMint: keys.splMint.address, token2022Mint: keys.token2022Mint.address };
}

/**
 * Everything a new solana-localnet holds: the test mints, then the swap pools with their liquidity.
 * Run inside the node's own process (server-child.ts), before it reports ready.
 */
export async function seedSolanaChain(rpcUrl: string): Promise<void> {
  const rpc = solanaRpc(rpcUrl);
  const mints = await seedSolana(rpc);
  await seedSolanaPools(rpc, await solanaPools(mints));
}

export async function seedSolana(rpc: SolanaRpc): Promise<{ splMint: string; token2022Mint: string }> {
  const keys = await solanaDevKeys();
  const airdrop = await rpc.requestAirdrop(keys.mintAuthority.address, lamports(AUTHORITY_FUNDING)).send();
  await waitForSignature(rpc, airdrop);
  const rent = await rpc.getMinimumBalanceForRentExemption(MINT_SIZE).send();
  const instructions: Instruction[] = [];
  for (const [mint, program] of [
    [keys.splMint, TOKEN_PROGRAM],
    [keys.token2022Mint, TOKEN_2022_PROGRAM],
  ] as const) {
    const programAddress = address(program);
    instructions.push(
      getCreateAccountInstruction({
        payer: keys.mintAuthority,
        newAccount: mint,
        lamports: rent,
        space: MINT_SIZE,
        programAddress,
      }),
      getInitializeMint2Instruction(
        { mint: mint.address, decimals: DEVNET_MINT_DECIMALS, mintAuthority: keys.mintAuthority.address },
        { programAddress },
      ),
    );
  }
  await sendInstructions(rpc, keys.mintAuthority, instructions);
  return devnetMints();
}
