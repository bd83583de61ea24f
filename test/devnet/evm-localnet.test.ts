// @needs devnet
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { EVM_FAUCET_ADDRESS } from '@wallet-api/devnet';
import { evmLocalnetChain, TEST_TOKEN_ADDRESS } from '@wallet-api/devnet/evm/contracts';
import { SEED_PLAN_FILE } from '@wallet-api/devnet/evm/seed';
import { evmSeedPlan, seedPlanFile } from '@wallet-api/devnet/evm/seed-plan';
import { createPublicClient, createWalletClient, http, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { fund, useDevnet } from '../support/devnet.ts';

const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function decimals() view returns (uint8)',
  'function symbol() view returns (string)',
]);

const info = await useDevnet();
const chain = evmLocalnetChain(info.evm.rpcUrl);
const client = createPublicClient({ chain, transport: http(info.evm.rpcUrl) });

describe('evm-localnet', () => {
  test('the seeding plan the node runs is the one seed-plan.ts makes (else: npm run contracts:compile)', () => {
    const written = JSON.parse(readFileSync(SEED_PLAN_FILE, 'utf8'));
    assert.deepEqual(written, JSON.parse(JSON.stringify(seedPlanFile(evmSeedPlan()))));
  });

  test("has Hardhat's 20 default development accounts, the faucet first", async () => {
    const wallet = createWalletClient({ chain, transport: http(info.evm.rpcUrl) });
    const accounts = await wallet.getAddresses();
    assert.equal(accounts.length, 20);
    assert.equal(accounts[0]?.toLowerCase(), EVM_FAUCET_ADDRESS.toLowerCase());
    // The last of the well-known list (mnemonic "test test … junk", index 19).
    assert.equal(accounts[19]?.toLowerCase(), '0x8626f6940e2eb28930efb4cef49b2d1f2c9c1199');
  });

  test('is chain 31337 with the test token at its published address', async () => {
    assert.equal(await client.getChainId(), 31337);
    assert.equal(info.evm.testToken.address, TEST_TOKEN_ADDRESS);
    const token = info.evm.testToken.address;
    assert.equal(await client.readContract({ address: token, abi: erc20, functionName: 'decimals' }), 6);
    assert.equal(
      await client.readContract({ address: token, abi: erc20, functionName: 'symbol' }),
      info.evm.testToken.symbol,
    );
  });

  test('an ERC20 transfer sent through viem lands and moves both balances', async () => {
    const alice = privateKeyToAccount(generatePrivateKey());
    const bob = privateKeyToAccount(generatePrivateKey());
    const token = info.evm.testToken.address;
    await fund({ chain: 'evm-localnet', address: alice.address, amount: 10n ** 18n });
    await fund({ chain: 'evm-localnet', address: alice.address, amount: 5_000_000n, token });
    assert.equal(await client.getBalance({ address: alice.address }), 10n ** 18n);

    const wallet = createWalletClient({ account: alice, chain, transport: http(info.evm.rpcUrl) });
    const hash = await wallet.writeContract({
      address: token,
      abi: erc20,
      functionName: 'transfer',
      args: [bob.address, 1_500_000n],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, 'success');

    const balance = (owner: `0x${string}`) =>
      client.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [owner] });
    assert.equal(await balance(alice.address), 3_500_000n);
    assert.equal(await balance(bob.address), 1_500_000n);
  });

  test('balances batch through Multicall3 at its canonical address, as on public chains', async () => {
    const owners = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())];
    await fund({
      chain: 'evm-localnet',
      address: owners[0]!.address,
      amount: 7n,
      token: info.evm.testToken.symbol,
    });
    assert.ok(await client.getCode({ address: info.evm.multicall3 }));
    const results = await client.multicall({
      contracts: owners.map((o) => ({
        address: info.evm.testToken.address,
        abi: erc20,
        functionName: 'balanceOf' as const,
        args: [o.address] as const,
      })),
    });
    assert.deepEqual(
      results.map((r) => r.result),
      [7n, 0n],
    );
    const eth = await client.multicall({
      contracts: [
        {
          address: info.evm.multicall3,
          abi: parseAbi(['function getEthBalance(address) view returns (uint256)']),
          functionName: 'getEthBalance',
          args: [owners[0]!.address],
        },
      ],
      allowFailure: false,
    });
    assert.deepEqual(eth, [0n]);
  });
});
