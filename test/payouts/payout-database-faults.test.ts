// @needs devnet postgres
// Creating a payout while the database drops answers (issue 31, with the money-safety habit of issue
// 26): the payout, its items and the key's answer are recorded in one statement, and the runner pays
// whatever is recorded. A statement that committed though its answer was lost must not be answered
// "nothing was recorded", nor give the items' amounts back to the key's daily limit (a retry with
// a new key could then pay them all again, past the limit). A PostgreSQL server of the test's own
// sits behind a proxy that drops the answer of the recording statement. The runner's steps too: a
// part recorded whose answer was lost, then the server restarting, in the middle of a payout.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { type OwnPostgres, startOwnPostgres } from '../support/own-postgres.ts';
import { waitForPayout } from './payout-support.ts';

const CHAIN = 'evm-localnet';
const ETH = 10n ** 18n;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('a payout recorded while the database drops the answer (PostgreSQL of its own)', () => {
  let pg: OwnPostgres;
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  before(async () => {
    pg = await startOwnPostgres();
    ctx = await startChainApp({ database: pg.db });
    app = ctx.app;
  });
  after(async () => {
    await app?.stop();
    await pg?.stop();
  });

  test('the recording statement committed, its answer lost: the payout is answered (or "may have been"), its spend kept, every item paid once', async () => {
    const user = await app.newUser();
    const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: CHAIN, address, amount: 10n * ETH });
    const { key } = await app.services.apiKeys.create(user.userId, {
      name: 'payroll',
      policy: { limits: [{ chain: CHAIN, asset: 'native', perDay: '1000000' }] },
    });
    const items = Array.from({ length: 3 }, (_, i) => ({ to: randomAddress(), amount: String(100_000 + i) }));
    const body = { chain: CHAIN, asset: 'native', items };
    const idempotencyKey = randomUUID();
    let dropped = false;
    pg.proxy.dropAnswerAfter(
      (sql) => sql.includes('insert into payouts'),
      () => {
        dropped = true;
      },
    );
    const res = await write(app, '/payouts', body, key, idempotencyKey);
    const answer = await res.json();
    assert.ok(dropped, 'the answer to the recording statement was lost');
    if (res.status !== 202) {
      assert.equal(res.status, 503, JSON.stringify(answer));
      assert.equal(answer.code, 'SEND_OUTCOME_UNKNOWN', JSON.stringify(answer));
      assert.equal(answer.sent, 'maybe');
    }
    assert.doesNotMatch(JSON.stringify(answer), /nothing was (recorded|sent)/i);
    const replay = await write(app, '/payouts', body, key, idempotencyKey);
    assert.equal(replay.status, 202, 'the key holds the stored answer');
    const created = await replay.json();
    if (res.status === 202) assert.equal(created.id, answer.id);
    const [reserved] = await pg.admin<{ total: string }>(
      `select coalesce(sum(s.amount), 0)::text as total from api_key_spend s join api_keys k on k.id = s.key_id
       where k.user_id = $1 and k.name = 'payroll'`,
      [user.userId],
    );
    assert.equal(reserved?.total, String(300_003), 'the items still count against the daily limit');
    const done = await waitForPayout(app, key, created.id);
    assert.equal(done.status, 'completed', JSON.stringify(done));
    for (const item of items)
      assert.equal(
        await ctx.evm.getBalance({ address: item.to as Address }),
        BigInt(item.amount),
        'paid once',
      );
  });
  test("the runner's record of a part committed, its answer lost, then PostgreSQL restarts: the payout goes on at once, each item paid once", async () => {
    const user = await app.newUser();
    const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: CHAIN, address, amount: 10n * ETH });
    const nonce = await ctx.evm.getTransactionCount({ address });
    const items = Array.from({ length: 120 }, (_, i) => ({
      to: randomAddress(),
      amount: String(50_000 + i),
    }));
    // The second part's record (its transactions, linked to their items) commits; the runner never
    // hears so, and the server goes down for a moment right after.
    let parts = 0;
    let restarted: Promise<void> | null = null;
    pg.proxy.dropAnswerAfter(
      (sql) => sql.includes('insert into transaction_attempts') && ++parts === 2,
      () => {
        restarted = (async () => {
          await pg.halt();
          await new Promise((r) => setTimeout(r, 1000));
          await pg.resume();
        })();
      },
    );
    const res = await write(app, '/payouts', { chain: CHAIN, asset: 'native', items }, user.key);
    assert.equal(res.status, 202, await res.clone().text());
    const { id } = await res.json();
    // Well within the runner's 60 s lease: a failed run is taken up again in a moment.
    const done = await waitForPayout(app, user.key, id, 30_000);
    assert.ok(restarted, "the answer to the second part's record was lost");
    await restarted;
    assert.equal(done.status, 'completed', JSON.stringify(done.totals));
    for (const item of items)
      assert.equal(
        await ctx.evm.getBalance({ address: item.to as Address }),
        BigInt(item.amount),
        'paid once',
      );
    assert.equal(await ctx.evm.getTransactionCount({ address }), nonce + 120, 'one transaction per item');
    const [recorded] = await pg.admin<{ n: number }>(
      `select count(*)::int as n from transactions t join wallets w on w.id = t.wallet_id where w.address = $1`,
      [address],
    );
    assert.equal(recorded?.n, 120, 'one record per item');
  });
});
