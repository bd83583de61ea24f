// Seeds a fresh Hardhat node: the test ERC20 (first transaction of the published deployer, so a
// stable address) and Multicall3's code at its canonical address.
import { createTestClient, createWalletClient, http, publicActions } from 'viem';
import {
  deployer,
  evmLocalnetChain,
  FAUCET_ADDRESS,
  loadCompiled,
  MULTICALL3_ADDRESS,
  TEST_TOKEN,
  TEST_TOKEN_ADDRESS,
} from './contracts.ts';

const FAUCET_BALANCE = 2n ** 128n;

export async function seedEvm(rpcUrl: string): Promise<void> {
  const chain = evmLocalnetChain(rpcUrl);
  const transport = http(rpcUrl);
  const test = createTestClient({ mode: 'hardhat', chain, transport }).extend(publicActions);
  await test.setBalance({ address: deployer.address, value: 10n ** 21n });
  await test.setBalance({ address: FAUCET_ADDRESS, value: FAUCET_BALANCE });

  const token = loadCompiled('TestToken');
  const nonce = await test.getTransactionCount({ address: deployer.address });
  if (nonce !== 0)
    throw new Error(`evm devnet is not fresh: deployer ${deployer.address} has nonce ${nonce}`);
  const wallet = createWalletClient({ account: deployer, chain, transport });
  const hash = await wallet.deployContract({
    abi: token.abi,
    bytecode: token.bytecode,
    args: [TEST_TOKEN.name, TEST_TOKEN.symbol],
    nonce: 0,
  });
  const receipt = await test.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (
    receipt.status !== 'success' ||
    receipt.contractAddress?.toLowerCase() !== TEST_TOKEN_ADDRESS.toLowerCase()
  ) {
    throw new Error(`test token deployment failed (${receipt.status}, ${receipt.contractAddress})`);
  }
  await test.setCode({ address: MULTICALL3_ADDRESS, bytecode: loadCompiled('Multicall3').deployedBytecode });
}
