// @needs devnet postgres
// Creating a payout while the database drops answers (issue 31, with the money-safety habit of issue
// 26): the payout, its items and the key's answer are recorded in one statement, and the runner pays
// whatever is recorded. A statement that committed though its answer was lost must not be answered
// "nothing was recorded", nor give the items' amounts back to the key's daily limit (a retry with
// a new key could then pay them all again, past the limit). A PostgreSQL server of the test's own
// sits behind a proxy that drops the answer of the recording statement.
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
});
