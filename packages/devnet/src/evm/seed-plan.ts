// What a new evm-localnet holds, as the JSON-RPC requests that make it: the test token TUSD (the
// published deployer's first transaction, so a stable address), then the second token TEUR and the
// swap router (its second and third transactions), the router's pools with their liquidity, and
// Multicall3's code at its canonical address.
//
// The plan is data: `npm run contracts:compile` writes it to compiled/evm-seed.json beside the
// contracts it deploys (a test checks the file against this code), and the node runs it in its own
// process (seed.ts), with no ABI library to load there. The deployer is impersonated, so the node
// signs and prices each transaction itself, and explicit gas limits spare an estimate each.
import { type Address, encodeDeployData, encodeFunctionData, type Hex, parseAbi } from 'viem';
import {
  deployer,
  FAUCET_ADDRESS,
  loadCompiled,
  MULTICALL3_ADDRESS,
  TEST_TOKEN,
  TEST_TOKEN_ADDRESS,
  testTokenAbi,
} from './contracts.ts';
import {
  EVM_NATIVE,
  EVM_POOLS,
  SECOND_TOKEN,
  SECOND_TOKEN_ADDRESS,
  SWAP_ROUTER_ADDRESS,
  swapRouterAbi,
} from './swap-pools.ts';

const FAUCET_BALANCE = 2n ** 128n;
const UNIT = 10n ** 6n;
/** Gas limits well above what each step uses (a block holds 30 million). */
const DEPLOY_GAS = 5_000_000n;
const CALL_GAS = 300_000n;

const erc20Approve = parseAbi(['function approve(address spender, uint256 value) returns (bool)']);
const hex = (n: bigint) => `0x${n.toString(16)}`;

export interface SeedStep {
  method: string;
  params: unknown[];
  /** The result is a transaction hash: its receipt must say success (and this contract address). */
  receipt?: { contractAddress?: Address };
}

/** compiled/evm-seed.json's content. */
export function seedPlanFile(steps: SeedStep[]): { generatedBy: string; steps: SeedStep[] } {
  return { generatedBy: 'npm run contracts:compile (src/evm/seed-plan.ts)', steps };
}

export function evmSeedPlan(): SeedStep[] {
  const nativeInPools = EVM_POOLS.reduce((sum, p) => sum + (p.a === EVM_NATIVE ? p.amountA : 0n), 0n);
  const token = loadCompiled('TestToken');
  const router = loadCompiled('DevnetSwapRouter');
  // Hardhat mines each transaction as it arrives, so the next one sees the previous one's effects.
  const transactions: Array<{ to?: Address; data: Hex; value?: bigint; gas: bigint; deploys?: Address }> = [
    {
      data: encodeDeployData({
        abi: token.abi,
        bytecode: token.bytecode,
        args: [TEST_TOKEN.name, TEST_TOKEN.symbol],
      }),
      gas: DEPLOY_GAS,
      deploys: TEST_TOKEN_ADDRESS,
    },
    {
      data: encodeDeployData({
        abi: token.abi,
        bytecode: token.bytecode,
        args: [SECOND_TOKEN.name, SECOND_TOKEN.symbol],
      }),
      gas: DEPLOY_GAS,
      deploys: SECOND_TOKEN_ADDRESS,
    },
    { data: router.bytecode, gas: DEPLOY_GAS, deploys: SWAP_ROUTER_ADDRESS },
  ];
  for (const [address, amount] of [
    [TEST_TOKEN_ADDRESS, 3_000_000n * UNIT],
    [SECOND_TOKEN_ADDRESS, 1_800_000n * UNIT],
  ] as const)
    transactions.push(
      {
        to: address,
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: 'mint',
          args: [deployer.address, amount],
        }),
        gas: CALL_GAS,
      },
      {
        to: address,
        data: encodeFunctionData({
          abi: erc20Approve,
          functionName: 'approve',
          args: [SWAP_ROUTER_ADDRESS, amount],
        }),
        gas: CALL_GAS,
      },
    );
  for (const pool of EVM_POOLS)
    transactions.push({
      to: SWAP_ROUTER_ADDRESS,
      data: encodeFunctionData({
        abi: swapRouterAbi,
        functionName: 'addLiquidity',
        args: [pool.a, pool.b, pool.amountA, pool.amountB],
      }),
      value: (pool.a === EVM_NATIVE ? pool.amountA : 0n) + (pool.b === EVM_NATIVE ? pool.amountB : 0n),
      gas: CALL_GAS,
    });

  return [
    { method: 'hardhat_setBalance', params: [deployer.address, hex(nativeInPools + 10n ** 21n)] },
    { method: 'hardhat_setBalance', params: [FAUCET_ADDRESS, hex(FAUCET_BALANCE)] },
    { method: 'hardhat_impersonateAccount', params: [deployer.address] },
    ...transactions.map((tx, nonce) => ({
      method: 'eth_sendTransaction',
      params: [
        {
          from: deployer.address,
          ...(tx.to ? { to: tx.to } : {}),
          data: tx.data,
          value: hex(tx.value ?? 0n),
          gas: hex(tx.gas),
          nonce: hex(BigInt(nonce)),
        },
      ],
      receipt: tx.deploys ? { contractAddress: tx.deploys } : {},
    })),
    { method: 'hardhat_stopImpersonatingAccount', params: [deployer.address] },
    { method: 'hardhat_setCode', params: [MULTICALL3_ADDRESS, loadCompiled('Multicall3').deployedBytecode] },
  ];
}
