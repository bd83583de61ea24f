// @needs devnet
// Atomic EVM payouts (issue 31, `"atomic": true`) on chains set up differently. A private Hardhat
// node whose blocks hold 3 million gas (the shared development network must not be changed): packs
// are cut to at most half a block's gas, and with automine off (a block every half second, as a real
// chain) the packs are sent together at consecutive nonces, pending at once, and each lands its
// items once. A chain whose Multicall3 is deployed elsewhere (MULTICALL3_ADDRESS_<SLUG>): used there.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf } from '../support/chain-app.ts';
import { useDevnet } from '../support/devnet.ts';
import { type PrivateEvm, startPrivateEvm } from '../support/private-chains.ts';
import { fundedEvmUser, paidOut } from './payout-support.ts';

const CHAIN = 'evm-localnet';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());
const itemsOf = (n: number, base: bigint) =>
  Array.from({ length: n }, (_, i) => ({ to: randomAddress(), amount: String(base + BigInt(i)) }));

describe('an atomic payout on a chain with small blocks', () => {
  let evm: PrivateEvm;
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  const BLOCK_GAS = 3_000_000n;
  before(async () => {
    const info = await useDevnet();
    evm = await startPrivateEvm();
    // Multicall3 where the chain expects it (its runtime code, from the shared node).
    const code = await createPublicClient({ transport: http(info.evm.rpcUrl) }).getCode({
      address: info.evm.multicall3 as Address,
    });
    await evm.rpc('hardhat_setCode', [info.evm.multicall3, code]);
    await evm.rpc('evm_setBlockGasLimit', [`0x${BLOCK_GAS.toString(16)}`]);
    // The limit applies from the next block on: the latest block (what the service reads) has it once mined.
    await evm.mine();
    ctx = await startChainApp({ evmRpcUrl: evm.url });
    app = ctx.app;
  });
  after(async () => {
    await app?.stop();
    await evm?.stop();
  });

  /** Pays `n` fresh recipients atomically; checks each pack's gas limit and every balance. */
  async function payAtomically(n: number, base: bigint) {
    const user = await app.newUser();
    const from = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await evm.fund(from, parseEther('1'));
    const items = itemsOf(n, base);
    const done = await paidOut(app, user.key, { chain: CHAIN, asset: 'native', atomic: true, items });
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    const byTx = new Map<string, number[]>();
    for (const item of done.items)
      byTx.set(item.transactionId, [...(byTx.get(item.transactionId) ?? []), item.index]);
    assert.ok(byTx.size > 1, 'more than one pack');
    assert.equal(done.totals.transactions, byTx.size);
    let limits = 0n;
    for (const [txId, indexes] of byTx) {
      const tx = await (await app.get(`/api/v1/tx/${txId}`, user.key)).json();
      assert.equal((await evm.client.getTransactionReceipt({ hash: tx.hash })).status, 'success');
      // What a block builder counts a transaction as: its gas limit. Two packs fit in a block.
      const gasLimit = (await evm.client.getTransaction({ hash: tx.hash })).gas;
      assert.ok(gasLimit * 2n <= BLOCK_GAS, `${indexes.length} items with a gas limit of ${gasLimit}`);
      limits += gasLimit;
    }
    for (const item of items)
      assert.equal(await evm.client.getBalance({ address: item.to as Address }), BigInt(item.amount));
    assert.equal(
      await evm.client.getTransactionCount({ address: from }),
      byTx.size,
      'the nonce moved by the packs',
    );
    return { packs: byTx.size, limits };
  }

  test('packs whose gas limits take at most half a block, as few as fit, each landing its items once', async () => {
    // 76 transfers of about 37k gas: halved, two packs of 38 whose estimates (1.43M) fit half a block
    // but whose gas limits (1.71M, with the headroom) do not.
    await payAtomically(76, 3_000n);
    // 200: no more packs than their gas limits need; cut by halves, 8 packs where 7 fit.
    const { packs, limits } = await payAtomically(200, 2_000n);
    const needed = (limits + BLOCK_GAS / 2n - 1n) / (BLOCK_GAS / 2n);
    assert.ok(BigInt(packs) <= needed, `${packs} packs for ${limits} gas (${needed} half blocks)`);
  });

  test('on a node that mines every half second (no automine), the packs go out together, pending at once, and land once each', async () => {
    await evm.automine(false);
    await evm.rpc('evm_setIntervalMining', [500]);
    const user = await app.newUser();
    const from = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await evm.fund(from, parseEther('1'));
    const items = itemsOf(200, 4_000n);
    const done = await paidOut(app, user.key, { chain: CHAIN, asset: 'native', atomic: true, items });
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    const ids = [...new Set<string>(done.items.map((i: { transactionId: string }) => i.transactionId))];
    assert.equal(done.totals.transactions, ids.length);
    const blocks = new Set<bigint>();
    for (const id of ids) {
      const tx = await (await app.get(`/api/v1/tx/${id}`, user.key)).json();
      assert.equal(tx.attempts.length, 1, 'mined as signed');
      blocks.add((await evm.client.getTransactionReceipt({ hash: tx.hash })).blockNumber);
    }
    assert.ok(
      blocks.size < ids.length,
      `${ids.length} packs in ${blocks.size} blocks: sent without waiting for each other`,
    );
    for (const item of items)
      assert.equal(await evm.client.getBalance({ address: item.to as Address }), BigInt(item.amount));
    assert.equal(
      await evm.client.getTransactionCount({ address: from }),
      ids.length,
      'the nonce moved by the packs',
    );
  });
});

describe('an atomic payout on a chain whose Multicall3 is elsewhere (MULTICALL3_ADDRESS_<SLUG>)', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  const elsewhere = randomAddress();
  before(async () => {
    const info = await useDevnet();
    const shared = createPublicClient({ transport: http(info.evm.rpcUrl) });
    // Multicall3's runtime code at an address of its own (nothing else on the shared node uses it).
    const code = await shared.getCode({ address: info.evm.multicall3 as Address });
    await shared.request({ method: 'hardhat_setCode' as never, params: [elsewhere, code] as never });
    ctx = await startChainApp({ env: { MULTICALL3_ADDRESS_EVM_LOCALNET: elsewhere } });
  });
  after(async () => {
    await ctx?.app.stop();
  });

  test('the pack is a call to the configured address, and lands every item once', async () => {
    const { app } = ctx;
    const { user, from } = await fundedEvmUser(app, parseEther('1'));
    const items = itemsOf(5, 6_000n);
    const done = await paidOut(app, user.key, { chain: CHAIN, asset: 'native', atomic: true, items });
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    assert.equal(done.totals.transactions, 1);
    const tx = await (await app.get(`/api/v1/tx/${done.items[0].transactionId}`, user.key)).json();
    assert.equal(tx.to.toLowerCase(), elsewhere.toLowerCase());
    const onChain = await ctx.evm.getTransaction({ hash: tx.hash });
    assert.equal(onChain.to?.toLowerCase(), elsewhere.toLowerCase(), 'sent to the configured Multicall3');
    for (const item of items)
      assert.equal(await ctx.evm.getBalance({ address: item.to as Address }), BigInt(item.amount));
    assert.equal(await ctx.evm.getTransactionCount({ address: from }), 1);
  });
});
