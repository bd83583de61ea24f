// What a simulation must leave as it was: the wallet on chain (nonce, balances) and the user's rows
// in the database (transactions, Idempotency-Keys, the API keys' spend ledger).
import { address, createSolanaRpc } from '@solana/kit';
import { type Address, createPublicClient, erc20Abi, http } from 'viem';
import type { UserId } from '../../src/domain/ids.ts';
import type { TestApp } from '../support/app.ts';
import type { DevnetInfo } from '../support/devnet.ts';

export function chainFootprint(app: TestApp, info: DevnetInfo) {
  const evm = createPublicClient({ transport: http(info.evm.rpcUrl) });
  const solana = createSolanaRpc(info.solana.rpcUrl);
  const count = async (sql: string, userId: string) =>
    (await app.db.query<{ n: number }>(sql, [userId]))[0]?.n ?? 0;
  async function records(userId: UserId) {
    return {
      transactions: await count('select count(*)::int as n from transactions where user_id = $1', userId),
      idempotencyKeys: await count(
        'select count(*)::int as n from idempotency_keys where user_id = $1',
        userId,
      ),
      spend: await count(
        'select count(*)::int as n from api_key_spend s join api_keys k on k.id = s.key_id where k.user_id = $1',
        userId,
      ),
    };
  }
  return {
    async evm(user: { userId: UserId; address: Address }) {
      return {
        nonce: await evm.getTransactionCount({ address: user.address, blockTag: 'pending' }),
        balance: await evm.getBalance({ address: user.address }),
        tusd: await evm.readContract({
          address: info.evm.testToken.address as Address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [user.address],
        }),
        ...(await records(user.userId)),
      };
    },
    async solana(user: { userId: UserId }, wallet: string, mint: string) {
      const lamports = (await solana.getBalance(address(wallet), { commitment: 'confirmed' }).send()).value;
      const accounts = await solana
        .getTokenAccountsByOwner(address(wallet), { mint: address(mint) }, { encoding: 'jsonParsed' })
        .send();
      const tokens = accounts.value.map((a) => a.account.data.parsed.info.tokenAmount.amount);
      return { lamports, tokens, ...(await records(user.userId)) };
    },
    async tokenAccountRent(): Promise<bigint> {
      return solana.getMinimumBalanceForRentExemption(165n).send();
    },
  };
}
