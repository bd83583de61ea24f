// Contracts and accounts on evm-localnet for the balance tests: many ERC20s, tokens with odd
// metadata, and a funded account of our own that can move tokens into a wallet.
import { readFileSync } from 'node:fs';
import { evmLocalnetChain, loadCompiled } from '@wallet-api/devnet/evm/contracts';
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { type FundRequest, fund } from '../support/devnet.ts';

const odd = JSON.parse(
  readFileSync(new URL('../fixtures/evm/odd-tokens.json', import.meta.url), 'utf8'),
) as Record<'Bytes32SymbolToken' | 'BareToken' | 'GasBurnerToken', { abi: Abi; bytecode: Hex }>;

const tokenAbi = parseAbi([
  'function mint(address to, uint256 value)',
  'function transfer(address to, uint256 value) returns (bool)',
]);

export interface EvmActor {
  account: PrivateKeyAccount;
  client: PublicClient;
  /** Deploys contracts and waits for all; returns their addresses. */
  deploy(contracts: { abi: Abi; bytecode: Hex; args?: unknown[] }[]): Promise<Address[]>;
  /** Mints `amount` of each token to `to` (the test tokens' mint is open to anyone). */
  mint(tokens: Address[], to: Address, amount: bigint): Promise<void>;
  transfer(token: Address, to: Address, amount: bigint): Promise<void>;
}

/** A fresh account with 10 ETH, to deploy and move tokens as a user's counterparty would. */
export async function evmActor(
  rpcUrl: string,
  fundWith: (req: FundRequest) => Promise<void> = fund,
): Promise<EvmActor> {
  const account = privateKeyToAccount(generatePrivateKey());
  await fundWith({ chain: 'evm-localnet', address: account.address, amount: 10n ** 19n });
  const chain = evmLocalnetChain(rpcUrl);
  const client = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient;
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) });
  // One after the other: the node mines each on arrival and refuses a nonce ahead of its count.
  const sendAll = async (send: (nonce: number, i: number) => Promise<Hex>, count: number) => {
    const first = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const hashes: Hex[] = [];
    for (let i = 0; i < count; i++) hashes.push(await send(first + i, i));
    return Promise.all(
      hashes.map(async (hash) => {
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
        if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
        return receipt;
      }),
    );
  };
  return {
    account,
    client,
    async deploy(contracts) {
      const receipts = await sendAll(
        (nonce, i) =>
          wallet.deployContract({
            abi: contracts[i]!.abi,
            bytecode: contracts[i]!.bytecode,
            args: contracts[i]!.args ?? [],
            nonce,
          }),
        contracts.length,
      );
      return receipts.map((r) => r.contractAddress!);
    },
    async mint(tokens, to, amount) {
      await sendAll(
        (nonce, i) =>
          wallet.writeContract({
            address: tokens[i]!,
            abi: tokenAbi,
            functionName: 'mint',
            args: [to, amount],
            nonce,
          }),
        tokens.length,
      );
    },
    async transfer(token, to, amount) {
      await sendAll(
        (nonce) =>
          wallet.writeContract({
            address: token,
            abi: tokenAbi,
            functionName: 'transfer',
            args: [to, amount],
            nonce,
          }),
        1,
      );
    },
  };
}

/** `count` test ERC20s (6 decimals) named T0, T1… */
export function testTokens(count: number) {
  const token = loadCompiled('TestToken');
  return Array.from({ length: count }, (_, i) => ({
    abi: token.abi,
    bytecode: token.bytecode,
    args: [`Test token ${i}`, `T${i}`],
  }));
}

export const bytes32SymbolToken = {
  abi: odd.Bytes32SymbolToken.abi,
  bytecode: odd.Bytes32SymbolToken.bytecode,
};
export const bareToken = { abi: odd.BareToken.abi, bytecode: odd.BareToken.bytecode };
export const gasBurnerToken = { abi: odd.GasBurnerToken.abi, bytecode: odd.GasBurnerToken.bytecode };
