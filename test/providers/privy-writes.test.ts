// @needs devnet
// Every write endpoint in Privy mode on the development network: the provider only signs (through
// the local Privy fake), the service builds, broadcasts and tracks, and everything lands.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Address, createPublicClient, encodeFunctionData, erc20Abi, http } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { waitForFinal, write } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { type FakePrivy, linkedPrivyUser, privyEnv, startFakePrivy } from '../support/privy.ts';
import { balanceOf, startTradingApp } from '../trading/trading-app.ts';

const EVM = 'evm-localnet';
const SOL = 'solana-localnet';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());
const newSolanaAddress = async () => {
  const { generateKeyPairSigner } = await import('@solana/kit');
  return (await generateKeyPairSigner()).address;
};

describe('writes in Privy mode on the development network', () => {
  let fake: FakePrivy;
  let app: TestApp;
  let info: Awaited<ReturnType<typeof useDevnet>>;
  before(async () => {
    info = await useDevnet();
    fake = await startFakePrivy();
    app = await startTradingApp(info, privyEnv(fake));
  });
  after(async () => {
    await app?.stop();
    await fake?.close();
  });

  async function fundedUser() {
    const user = await linkedPrivyUser(app, fake);
    await fund({ chain: EVM, address: user.evm, amount: 10n * 10n ** 18n });
    await fund({ chain: EVM, address: user.evm, amount: 1_000_000_000n, token: info.evm.testToken.address });
    await fund({ chain: SOL, address: user.sol, amount: 10n * 10n ** 9n });
    await fund({ chain: SOL, address: user.sol, amount: 1_000_000_000n, token: info.solana.splMint.address });
    return user;
  }

  async function landed(res: Response, key: string) {
    assert.equal(res.status, 200, await res.clone().text());
    const tx = await waitForFinal(app, (await res.json()).id, key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    return tx;
  }

  test('native, ERC20, approve and contract call on EVM are signed by Privy and land', async () => {
    const user = await fundedUser();
    const signedBefore = fake.requests.filter(
      (r) => r.rpcMethod === 'eth_signTransaction' && r.executed,
    ).length;
    const to = randomAddress();
    const token = info.evm.testToken.address as Address;
    const native = await landed(
      await write(app, '/send', { chain: EVM, to, asset: 'native', amount: '1000' }, user.key),
      user.key,
    );
    assert.equal(native.from, user.evm);
    await landed(
      await write(app, '/send', { chain: EVM, to, asset: 'erc20', token, amount: '2500' }, user.key),
      user.key,
    );
    await landed(
      await write(app, '/token/approve', { chain: EVM, token, spender: to, amount: '777' }, user.key),
      user.key,
    );
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 11n] });
    await landed(await write(app, '/contracts/send', { chain: EVM, to: token, data }, user.key), user.key);
    const evm = createPublicClient({ transport: http(info.evm.rpcUrl) });
    assert.equal(await evm.getBalance({ address: to }), 1000n);
    assert.equal(
      await evm.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
      2511n,
    );
    assert.equal(
      await evm.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user.evm as Address, to],
      }),
      777n,
    );
    const signed = fake.requests.filter((r) => r.rpcMethod === 'eth_signTransaction' && r.executed).length;
    assert.equal(signed - signedBefore, 4, 'one Privy signature per write');
    const keys = fake.requests
      .filter((r) => r.rpcMethod === 'eth_signTransaction')
      .map((r) => r.idempotencyKey);
    assert.ok(
      // Our request key (transaction and attempt), then a digest of the body asked for.
      keys.every((k) => k && /^tx_[0-9A-Z]{26}:\d+:[\w-]{22}$/.test(k)),
      `idempotency keys ${keys.join(', ')}`,
    );
  });

  test('SOL and SPL sends are signed by Privy and land', async () => {
    const user = await fundedUser();
    const to = await newSolanaAddress();
    await landed(
      await write(app, '/send', { chain: SOL, to, asset: 'native', amount: '5000000' }, user.key),
      user.key,
    );
    await landed(
      await write(
        app,
        '/send',
        { chain: SOL, to, asset: 'spl', token: info.solana.splMint.address, amount: '4242' },
        user.key,
      ),
      user.key,
    );
    const { createSolanaRpc, address } = await import('@solana/kit');
    assert.equal(
      (await createSolanaRpc(info.solana.rpcUrl).getBalance(address(to)).send()).value,
      5_000_000n,
    );
    assert.equal(
      await balanceOf(app, user.key, SOL, user.sol, info.solana.splMint.address),
      1_000_000_000n - 4242n,
    );
  });

  test('swaps through the aggregators are signed by Privy and land on both chains', async () => {
    const user = await fundedUser();
    const evmSwap = await landed(
      await write(
        app,
        '/trade/swap',
        {
          chain: EVM,
          fromToken: 'native',
          toToken: info.evm.testToken.address,
          amount: '10000000000000000',
          slippage: 1,
        },
        user.key,
      ),
      user.key,
    );
    assert.equal(evmSwap.kind, 'swap');
    const solSwap = await landed(
      await write(
        app,
        '/trade/swap',
        {
          chain: SOL,
          fromToken: 'native',
          toToken: info.solana.splMint.address,
          amount: '10000000',
          slippage: 1,
        },
        user.key,
      ),
      user.key,
    );
    assert.equal(solSwap.kind, 'swap');
    assert.ok(fake.requests.some((r) => r.rpcMethod === 'signTransaction' && r.executed));
  });
});
