// Funding on evm-localnet from any process: ETH and test tokens are sent from Hardhat's unlocked
// account #0 with eth_sendTransaction, so the node assigns nonces and concurrent funders never collide.
import { createPublicClient, createWalletClient, getAddress, http } from 'viem';
import { evmLocalnetChain, FAUCET_ADDRESS, testTokenAbi } from './contracts.ts';

export async function fundEvm(
  rpcUrl: string,
  req: { address: string; amount: bigint; token?: string | undefined },
): Promise<void> {
  const chain = evmLocalnetChain(rpcUrl);
  const transport = http(rpcUrl);
  const to = getAddress(req.address);
  const wallet = createWalletClient({ account: FAUCET_ADDRESS, chain, transport });
  const client = createPublicClient({ chain, transport });
  const hash = req.token
    ? await wallet.writeContract({
        address: getAddress(req.token),
        abi: testTokenAbi,
        functionName: 'mint',
        args: [to, req.amount],
      })
    : await wallet.sendTransaction({ to, value: req.amount });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`funding ${to} reverted (transaction ${hash})`);
}

export async function evmTokenDecimals(rpcUrl: string, token: string): Promise<number> {
  const client = createPublicClient({ chain: evmLocalnetChain(rpcUrl), transport: http(rpcUrl) });
  return client.readContract({ address: getAddress(token), abi: testTokenAbi, functionName: 'decimals' });
}
