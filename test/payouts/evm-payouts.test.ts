// @needs devnet
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { type Address, erc20Abi } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { eventsRepository } from '../../src/store/repositories/events-repository.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { waitForPayout } from './payout-support.ts';

const CHAIN = 'evm-localnet';
const ETH = 10n ** 18n;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('EVM payouts on evm-localnet', () => {
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

  async function fundedUser(eth = 10n, tokens = 0n) {
    const user = await app.newUser();
    const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
    if (eth > 0n) await fund({ chain: CHAIN, address, amount: eth * ETH });
    if (tokens > 0n) await fund({ chain: CHAIN, address, amount: tokens, token });
    return { ...user, address };
  }
  const nonceOf = (address: Address) => ctx.evm.getTransactionCount({ address, blockTag: 'latest' });
  const tokenBalance = (address: Address) =>
    ctx.evm.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const payout = (key: string, body: unknown, idempotencyKey = randomUUID()) =>
    write(app, '/payouts', body, key, idempotencyKey);

  test('a native payout of 50 items lands each item exactly once, at 50 consecutive nonces', async () => {
    const user = await fundedUser();
    const before = await nonceOf(user.address);
    const items = Array.from({ length: 50 }, (_, i) => ({
      to: randomAddress(),
      amount: String(1_000_000_000n + BigInt(i)),
      reference: `inv-${i}`,
    }));
    const res = await payout(user.key, { chain: CHAIN, asset: 'native', items });
    assert.equal(res.status, 202, await res.clone().text());
    const created = await res.json();
    assert.equal(created.status, 'processing');
    assert.equal(created.items.length, 50);
    assert.equal(created.totals.amount, String(50n * 1_000_000_000n + 1225n));
    assert.deepEqual(
      created.items.map((i: { index: number; reference: string }) => [i.index, i.reference]),
      items.map((i, n) => [n, i.reference]),
    );
    const done = await waitForPayout(app, user.key, created.id);
    assert.equal(
      done.status,
      'completed',
      JSON.stringify(done.items.filter((i: { status: string }) => i.status !== 'CONFIRMED')),
    );
    assert.equal(done.totals.confirmed, 50);
    assert.equal(done.totals.transactions, 50, 'one transaction per item');
    for (const [i, item] of items.entries())
      assert.equal(
        await ctx.evm.getBalance({ address: item.to as Address }),
        BigInt(item.amount),
        `item ${i}`,
      );
    assert.equal((await nonceOf(user.address)) - before, 50, "the sender's nonce moved by the item count");
    // Each item's transaction is an ordinary transaction of the user: GET /tx/{id} tells the same.
    const first = done.items[0];
    const tx = await (await app.get(`/api/v1/tx/${first.transactionId}`, user.key)).json();
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.to.toLowerCase(), items[0]?.to.toLowerCase());
    assert.equal(tx.intent.amount, items[0]?.amount);
    assert.equal(tx.hash, first.hash);
    // The events: each item's transaction as any other, and payout.completed once, naming the payout.
    const events = await eventsRepository(app.db).listAfter(user.userId as never, 0n, null, 1000);
    const completed = events.filter((e) => e.type === 'payout.completed');
    assert.equal(completed.length, 1);
    assert.equal(completed[0]?.subject, created.id);
    assert.equal(events.filter((e) => e.type === 'transaction.confirmed').length, 50);
  });

  test('an ERC20 payout of 50 items moves each amount once; a retry with the same key replays it', async () => {
    const user = await fundedUser(1n, 1_000_000n);
    const before = await nonceOf(user.address);
    const items = Array.from({ length: 50 }, (_, i) => ({ to: randomAddress(), amount: String(100 + i) }));
    const body = { chain: CHAIN, asset: 'erc20', token, items };
    const idempotencyKey = randomUUID();
    const res = await payout(user.key, body, idempotencyKey);
    assert.equal(res.status, 202, await res.clone().text());
    const created = await res.json();
    const replay = await payout(user.key, body, idempotencyKey);
    assert.equal(replay.status, 202);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal((await replay.json()).id, created.id);
    const done = await waitForPayout(app, user.key, created.id);
    assert.equal(done.status, 'completed');
    let sum = 0n;
    for (const item of items) {
      assert.equal(await tokenBalance(item.to as Address), BigInt(item.amount));
      sum += BigInt(item.amount);
    }
    assert.equal(await tokenBalance(user.address), 1_000_000n - sum);
    assert.equal((await nonceOf(user.address)) - before, 50);
    const list = await (await app.get('/api/v1/payouts?limit=1', user.key)).json();
    assert.equal(list.payouts[0].id, created.id);
  });

  test('an item list with one bad address is refused whole, naming the item; nothing is sent', async () => {
    const user = await fundedUser(1n);
    const before = await nonceOf(user.address);
    const items = [
      { to: randomAddress(), amount: '1000' },
      { to: '0x1234', amount: '1000' },
      { to: randomAddress(), amount: '1000' },
    ];
    const res = await payout(user.key, { chain: CHAIN, asset: 'native', items });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.code, 'INVALID_INPUT');
    assert.match(body.error, /items\[1\]\.to/);
    const dup = await payout(user.key, {
      chain: CHAIN,
      asset: 'native',
      items: [
        { to: randomAddress(), amount: '1', reference: 'a' },
        { to: randomAddress(), amount: '1', reference: 'a' },
      ],
    });
    assert.equal(dup.status, 400);
    assert.match((await dup.json()).error, /items\[1\]\.reference.*items\[0\]/);
    assert.equal(await nonceOf(user.address), before);
    assert.deepEqual((await (await app.get('/api/v1/payouts', user.key)).json()).payouts, []);
  });

  test('a total above the balance (fees counted) is refused with the total and the shortfall; nothing is sent', async () => {
    const user = await fundedUser(1n);
    const items = Array.from({ length: 4 }, () => ({ to: randomAddress(), amount: String(ETH / 4n) }));
    const res = await payout(user.key, { chain: CHAIN, asset: 'native', items });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.code, 'INSUFFICIENT_FUNDS');
    assert.equal(body.sent, 'no');
    const total = BigInt(body.details.find((d: { path: string }) => d.path === 'total').message);
    const shortfall = BigInt(body.details.find((d: { path: string }) => d.path === 'shortfall').message);
    assert.ok(total > ETH, 'the total counts the fees');
    assert.equal(shortfall, total - (await ctx.evm.getBalance({ address: user.address })));
    for (const item of items) assert.equal(await ctx.evm.getBalance({ address: item.to as Address }), 0n);
    assert.equal(await nonceOf(user.address), 0);
  });

  test('a key whose daily limit the total exceeds is refused; each item is held to its per-transaction limit', async () => {
    const user = await fundedUser(1n);
    const { key } = await app.services.apiKeys.create(
      user.userId as never,
      {
        name: 'limited',
        policy: { limits: [{ chain: CHAIN, asset: 'native', perTransaction: '600', perDay: '1000' }] },
      } as never,
    );
    const items = [
      { to: randomAddress(), amount: '500' },
      { to: randomAddress(), amount: '501' },
    ];
    const res = await payout(key, { chain: CHAIN, asset: 'native', items });
    assert.equal(res.status, 403);
    assert.match(
      (await res.json()).error,
      /Amount 1001 exceeds what this API key may still move in 24 hours/,
    );
    const one = await payout(key, {
      chain: CHAIN,
      asset: 'native',
      items: [{ to: randomAddress(), amount: '700' }],
    });
    assert.equal(one.status, 403);
    assert.match((await one.json()).error, /maximum per transaction of 600/);
    assert.equal(await nonceOf(user.address), 0);
    // Within both limits it goes through, and counts against the day.
    const ok = await payout(key, {
      chain: CHAIN,
      asset: 'native',
      items: [items[0], { ...items[0], to: randomAddress() }],
    });
    assert.equal(ok.status, 202, await ok.clone().text());
    const standing = await (await app.get('/api/v1/keys/self', key)).json();
    assert.equal(standing.limits[0].spentLast24h, '1000');
  });
  test('a key whose approval rules would hold the payout is refused, naming them; nothing is recorded or sent', async () => {
    const user = await fundedUser(1n);
    const create = (name: string, policy: unknown) =>
      app.services.apiKeys.create(user.userId as never, { name, policy } as never);
    const above = await create('threshold', {
      approvalAbove: [{ chain: CHAIN, asset: 'native', amount: '1000' }],
    });
    const items = [
      { to: randomAddress(), amount: '600' },
      { to: randomAddress(), amount: '600' },
    ];
    // Each item is under the threshold; together they move more than it.
    const res = await payout(above.key, { chain: CHAIN, asset: 'native', items });
    assert.equal(res.status, 403);
    assert.match(
      (await res.json()).error,
      /cannot wait for a person's approval.*above this API key's approval threshold of 1000/,
    );
    const every = await create('every send', { approvalFor: ['send'] });
    const all = await payout(every.key, { chain: CHAIN, asset: 'native', items: [items[0]] });
    assert.equal(all.status, 403);
    assert.match((await all.json()).error, /every send by this API key needs approval/);
    assert.deepEqual((await (await app.get('/api/v1/payouts', above.key)).json()).payouts, []);
    assert.equal(await nonceOf(user.address), 0);
    // Under the threshold in total, it goes through.
    const small = await payout(above.key, { chain: CHAIN, asset: 'native', items: [items[0]] });
    assert.equal(small.status, 202, await small.clone().text());
  });
});
