// @needs devnet
// Issue 26, items 4 and 5: what a contract call does is held to the key's rules like a send or an
// approval (decoded ERC20 and Permit2 calls, native value), and an approval may not grant more than
// the key may move in a day unless the key says so.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type Address, encodeFunctionData, erc20Abi, type Hex, maxUint256, parseAbi } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { KeyPolicyInput } from '../../src/app/key-policies.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';

const CHAIN = 'evm-localnet';
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());
const ABI = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
]);
const PERMIT2_ABI = parseAbi([
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function transferFrom(address from, address to, uint160 amount, address token)',
]);

async function refusal(res: Response, pattern: RegExp) {
  const body = await res.json();
  assert.equal(res.status, 403, JSON.stringify(body));
  assert.equal(body.code, 'FORBIDDEN');
  assert.match(body.error, pattern);
}

describe('contract calls under an API key’s token rules', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  let token: Address;
  before(async () => {
    ctx = await startChainApp();
    app = ctx.app;
    token = ctx.info.evm.testToken.address;
  });
  after(async () => {
    await app.stop();
  });

  /** A user with 10 ETH and 1,000,000 test tokens, and a key with the given policy. */
  async function userWithKey(policy: KeyPolicyInput) {
    const user = await app.newUser();
    const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: CHAIN, address, amount: 10n * 10n ** 18n });
    await fund({ chain: CHAIN, address, amount: 1_000_000n, token });
    const { key } = await app.services.apiKeys.create(user.userId, { name: 'limited', policy });
    return { ...user, fullKey: user.key, key, address };
  }
  const call = (key: string, to: string, data: Hex, value?: string) =>
    write(app, '/contracts/send', { chain: CHAIN, to, data, ...(value ? { value } : {}) }, key);
  const tokenBalance = (address: Address) =>
    ctx.evm.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const self = async (key: string) => (await app.get('/api/v1/keys/self', key)).json();
  /** Nothing was recorded for the key: no spend, and no transaction of the user. */
  async function nothingRecorded(user: { key: string; userId: string }) {
    const standing = await self(user.key);
    for (const l of standing.limits) if (l.spentLast24h !== null) assert.equal(l.spentLast24h, '0');
    assert.deepEqual(await app.services.transactions.listRecent(user.userId as never), []);
  }

  test('a transfer call above the daily token limit is refused naming the rule, and the recipient is unpaid', async () => {
    const allowed = randomAddress();
    const user = await userWithKey({
      limits: [{ chain: CHAIN, asset: token, perDay: '5' }],
      recipients: [allowed],
    });
    const data = encodeFunctionData({ abi: ABI, functionName: 'transfer', args: [allowed, 500_000n] });
    await refusal(
      await call(user.key, token, data),
      /Amount 500000 exceeds what this API key may still move in 24 hours for 0x[0-9a-f]{40} on evm-localnet: 5 of 5 left/,
    );
    await nothingRecorded(user);
    assert.equal(await tokenBalance(allowed), 0n);
  });

  test('a transfer call to an address off the recipient allowlist is refused', async () => {
    const user = await userWithKey({ recipients: [randomAddress()] });
    const other = randomAddress();
    const data = encodeFunctionData({ abi: ABI, functionName: 'transfer', args: [other, 1n] });
    await refusal(
      await call(user.key, token, data),
      /Recipient 0x[0-9a-fA-F]{40} is not on .*recipient allowlist/,
    );
    await nothingRecorded(user);
  });

  test('a plain value call to an address off the recipient allowlist is refused; to one on it, it goes', async () => {
    const allowed = randomAddress();
    const user = await userWithKey({ recipients: [allowed] });
    const other = randomAddress();
    await refusal(
      await call(user.key, other, '0x', (10n ** 18n).toString()),
      /native value .* 0x[0-9a-fA-F]{40} is not on this API key's recipient allowlist/,
    );
    await nothingRecorded(user);
    assert.equal(await ctx.evm.getBalance({ address: other }), 0n);
    const ok = await call(user.key, allowed, '0x', '1000');
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal((await waitForFinal(app, (await ok.json()).id, user.key)).status, 'CONFIRMED');
    assert.equal(await ctx.evm.getBalance({ address: allowed }), 1000n);
  });

  test('an allowed transfer call counts in GET /keys/self, and the native value of a call counts too', async () => {
    const to = randomAddress();
    const user = await userWithKey({
      limits: [
        { chain: CHAIN, asset: token, perDay: '1000' },
        { chain: CHAIN, asset: 'native', perDay: '5000' },
      ],
    });
    const data = encodeFunctionData({ abi: ABI, functionName: 'transfer', args: [to, 600n] });
    const ok = await call(user.key, token, data);
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal((await waitForFinal(app, (await ok.json()).id, user.key)).status, 'CONFIRMED');
    assert.equal(await tokenBalance(to), 600n);
    const paid = await call(user.key, to, '0x', '3000');
    assert.equal(paid.status, 200, await paid.clone().text());
    const limits = (await self(user.key)).limits as { asset: string; spentLast24h: string }[];
    assert.deepEqual(
      limits.map((l) => [l.asset, l.spentLast24h]),
      [
        [token.toLowerCase(), '600'],
        ['native', '3000'],
      ],
    );
    await refusal(await call(user.key, token, data), /for 0x[0-9a-f]{40} on evm-localnet: 400 of 1000 left/);
  });

  test('transferFrom is counted like a transfer and its recipient checked', async () => {
    const allowed = randomAddress();
    const user = await userWithKey({
      limits: [{ chain: CHAIN, asset: token, perDay: '1000' }],
      recipients: [allowed],
    });
    // The wallet lets itself move its tokens (the full key: the limited one may not approve itself).
    const approve = await write(
      app,
      '/token/approve',
      { chain: CHAIN, token, spender: user.address, amount: '1000000' },
      user.fullKey,
    );
    assert.equal(approve.status, 200);
    await waitForFinal(app, (await approve.json()).id, user.fullKey);
    const transferFrom = (to: Address, amount: bigint) =>
      encodeFunctionData({ abi: ABI, functionName: 'transferFrom', args: [user.address, to, amount] });
    await refusal(await call(user.key, token, transferFrom(randomAddress(), 1n)), /Recipient .* allowlist/);
    await refusal(await call(user.key, token, transferFrom(allowed, 1001n)), /1000 of 1000 left/);
    const ok = await call(user.key, token, transferFrom(allowed, 700n));
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal((await waitForFinal(app, (await ok.json()).id, user.key)).status, 'CONFIRMED');
    assert.equal(await tokenBalance(allowed), 700n);
    assert.equal((await self(user.key)).limits[0].spentLast24h, '700');
  });

  test('an approve call is held to the daily limit and the spender allowlist', async () => {
    const spender = randomAddress();
    const user = await userWithKey({
      limits: [{ chain: CHAIN, asset: token, perDay: '1000' }],
      recipients: [spender],
    });
    const approve = (who: Address, amount: bigint) =>
      call(user.key, token, encodeFunctionData({ abi: ABI, functionName: 'approve', args: [who, amount] }));
    await refusal(await approve(randomAddress(), 1n), /Spender .* recipient allowlist/);
    await refusal(
      await approve(spender, maxUint256),
      /Approval of 115792089237316195423570985008687907853269984665640564039457584007913129639935 exceeds what this API key may move in 24 hours \(1000\)/,
    );
    await refusal(await approve(spender, 1001n), /Approval of 1001 exceeds .*allowUnlimitedApprovals/);
    await nothingRecorded(user);
    const ok = await approve(spender, 1000n);
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal((await waitForFinal(app, (await ok.json()).id, user.key)).status, 'CONFIRMED');
    const allowance = await ctx.evm.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [user.address, spender],
    });
    assert.equal(allowance, 1000n);
    assert.equal((await self(user.key)).limits[0].spentLast24h, '0', 'an approval moves nothing yet');
  });

  test('increaseAllowance on a limited token is refused unless the key allows unlimited approvals', async () => {
    const spender = randomAddress();
    const data = encodeFunctionData({ abi: ABI, functionName: 'increaseAllowance', args: [spender, 1n] });
    const limits = [{ chain: CHAIN, asset: token, perDay: '1000' }];
    const strict = await userWithKey({ limits });
    await refusal(await call(strict.key, token, data), /increaseAllowance .* cannot see/);
    await nothingRecorded(strict);
    const listed = await userWithKey({ recipients: [randomAddress()] });
    await refusal(await call(listed.key, token, data), /Spender .* recipient allowlist/);
    // Allowed by the key; the test token has no increaseAllowance, so the chain check refuses it.
    const trusting = await userWithKey({ limits, allowUnlimitedApprovals: true });
    const res = await call(trusting.key, token, data);
    assert.equal(res.status, 400);
    assert.match((await res.json()).error, /would fail/);
  });

  test('Permit2 approvals and transfers are decoded: the token argument is the limited asset', async () => {
    const spender = randomAddress();
    const user = await userWithKey({
      limits: [{ chain: CHAIN, asset: token, perTransaction: '500', perDay: '1000' }],
      recipients: [spender],
    });
    const permit2Approve = (who: Address, amount: bigint) =>
      call(
        user.key,
        PERMIT2,
        encodeFunctionData({
          abi: PERMIT2_ABI,
          functionName: 'approve',
          args: [token, who, amount, 2_000_000_000],
        }),
      );
    await refusal(await permit2Approve(randomAddress(), 1n), /Spender .* recipient allowlist/);
    await refusal(
      await permit2Approve(spender, 2n ** 160n - 1n),
      /Approval of \d+ \(Permit2 approve\) exceeds/,
    );
    await refusal(await permit2Approve(spender, 501n), /maximum per transaction of 500/);
    assert.equal((await permit2Approve(spender, 500n)).status, 200);
    const pull = (to: Address, amount: bigint) =>
      call(
        user.key,
        PERMIT2,
        encodeFunctionData({
          abi: PERMIT2_ABI,
          functionName: 'transferFrom',
          args: [user.address, to, amount, token],
        }),
      );
    await refusal(await pull(randomAddress(), 1n), /Recipient .* allowlist/);
    assert.equal((await pull(spender, 400n)).status, 200);
    assert.equal((await self(user.key)).limits[0].spentLast24h, '400');
    await refusal(await call(user.key, PERMIT2, '0xdeadbeef'), /cannot account for .*0xdeadbeef/);
  });

  test('a limited token may only be called with the functions the key can count', async () => {
    const user = await userWithKey({ limits: [{ chain: CHAIN, asset: token, perDay: '1000' }] });
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [user.address] });
    await refusal(await call(user.key, token, data), /limits 0x[0-9a-f]{40} on evm-localnet.*0x70a08231/);
    // Another contract is not limited, but could spend an allowance the wallet gave: a call the key
    // cannot read goes to it only when the key names it on its contract allowlist.
    const other = randomAddress();
    await refusal(await call(user.key, other, data), /may spend allowances the wallet gave/);
    const naming = await userWithKey({
      limits: [{ chain: CHAIN, asset: token, perDay: '1000' }],
      contracts: [other],
    });
    assert.equal((await call(naming.key, other, data)).status, 200);
  });

  test('token functions it does not count (ERC-1363, ERC-777, ERC-721, ERC-1155 transfers) are refused to a key with a recipient allowlist', async () => {
    const allowed = randomAddress();
    const user = await userWithKey({ recipients: [allowed] });
    const other = randomAddress();
    const OTHER_TOKEN_ABI = parseAbi([
      'function transferAndCall(address to, uint256 amount)',
      'function send(address to, uint256 amount, bytes data)',
      'function safeTransferFrom(address from, address to, uint256 id)',
      'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
    ]);
    // A token of none of the key's limits: the recipient allowlist alone holds its transfers back.
    const unlimited = randomAddress();
    const calls: Hex[] = [
      encodeFunctionData({ abi: OTHER_TOKEN_ABI, functionName: 'transferAndCall', args: [other, 1n] }),
      encodeFunctionData({ abi: OTHER_TOKEN_ABI, functionName: 'send', args: [other, 1n, '0x'] }),
      encodeFunctionData({
        abi: OTHER_TOKEN_ABI,
        functionName: 'safeTransferFrom',
        args: [user.address, other, 7n],
      }),
      encodeFunctionData({
        abi: OTHER_TOKEN_ABI,
        functionName: 'safeTransferFrom',
        args: [user.address, other, 7n, 1n, '0x'],
      }),
    ];
    for (const data of calls)
      await refusal(
        await call(user.key, unlimited, data),
        new RegExp(
          `cannot account for a call to ${unlimited}: .*${data.slice(0, 10)}.*a recipient allowlist`,
        ),
      );
    await nothingRecorded(user);
  });

  test('an unlimited approval with only a daily limit is refused, and allowed when the key says so', async () => {
    const limits = [{ chain: CHAIN, asset: token, perDay: '1000' }];
    const approve = (key: string) =>
      write(
        app,
        '/token/approve',
        { chain: CHAIN, token, spender: randomAddress(), amount: maxUint256.toString() },
        key,
        randomUUID(),
      );
    const strict = await userWithKey({ limits });
    await refusal(await approve(strict.key), /exceeds what this API key may move in 24 hours \(1000\)/);
    await nothingRecorded(strict);
    assert.equal((await self(strict.key)).allowUnlimitedApprovals, false);
    const trusting = await userWithKey({ limits, allowUnlimitedApprovals: true });
    assert.equal((await self(trusting.key)).allowUnlimitedApprovals, true);
    const ok = await approve(trusting.key);
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal((await waitForFinal(app, (await ok.json()).id, trusting.key)).status, 'CONFIRMED');
  });

  test('an allowance cannot be drained past the daily limit through the spender: a call the key cannot read goes only to contracts it names', async () => {
    const router = ctx.info.evm.swapRouter;
    const second = ctx.info.evm.secondToken.address;
    const attacker = randomAddress();
    // The router is allowlisted as a recipient so the key can approve it (as /trade/swap needs).
    const user = await userWithKey({
      limits: [{ chain: CHAIN, asset: token, perDay: '100' }],
      recipients: [router],
    });
    const approved = await write(
      app,
      '/token/approve',
      { chain: CHAIN, token, spender: router, amount: '100' },
      user.key,
    );
    assert.equal(approved.status, 200, await approved.clone().text());
    assert.equal((await waitForFinal(app, (await approved.json()).id, user.key)).status, 'CONFIRMED');
    const before = await tokenBalance(user.address);
    const swap = encodeFunctionData({
      abi: parseAbi([
        'function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address recipient)',
      ]),
      functionName: 'swap',
      args: [token, second, 100n, 0n, attacker],
    });
    await refusal(
      await call(user.key, router, swap),
      /may spend allowances the wallet gave.*only when they are on its contract allowlist/,
    );
    assert.equal(await tokenBalance(user.address), before, 'nothing was pulled');
    // Named on the key's contract allowlist, the same call is the key creator's explicit trust.
    const trusting = await userWithKey({
      limits: [{ chain: CHAIN, asset: token, perDay: '100' }],
      recipients: [router],
      contracts: [router],
    });
    const granted = await write(
      app,
      '/token/approve',
      { chain: CHAIN, token, spender: router, amount: '100' },
      trusting.key,
    );
    assert.equal((await waitForFinal(app, (await granted.json()).id, trusting.key)).status, 'CONFIRMED');
    const res = await call(trusting.key, router, swap);
    assert.equal(res.status, 200, await res.clone().text());
  });
});
