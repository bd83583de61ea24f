// @needs devnet
// POST /simulate (issue 29): what a write would do, read on the development network, with nothing
// signed, recorded or counted. Deltas are checked exactly against what the chain itself says (the
// pools' own getAmountOut, the rent the node asks for a token account).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Address, encodeFunctionData, erc20Abi, http, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { createWalletApiClient } from '../../packages/client/src/index.ts';
import type { TestApp } from '../support/app.ts';
import { walletOf } from '../support/chain-app.ts';
import { type DevnetInfo, fund, useDevnet } from '../support/devnet.ts';
import { startTradingApp } from '../trading/trading-app.ts';
import { deployStandardToken } from './control-support.ts';
import { chainFootprint } from './footprint.ts';

const EVM = 'evm-localnet';
const SOL = 'solana-localnet';
const ETH = 10n ** 18n;
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
const _FAUCET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ROUTER_ABI = parseAbi([
  'function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256)',
  'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address recipient) payable returns (uint256)',
]);
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('POST /simulate on the development network', () => {
  let app: TestApp;
  let info: DevnetInfo;
  let footprint: ReturnType<typeof chainFootprint>;
  before(async () => {
    info = await useDevnet();
    app = await startTradingApp(info);
    footprint = chainFootprint(app, info);
  });
  after(async () => {
    await app.stop();
  });

  async function evmUser(eth = 10n, tusd = 0n) {
    const user = await app.newUser();
    const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: EVM, address, amount: eth * ETH });
    if (tusd > 0n) await fund({ chain: EVM, address, amount: tusd, token: info.evm.testToken.address });
    return { ...user, address };
  }
  const simulate = async (key: string, body: Record<string, unknown>) => {
    const res = await app.post('/api/v1/simulate', body, key);
    assert.equal(res.status, 200, await res.clone().text());
    assert.match(res.headers.get('ratelimit-policy') ?? '', /^"read";/, 'counted as a read, not a write');
    return res.json();
  };
  const delta = (sim: { balanceChanges: { address: string; asset: string; delta: string }[] }) =>
    Object.fromEntries(
      sim.balanceChanges.map((c) => [`${c.address.toLowerCase()}|${c.asset.toLowerCase()}`, c.delta]),
    );

  test('a native send shows the exact deltas and the fee, and changes nothing', async () => {
    const user = await evmUser();
    const to = randomAddress();
    const before = await footprint.evm(user);
    const sim = await simulate(user.key, {
      kind: 'send',
      chain: EVM,
      to,
      asset: 'native',
      amount: '1234567',
    });
    assert.equal(sim.ok, true);
    assert.equal(sim.revert, null);
    assert.deepEqual(delta(sim), {
      [`${user.address.toLowerCase()}|native`]: '-1234567',
      [`${to.toLowerCase()}|native`]: '1234567',
    });
    assert.equal(sim.balanceChanges[0].address, user.address, 'the wallet first');
    assert.equal(sim.fee.asset, 'native');
    assert.equal(sim.fee.units, '21000');
    assert.ok(BigInt(sim.fee.amount) > 0n && BigInt(sim.fee.amount) <= BigInt(sim.fee.maxAmount));
    assert.ok(sim.fee.prices.maxFeePerGas);
    assert.equal(sim.policy.allowed, true);
    // The typed client of this checkout (packages/client) answers the same.
    const client = createWalletApiClient({ baseUrl: app.url, apiKey: user.key });
    const again = await client.simulate({ kind: 'send', chain: EVM, to, asset: 'native', amount: '1234567' });
    assert.deepEqual(again.balanceChanges, sim.balanceChanges);
    assert.deepEqual(await footprint.evm(user), before, 'nothing signed, recorded or counted');
  });

  test('an ERC20 send shows the token leaving the wallet and reaching the recipient', async () => {
    const user = await evmUser(10n, 5_000_000n);
    const to = randomAddress();
    const token = info.evm.testToken.address;
    const before = await footprint.evm(user);
    const sim = await simulate(user.key, {
      kind: 'send',
      chain: EVM,
      to,
      asset: 'erc20',
      token,
      amount: '750000',
    });
    assert.equal(sim.ok, true, JSON.stringify(sim));
    assert.deepEqual(delta(sim), {
      [`${user.address.toLowerCase()}|${token.toLowerCase()}`]: '-750000',
      [`${to.toLowerCase()}|${token.toLowerCase()}`]: '750000',
    });
    assert.ok(BigInt(sim.fee.units) > 21000n);
    assert.deepEqual(await footprint.evm(user), before);
  });

  test('an ERC20 transfer above the balance is ok: false with the decoded ERC20InsufficientBalance', async () => {
    // A token built from this checkout's TestToken, which reverts with OpenZeppelin's standard errors.
    const user = await evmUser();
    const token = await deployStandardToken(info.evm.rpcUrl, user.address, 100n);
    const sim = await simulate(user.key, {
      kind: 'send',
      chain: EVM,
      to: randomAddress(),
      asset: 'erc20',
      token,
      amount: '101',
    });
    assert.equal(sim.ok, false);
    assert.deepEqual(sim.balanceChanges, []);
    assert.equal(sim.revert.decoded.name, 'ERC20InsufficientBalance');
    assert.deepEqual(sim.revert.decoded.args, { sender: user.address, balance: '100', needed: '101' });
    assert.match(
      sim.revert.reason,
      /^ERC20InsufficientBalance\(sender 0x[0-9a-fA-F]{40}, balance 100, needed 101\)$/,
    );
    assert.match(sim.revert.data, /^0xe450d38c/);

    // The same write is refused before signing with the decoded reason, and nothing is sent.
    const refused = await app.post(
      '/api/v1/contracts/send',
      {
        chain: EVM,
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [randomAddress(), 101n] }),
      },
      user.key,
      { 'idempotency-key': crypto.randomUUID() },
    );
    assert.equal(refused.status, 400);
    assert.match(
      (await refused.json()).error,
      /would fail: ERC20InsufficientBalance\(sender .*, balance 100, needed 101\)/,
    );
  });

  test('a contract call that swaps shows the native value going in and the tokens coming out', async () => {
    const user = await evmUser();
    const router = info.evm.swapRouter as Address;
    const teur = info.evm.secondToken.address as Address;
    const amountIn = ETH / 10n;
    const reader = (await import('viem')).createPublicClient({ transport: http(info.evm.rpcUrl) });
    const out = await reader.readContract({
      address: router,
      abi: ROUTER_ABI,
      functionName: 'getAmountOut',
      args: [NATIVE, teur, amountIn],
    });
    const data = encodeFunctionData({
      abi: ROUTER_ABI,
      functionName: 'swap',
      args: [NATIVE, teur, amountIn, 1n, user.address],
    });
    const before = await footprint.evm(user);
    const sim = await simulate(user.key, {
      kind: 'contract',
      chain: EVM,
      to: router,
      data,
      value: amountIn.toString(),
    });
    assert.equal(sim.ok, true, JSON.stringify(sim));
    assert.deepEqual(delta(sim), {
      [`${user.address.toLowerCase()}|native`]: (-amountIn).toString(),
      [`${router.toLowerCase()}|native`]: amountIn.toString(),
      [`${user.address.toLowerCase()}|${teur.toLowerCase()}`]: out.toString(),
      [`${router.toLowerCase()}|${teur.toLowerCase()}`]: (-out).toString(),
    });
    assert.deepEqual(await footprint.evm(user), before);
  });

  test('a swap on the local aggregator shows both legs, the native output paid by the router', async () => {
    const user = await evmUser(10n, 3_000_000n);
    const tusd = info.evm.testToken.address as Address;
    const router = info.evm.swapRouter as Address;
    // The router may pull the TUSD: approved on chain first, through the API.
    const approve = await app.post(
      '/api/v1/token/approve',
      { chain: EVM, token: tusd, spender: router, amount: '2000000' },
      user.key,
      { 'idempotency-key': crypto.randomUUID() },
    );
    assert.equal(approve.status, 200, await approve.clone().text());
    const approved = (await approve.json()).id;
    const { waitForFinal } = await import('../support/chain-app.ts');
    assert.equal((await waitForFinal(app, approved, user.key)).status, 'CONFIRMED');
    const sim = await simulate(user.key, {
      kind: 'swap',
      chain: EVM,
      fromToken: tusd,
      toToken: 'native',
      amount: '2000000',
    });
    assert.equal(sim.ok, true, JSON.stringify(sim));
    const reader = (await import('viem')).createPublicClient({ transport: http(info.evm.rpcUrl) });
    const out = await reader.readContract({
      address: router,
      abi: ROUTER_ABI,
      functionName: 'getAmountOut',
      args: [tusd, NATIVE, 2_000_000n],
    });
    const d = delta(sim);
    assert.equal(d[`${user.address.toLowerCase()}|${tusd.toLowerCase()}`], '-2000000');
    assert.equal(
      d[`${user.address.toLowerCase()}|native`],
      out.toString(),
      'the native leg, paid by an internal call',
    );
    assert.equal(d[`${router.toLowerCase()}|native`], (-out).toString());
  });

  test('an SPL send to a new owner shows the new token account’s rent and the token delta', async () => {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    const mint = info.solana.splMint.address;
    await fund({ chain: SOL, address: wallet, amount: 2_000_000_000n });
    await fund({ chain: SOL, address: wallet, amount: 1_000_000n, token: mint });
    const owner = (await import('@solana/kit')).address(
      (await import('@solana/kit')).getAddressDecoder().decode(crypto.getRandomValues(new Uint8Array(32))),
    );
    const before = await footprint.solana(user, wallet, mint);
    const sim = await simulate(user.key, {
      kind: 'send',
      chain: SOL,
      to: owner,
      asset: 'spl',
      token: mint,
      amount: '2500',
    });
    assert.equal(sim.ok, true, JSON.stringify(sim));
    const rent = await footprint.tokenAccountRent();
    const byKey = delta(sim);
    assert.equal(
      byKey[`${wallet.toLowerCase()}|native`],
      (-rent).toString(),
      'the wallet pays the rent (fee apart)',
    );
    assert.equal(byKey[`${wallet.toLowerCase()}|${mint.toLowerCase()}`], '-2500');
    assert.equal(byKey[`${owner.toLowerCase()}|${mint.toLowerCase()}`], '2500', 'reported by owner');
    const created = sim.balanceChanges.find(
      (c: { address: string; asset: string; delta: string }) => c.asset === 'native' && c.address !== wallet,
    );
    assert.equal(created?.delta, rent.toString(), 'the new token account holds the rent');
    assert.ok(BigInt(sim.fee.amount) >= 5000n);
    assert.equal(sim.method, 'simulateTransaction');
    assert.deepEqual(await footprint.solana(user, wallet, mint), before);
  });

  test('a key over its daily limit shows the refusal and what is left, and the simulation still runs', async () => {
    const user = await evmUser();
    const { key } = await app.services.apiKeys.create(user.userId, {
      name: 'limited',
      policy: { limits: [{ chain: EVM, asset: 'native', perDay: '1000' }] },
    });
    const to = randomAddress();
    const allowed = await simulate(key, { kind: 'send', chain: EVM, to, asset: 'native', amount: '1000' });
    assert.equal(allowed.policy.allowed, true);
    const sim = await simulate(key, { kind: 'send', chain: EVM, to, asset: 'native', amount: '1001' });
    assert.equal(sim.ok, true, 'the chain would take it');
    assert.equal(sim.policy.allowed, false);
    assert.match(sim.policy.refusal, /1001 exceeds what this API key may still move .*: 1000 of 1000 left/);
    assert.deepEqual(
      sim.policy.limits.map((l: Record<string, unknown>) => [l.asset, l.perDay, l.remainingLast24h]),
      [['native', '1000', '1000']],
      'nothing was counted by either simulation',
    );
    const readOnly = await app.services.apiKeys.create(user.userId, {
      name: 'reader',
      policy: { scopes: ['read'] },
    });
    const res = await app.post(
      '/api/v1/simulate',
      { kind: 'send', chain: EVM, to, asset: 'native', amount: '1' },
      readOnly.key,
    );
    assert.equal(res.status, 403, 'the scope of the write it previews');
  });
});
