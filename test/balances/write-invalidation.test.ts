// @needs devnet
// A write publishes its wallet's balance invalidation on the invalidation bus (compose.ts hands
// the write path `balancesChanged(bus)`), where the balances cache listens: after a send, the
// sender's cached balances are read again, while another wallet's stay cached.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { fund } from '../support/devnet.ts';
import { type BalanceUser, find, type Harness, startHarness } from './harness.ts';

const CHAIN = 'evm-localnet';
const ETH = 10n ** 18n;

describe('balance invalidation on the bus', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.stop();
  });

  const nativeOf = async (user: BalanceUser) => {
    const answer = await h.get(user, `/api/v1/wallets/${user.evm}/balances?chain=${CHAIN}&includeZero=true`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return BigInt(find(answer.body, 'native')?.raw ?? 'NaN');
  };

  test("a send drops the sender's cached balances in this instance; another wallet's stay cached", async () => {
    const sender = await h.newUser();
    const bystander = await h.newUser();
    await fund({ chain: CHAIN, address: sender.evm, amount: ETH });
    assert.equal(await nativeOf(sender), ETH);
    assert.equal(await nativeOf(bystander), 0n);

    // Changes on the chain that the service did not make: its cache does not see them.
    await fund({ chain: CHAIN, address: bystander.evm, amount: ETH });
    assert.equal(await nativeOf(bystander), 0n, 'served from the cache');

    const to = privateKeyToAccount(`0x${randomUUID().replaceAll('-', '').padEnd(64, '1')}`).address;
    const res = await h.app.post(
      '/api/v1/send',
      { chain: CHAIN, to, asset: 'native', amount: '1000' },
      sender.key,
      { 'idempotency-key': randomUUID() },
    );
    assert.equal(res.status, 200, await res.clone().text());

    // The development chain mines each transaction as it arrives: the amount and the fee are gone.
    const after = await nativeOf(sender);
    assert.ok(after < ETH - 1000n, `the sender's balance was read again after the send (${after})`);
    assert.equal(await nativeOf(bystander), 0n, "another wallet's cached balance is left alone");
  });
});
