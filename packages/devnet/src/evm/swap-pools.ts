// The AMM of evm-localnet: a second test token and the DevnetSwapRouter pools (contracts/), deployed
// as the deployer's second and third transactions so their addresses are the same on every start,
// then given liquidity. The local aggregator quotes and builds swaps against them.
import { readFileSync } from 'node:fs';
import {
  type Address,
  createTestClient,
  createWalletClient,
  getContractAddress,
  type Hex,
  http,
  parseAbi,
  publicActions,
} from 'viem';
import { sourcePath } from '../package-paths.ts';
import { deployer, evmLocalnetChain, TEST_TOKEN, TEST_TOKEN_ADDRESS, testTokenAbi } from './contracts.ts';

/** 1inch's placeholder for the native coin; the router uses it too. */
export const EVM_NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as const;
export const SECOND_TOKEN = { name: 'Devnet Test EUR', symbol: 'TEUR', decimals: 6 } as const;
export const SECOND_TOKEN_ADDRESS = getContractAddress({ from: deployer.address, nonce: 1n });
export const SWAP_ROUTER_ADDRESS = getContractAddress({ from: deployer.address, nonce: 2n });
/** The router's liquidity source id, as 1inch names its protocols. */
export const DEVNET_PROTOCOL = 'DEVNET_CPMM';

export const swapRouterAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB) payable',
  'function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256)',
  'function reserves(address a, address b) view returns (uint256)',
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address recipient) payable returns (uint256)',
  'error NoPool(address tokenIn, address tokenOut)',
  'error InsufficientOutput(uint256 amountOut, uint256 minAmountOut)',
  'error WrongValue(uint256 sent, uint256 expected)',
]);

const erc20Approve = parseAbi(['function approve(address spender, uint256 value) returns (bool)']);

const ETH = 10n ** 18n;
const UNIT = 10n ** 6n;
/** Initial pools: every pair of ETH, TUSD and TEUR, so any two tradable tokens have a direct route. */
export const EVM_POOLS: ReadonlyArray<{ a: Address; b: Address; amountA: bigint; amountB: bigint }> = [
  { a: EVM_NATIVE, b: TEST_TOKEN_ADDRESS, amountA: 1_000n * ETH, amountB: 2_000_000n * UNIT },
  { a: TEST_TOKEN_ADDRESS, b: SECOND_TOKEN_ADDRESS, amountA: 1_000_000n * UNIT, amountB: 900_000n * UNIT },
  { a: EVM_NATIVE, b: SECOND_TOKEN_ADDRESS, amountA: 500n * ETH, amountB: 900_000n * UNIT },
];

/** The tokens the local aggregator trades (and lists at /tokens). */
export const EVM_TRADABLE_TOKENS = [
  { address: EVM_NATIVE, symbol: 'ETH', name: 'Ether', decimals: 18 },
  { address: TEST_TOKEN_ADDRESS, symbol: TEST_TOKEN.symbol, name: TEST_TOKEN.name, decimals: 6 },
  { address: SECOND_TOKEN_ADDRESS, symbol: SECOND_TOKEN.symbol, name: SECOND_TOKEN.name, decimals: 6 },
] as const;

function loadArtifact(name: string): { bytecode: Hex; abi: unknown[] } {
  return JSON.parse(readFileSync(sourcePath('evm', 'compiled', `${name}.json`), 'utf8'));
}

/** Runs after `seedEvm` (the test token is the deployer's nonce 0). */
export async function seedEvmPools(rpcUrl: string): Promise<void> {
  const chain = evmLocalnetChain(rpcUrl);
  const transport = http(rpcUrl);
  const test = createTestClient({ mode: 'hardhat', chain, transport }).extend(publicActions);
  const wallet = createWalletClient({ account: deployer, chain, transport });
  const nativeNeeded = EVM_POOLS.reduce((sum, p) => sum + (p.a === EVM_NATIVE ? p.amountA : 0n), 0n);
  await test.setBalance({ address: deployer.address, value: nativeNeeded + 10n ** 21n });

  let nonce = await test.getTransactionCount({ address: deployer.address });
  if (nonce !== 1) throw new Error(`evm devnet: the pools expect deployer nonce 1, found ${nonce}`);
  const token = loadArtifact('TestToken');
  const router = loadArtifact('DevnetSwapRouter');
  const hashes: Hex[] = [];
  hashes.push(
    await wallet.deployContract({
      abi: token.abi,
      bytecode: token.bytecode,
      args: [SECOND_TOKEN.name, SECOND_TOKEN.symbol],
      nonce: nonce++,
    }),
  );
  hashes.push(await wallet.deployContract({ abi: router.abi, bytecode: router.bytecode, nonce: nonce++ }));
  // Hardhat mines each transaction as it arrives, so the next one sees the previous one's effects.
  for (const [address, amount] of [
    [TEST_TOKEN_ADDRESS, 3_000_000n * UNIT],
    [SECOND_TOKEN_ADDRESS, 1_800_000n * UNIT],
  ] as const) {
    hashes.push(
      await wallet.writeContract({
        address,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [deployer.address, amount],
        nonce: nonce++,
      }),
      await wallet.writeContract({
        address,
        abi: erc20Approve,
        functionName: 'approve',
        args: [SWAP_ROUTER_ADDRESS, amount],
        nonce: nonce++,
      }),
    );
  }
  for (const pool of EVM_POOLS)
    hashes.push(
      await wallet.writeContract({
        address: SWAP_ROUTER_ADDRESS,
        abi: swapRouterAbi,
        functionName: 'addLiquidity',
        args: [pool.a, pool.b, pool.amountA, pool.amountB],
        value: (pool.a === EVM_NATIVE ? pool.amountA : 0n) + (pool.b === EVM_NATIVE ? pool.amountB : 0n),
        nonce: nonce++,
        gas: 300_000n,
      }),
    );
  for (const hash of hashes) {
    const receipt = await test.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    if (receipt.status !== 'success')
      throw new Error(`evm devnet: pool seeding transaction ${hash} reverted`);
  }
}
