// Addresses, keys and compiled contracts of evm-localnet. The deployer key is published on purpose
// (development only): deploying the test token as its first transaction gives the token the same
// address on every start.
import { readFileSync } from 'node:fs';
import { type Abi, defineChain, getContractAddress, type Hex, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { sourcePath } from '../package-paths.ts';

export const EVM_CHAIN_ID = 31337;
/** Canonical Multicall3 address on public chains; the devnet puts our Multicall3 code there. */
export const MULTICALL3_ADDRESS = '0xcA11bde05977b3631167028862bE2a173976CA11' as const;
/** Hardhat's first unlocked development account; the faucet sends from it with eth_sendTransaction. */
export const FAUCET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
// sha256('wallet-automation-api devnet: evm deployer')
export const DEPLOYER_PRIVATE_KEY: Hex = '0x82a1337bcc19a84543575497938ee0379a56c8a319af3dc3f9e9c5228a24e256';
export const deployer = privateKeyToAccount(DEPLOYER_PRIVATE_KEY);
export const TEST_TOKEN_ADDRESS = getContractAddress({ from: deployer.address, nonce: 0n });
export const TEST_TOKEN = { name: 'Devnet Test USD', symbol: 'TUSD', decimals: 6 } as const;

export const testTokenAbi = parseAbi([
  'function mint(address to, uint256 value)',
  'function balanceOf(address owner) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
]);

export interface CompiledContract {
  contractName: string;
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
}

export function loadCompiled(name: 'TestToken' | 'Multicall3' | 'DevnetSwapRouter'): CompiledContract {
  return JSON.parse(readFileSync(sourcePath('evm', 'compiled', `${name}.json`), 'utf8')) as CompiledContract;
}

export function evmLocalnetChain(rpcUrl: string) {
  return defineChain({
    id: EVM_CHAIN_ID,
    name: 'EVM Localnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS, blockCreated: 0 } },
  });
}
