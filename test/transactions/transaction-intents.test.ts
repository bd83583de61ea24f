// @needs devnet
// GET /tx/{id} says what a transaction moved (issue 32 item 1): a token payment never reads as
// `value: "0"` alone. Real writes on the development network, through the real service.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { encodeFunctionData, erc20Abi } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { type DevnetInfo, fund, useDevnet } from '../support/devnet.ts';
import { startTradingApp } from '../trading/trading-app.ts';

const randomAddress = () => privateKeyToAddress(generatePrivateKey());
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
const WSOL = 'So11111111111111111111111111111111111111112';

describe('a Transaction says what it moved', () => {
  let app: TestApp;
  let info: DevnetInfo;
  let evmUser: { key: string; address: string };
  let solUser: { key: string; address: string };
  before(async () => {
    info = await useDevnet();
    app = await startTradingApp(info);
    const a = await app.newUser();
    const evm = await walletOf(app, a.userId, 'ethereum');
    await fund({ chain: 'evm-localnet', address: evm, amount: 10n ** 19n });
    await fund({
      chain: 'evm-localnet',
      address: evm,
      amount: 50_000_000n,
      token: info.evm.testToken.address,
    });
    evmUser = { key: a.key, address: evm };
    const b = await app.newUser();
    const sol = await walletOf(app, b.userId, 'solana');
    await fund({ chain: 'solana-localnet', address: sol, amount: 5n * 10n ** 9n });
    await fund({
      chain: 'solana-localnet',
      address: sol,
      amount: 9_000_000n,
      token: info.solana.splMint.address,
    });
    solUser = { key: b.key, address: sol };
  });
  after(async () => {
    await app.stop();
  });

  async function landed(key: string, path: string, body: Record<string, unknown>) {
    const res = await write(app, path, body, key);
    const text = await res.text();
    assert.equal(res.status, 200, text);
    assert.deepEqual(Object.keys(JSON.parse(text)).sort(), [
      'chainName',
      'explorerUrl',
      'hash',
      'id',
      'status',
    ]);
    const tx = await waitForFinal(app, JSON.parse(text).id, key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    return tx;
  }

  test('an ERC20 send: asset erc20, the token and the exact amount, beside value "0"', async () => {
    const to = randomAddress();
    const tx = await landed(evmUser.key, '/send', {
      chain: 'evm-localnet',
      to,
      asset: 'erc20',
      token: info.evm.testToken.address,
      amount: '1500000',
    });
    assert.equal(tx.value, '0');
    assert.deepEqual(tx.intent, {
      kind: 'send',
      asset: 'erc20',
      token: info.evm.testToken.address,
      amount: '1500000',
    });
  });

  test('a native send: asset native, token null, the amount (hex given, decimal shown)', async () => {
    const tx = await landed(evmUser.key, '/send', {
      chain: 'evm-localnet',
      to: randomAddress(),
      asset: 'native',
      amount: '0x3e8',
    });
    assert.deepEqual(tx.intent, { kind: 'send', asset: 'native', token: null, amount: '1000' });
    assert.equal(tx.value, '1000');
  });

  test('an approval: the token, the spender and the allowance', async () => {
    const spender = randomAddress();
    const tx = await landed(evmUser.key, '/token/approve', {
      chain: 'evm-localnet',
      token: info.evm.testToken.address,
      spender,
      amount: '2500000',
    });
    assert.deepEqual(tx.intent, {
      kind: 'approve',
      token: info.evm.testToken.address,
      spender,
      amount: '2500000',
    });
  });

  test('a contract call: its value and the token transfer its call data makes', async () => {
    const to = randomAddress();
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 250_000n] });
    const tx = await landed(evmUser.key, '/contracts/send', {
      chain: 'evm-localnet',
      to: info.evm.testToken.address,
      data,
    });
    assert.deepEqual(tx.intent, {
      kind: 'contract',
      value: '0',
      decoded: true,
      tokenTransfers: [{ token: info.evm.testToken.address, to, amount: '250000' }],
      tokenApprovals: [],
    });
  });

  test('an EVM swap: what went in and what was quoted to come out', async () => {
    const q = await app.post(
      '/api/v1/trade/quote',
      {
        chain: 'evm-localnet',
        fromToken: 'NATIVE',
        toToken: info.evm.testToken.address,
        amount: '10000000000000000',
      },
      evmUser.key,
    );
    const quoted = (await q.json()).quote.dstAmount as string;
    const tx = await landed(evmUser.key, '/trade/swap', {
      chain: 'evm-localnet',
      fromToken: 'NATIVE',
      toToken: info.evm.testToken.address,
      amount: '10000000000000000',
      slippage: 1,
    });
    assert.equal(tx.intent.kind, 'swap');
    assert.equal(tx.intent.fromToken, NATIVE);
    assert.equal(tx.intent.toToken, info.evm.testToken.address);
    assert.equal(tx.intent.amount, '10000000000000000');
    assert.equal(tx.intent.expectedOutput, quoted, 'the pool is the same between quote and swap');
    assert.equal(tx.intent.minimumOutput, null, 'not recorded for EVM swaps');
  });

  test('an SPL send: asset spl, the mint and the exact amount', async () => {
    const recipient = (await app.newUser()).userId;
    const owner = await walletOf(app, recipient, 'solana');
    const tx = await landed(solUser.key, '/send', {
      chain: 'solana-localnet',
      to: owner,
      asset: 'spl',
      token: info.solana.splMint.address,
      amount: '1250000',
    });
    assert.equal(tx.value, '0');
    assert.deepEqual(tx.intent, {
      kind: 'send',
      asset: 'spl',
      token: info.solana.splMint.address,
      amount: '1250000',
    });
  });

  test('a Solana swap: the wrapped SOL mint in, the mint out, expected and minimum outputs', async () => {
    const tx = await landed(solUser.key, '/trade/swap', {
      chain: 'solana-localnet',
      fromToken: 'NATIVE',
      toToken: info.solana.splMint.address,
      amount: '100000000',
      slippage: 1,
    });
    assert.equal(tx.intent.kind, 'swap');
    assert.equal(tx.intent.fromToken, WSOL);
    assert.equal(tx.intent.toToken, info.solana.splMint.address);
    assert.equal(tx.intent.amount, '100000000');
    assert.match(tx.intent.expectedOutput, /^[1-9][0-9]*$/);
    assert.match(tx.intent.minimumOutput, /^[1-9][0-9]*$/);
    assert.ok(BigInt(tx.intent.minimumOutput) <= BigInt(tx.intent.expectedOutput));
  });
});
