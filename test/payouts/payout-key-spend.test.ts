// @needs devnet postgres
// What payouts count against an API key's daily limit (issue 31): every item is reserved when the
// payout is accepted; an item refused before signing gives its amount back, and so does every item
// of a packed transaction (Solana, atomic EVM) that ends FAILED without landing, not only the first
// one. Nothing else gives back: what landed, or may land, keeps counting.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { generateKeyPairSigner } from '@solana/kit';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { UserId } from '../../src/domain/ids.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';
import { type PayoutJson, waitForPayout } from './payout-support.ts';

const EVM = 'evm-localnet';
const SOLANA = 'solana-localnet';
/** Runtime code that reverts on every call: a contract refusing ETH. */
const REVERTS = '0x60006000fd';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe("payouts against a key's daily limit", () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  let proxy: RpcProxy;
  before(async () => {
    const info = await useDevnet();
    proxy = await startRpcProxy(info.solana.rpcUrl);
    // PostgreSQL: the wallet lock is an advisory lock another writer (here the test) can hold.
    ctx = await startChainApp({ engine: 'postgres', solanaRpcUrl: proxy.url });
    app = ctx.app;
  });
  after(async () => {
    await app?.stop();
    await proxy?.close();
  });

  async function limitedUser(chain: string, perDay: string) {
    const user = await app.newUser();
    const { key } = await app.services.apiKeys.create(user.userId, {
      name: 'payroll',
      policy: { limits: [{ chain, asset: 'native', perDay }] },
    });
    return { userId: user.userId, key };
  }
  const spentToday = async (key: string) => {
    const res = await app.get('/api/v1/keys/self', key);
    assert.equal(res.status, 200);
    return (await res.json()).limits[0].spentLast24h as string;
  };
  const payout = async (key: string, body: unknown) => {
    const res = await write(app, '/payouts', body, key, randomUUID());
    assert.equal(res.status, 202, await res.clone().text());
    return (await res.json()) as PayoutJson;
  };
  const sum = (items: { amount: string }[]) => items.reduce((a, i) => a + BigInt(i.amount), 0n).toString();

  /**
   * Holds the wallet's lock as a second instance in the middle of a write would: the service's
   * payout runner waits for it. Returns the release.
   */
  async function holdWalletLock(userId: UserId, chain: string): Promise<() => Promise<void>> {
    const [wallet] = await app.db.query<{ id: string }>(
      "select id from wallets where user_id = $1 and chain_type = 'ethereum' and is_default",
      [userId],
    );
    assert.ok(wallet);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let taken!: () => void;
    const held = new Promise<void>((r) => {
      taken = r;
    });
    const holder = app.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `wallet-api:send:${wallet.id}:${chain}`,
      ]);
      taken();
      await gate;
    });
    await held;
    return async () => {
      release();
      await holder;
    };
  }

  test('a recipient that starts refusing between the request and signing: refused, its amount given back (per-item and atomic)', async () => {
    const user = await limitedUser(EVM, parseEther('1').toString());
    const from = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: EVM, address: from, amount: parseEther('2') });
    const itemsOf = (base: number) =>
      Array.from({ length: 6 }, (_, i) => ({ to: randomAddress(), amount: String(base + i) }));
    const perItem = itemsOf(10_000);
    const atomic = itemsOf(20_000);
    const refusing = [perItem[2], atomic[4]] as { to: string; amount: string }[];
    const release = await holdWalletLock(user.userId, EVM);
    let accepted: PayoutJson[];
    try {
      accepted = [
        await payout(user.key, { chain: EVM, asset: 'native', items: perItem }),
        await payout(user.key, { chain: EVM, asset: 'native', atomic: true, items: atomic }),
      ];
      assert.equal(await spentToday(user.key), String(BigInt(sum(perItem)) + BigInt(sum(atomic))));
      // Accepted, not signed yet (the runner waits for the wallet): now two recipients refuse ETH.
      for (const r of refusing)
        await ctx.evm.request({ method: 'hardhat_setCode' as never, params: [r.to, REVERTS] as never });
    } finally {
      await release();
    }
    const done = await Promise.all(accepted.map((p) => waitForPayout(app, user.key, p.id)));
    for (const [p, items, refused] of [
      [done[0] as PayoutJson, perItem, 2],
      [done[1] as PayoutJson, atomic, 4],
    ] as const) {
      assert.equal(p.status, 'completed_with_failures', JSON.stringify(p.items));
      for (const item of p.items) {
        if (item.index === refused) {
          assert.equal(item.status, 'FAILED');
          assert.equal(item.hash, null, 'never signed');
          assert.equal(await ctx.evm.getBalance({ address: item.to }), 0n);
        } else {
          assert.equal(item.status, 'CONFIRMED');
          assert.equal(
            await ctx.evm.getBalance({ address: item.to }),
            BigInt(items[item.index]?.amount ?? -1),
          );
        }
      }
    }
    assert.equal(await ctx.evm.getTransactionCount({ address: from }), 5 + 1, 'five items, then one pack');
    const paid = BigInt(sum(perItem)) + BigInt(sum(atomic)) - BigInt(sum(refusing));
    assert.equal(await spentToday(user.key), paid.toString(), 'the refused items count no more');
  });

  test('a packed Solana transaction refused at its broadcast gives every item back; one that lands counts each', async () => {
    const user = await limitedUser(SOLANA, '100000000');
    const wallet = await walletOf(app, user.userId, 'solana');
    await fund({ chain: SOLANA, address: wallet, amount: 1_000_000_000n });
    const itemsOf = async (base: bigint) =>
      Promise.all(
        Array.from({ length: 12 }, async (_, i) => ({
          to: (await generateKeyPairSigner()).address,
          amount: String(base + BigInt(i)),
        })),
      );
    const refusedItems = await itemsOf(1_000_000n);
    // The node refuses the payout's transactions at preflight: they never land.
    let refusing = true;
    proxy.inject(
      'sendTransaction',
      {
        kind: 'error',
        code: -32002,
        message: 'Transaction simulation failed: Error processing Instruction 2: custom program error: 0x1',
        data: { err: { InstructionError: [2, { Custom: 1 }] }, logs: [], accounts: null, unitsConsumed: 0 },
      },
      { times: 100, match: () => refusing },
    );
    let first: PayoutJson;
    try {
      first = await waitForPayout(
        app,
        user.key,
        (await payout(user.key, { chain: SOLANA, asset: 'native', items: refusedItems })).id,
      );
    } finally {
      refusing = false;
    }
    assert.ok((proxy.injected.error ?? 0) >= 1);
    assert.equal(first.status, 'completed_with_failures');
    assert.ok(first.items.every((i: PayoutJson) => i.status === 'FAILED'));
    assert.ok(
      new Set(first.items.map((i: PayoutJson) => i.transactionId)).size < refusedItems.length,
      'packed: items share transactions',
    );
    assert.equal(await spentToday(user.key), '0', 'every item of the refused transactions given back');
    // The same key pays again: every item of a packed transaction that lands counts.
    const paidItems = await itemsOf(2_000_000n);
    const second = await waitForPayout(
      app,
      user.key,
      (await payout(user.key, { chain: SOLANA, asset: 'native', items: paidItems })).id,
    );
    assert.equal(second.status, 'completed', JSON.stringify(second.items));
    assert.equal(await spentToday(user.key), sum(paidItems));
  });
});
