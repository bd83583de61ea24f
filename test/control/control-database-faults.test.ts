// @needs devnet postgres
// A speed-up while the database fails under it (issue 29, with the money-safety habit of issue 26):
// the replacement is signed, then recorded with the key's answer in one database transaction, and
// only then broadcast. A COMMIT whose answer is lost may have committed, and then the tracker
// broadcasts the attempt: the answer is never "nothing was sent" when it did, nor a replacement
// when nothing was recorded. A private node with automine off holds the original in its pool; a
// PostgreSQL server of the test's own sits behind a proxy that drops answers.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Address, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf } from '../support/chain-app.ts';
import { type OwnPostgres, startOwnPostgres } from '../support/own-postgres.ts';
import { type PrivateEvm, startPrivateEvm } from '../support/private-chains.ts';
import { type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';
import { CONTROL_ENV, control, mineUntilFinal, pendingSend, type TxJson } from './control-support.ts';

const ETH = 10n ** 18n;
const GWEI = 10n ** 9n;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('speed-up while the database drops answers (PostgreSQL of its own, automine off)', () => {
  let pg: OwnPostgres;
  let evm: PrivateEvm;
  let rpc: RpcProxy;
  let app: TestApp;
  before(async () => {
    pg = await startOwnPostgres();
    evm = await startPrivateEvm();
    rpc = await startRpcProxy(evm.url);
    app = (await startChainApp({ database: pg.db, evmRpcUrl: rpc.url, env: CONTROL_ENV })).app;
    await evm.automine(false);
  });
  after(async () => {
    await app?.stop();
    await rpc?.close();
    await evm?.stop();
    await pg?.stop();
  });

  async function fundedUser() {
    const user = await app.newUser();
    const wallet = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await evm.fund(wallet, 10n * ETH);
    return { ...user, wallet };
  }
  const broadcasts = (from: number) =>
    rpc.calls.slice(from).filter((c) => c.method === 'eth_sendRawTransaction').length;

  test('a COMMIT that committed but whose answer was lost: the replacement is answered (or "may have been sent"), replayed, and mined; paid once', async () => {
    const user = await fundedUser();
    const to = randomAddress();
    const sent = await pendingSend(app, user.key, to, 1000n);
    const idempotencyKey = randomUUID();
    let dropped = false;
    pg.proxy.dropAnswerAfter(
      (sql) => /\bCOMMIT\b/.test(sql),
      () => {
        dropped = true;
      },
      (sql) => sql.includes(idempotencyKey),
    );
    const body = { maxFeePerGas: (2000n * GWEI).toString() };
    const res = await control(app, sent.id, 'speed-up', user.key, body, idempotencyKey);
    const answer = (await res.json()) as TxJson;
    assert.ok(dropped, 'the answer to the COMMIT was lost');
    if (res.status !== 200) {
      assert.equal(res.status, 503, JSON.stringify(answer));
      assert.equal(answer.code, 'SEND_OUTCOME_UNKNOWN', JSON.stringify(answer));
      assert.equal(answer.sent, 'maybe');
    }
    assert.doesNotMatch(JSON.stringify(answer), /nothing was sent/i);
    const replay = await control(app, sent.id, 'speed-up', user.key, body, idempotencyKey);
    assert.equal(replay.status, 200, 'the key holds the stored answer');
    const view = (await replay.json()) as TxJson;
    assert.equal(view.attempts.length, 2, 'one replacement, recorded');
    if (res.status === 200) assert.deepEqual(view.attempts, answer.attempts);
    const [row] = await pg.admin<{ state: string }>('select state from idempotency_keys where key = $1', [
      idempotencyKey,
    ]);
    assert.equal(row?.state, 'succeeded', 'the key was not failed');
    const tx = await mineUntilFinal(app, evm, sent.id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.hash, view.attempts[1], 'the speed-up was mined');
    const mined = await evm.client.getTransaction({ hash: tx.hash as Hex });
    assert.equal(mined.maxFeePerGas, 2000n * GWEI);
    assert.equal(await evm.client.getBalance({ address: to }), 1000n, 'paid once');
    assert.equal(await evm.client.getTransactionCount({ address: user.wallet }), 1);
  });

  test('the connection lost before COMMIT: nothing was recorded, the answer says nothing was sent, and nothing was', async () => {
    const user = await fundedUser();
    const to = randomAddress();
    const sent = await pendingSend(app, user.key, to, 1000n);
    const idempotencyKey = randomUUID();
    let dropped = false;
    // The last statement before COMMIT stores the key's answer; its connection ends instead.
    pg.proxy.dropAnswerAfter(
      (sql) => sql.includes("state = 'succeeded'"),
      () => {
        dropped = true;
      },
      (sql) => sql.includes(idempotencyKey),
    );
    const before = rpc.calls.length;
    const res = await control(app, sent.id, 'speed-up', user.key, {}, idempotencyKey);
    const answer = (await res.json()) as TxJson;
    assert.ok(dropped, 'the answer to the key’s update was lost');
    assert.ok(res.status >= 500, JSON.stringify(answer));
    assert.equal(answer.sent, 'no', JSON.stringify(answer));
    assert.equal(broadcasts(before), 0, 'no replacement was broadcast');
    const view = (await (await app.get(`/api/v1/tx/${sent.id}`, user.key)).json()) as TxJson;
    assert.deepEqual(view.attempts, [sent.hash], 'no attempt was recorded');
    const tx = await mineUntilFinal(app, evm, sent.id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.hash, sent.hash, 'the original was mined');
    assert.equal(await evm.client.getBalance({ address: to }), 1000n, 'paid once');
  });
});
