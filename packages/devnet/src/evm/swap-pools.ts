// The AMM of evm-localnet: a second test token and the DevnetSwapRouter pools (contracts/), deployed
// as the deployer's second and third transactions so their addresses are the same on every start,
// then given liquidity (seed.ts). The local aggregator quotes and builds swaps against them.
import { type Address, getContractAddress, parseAbi } from 'viem';
import { deployer, TEST_TOKEN, TEST_TOKEN_ADDRESS } from './contracts.ts';

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
