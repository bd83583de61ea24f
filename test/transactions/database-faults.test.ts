// @needs devnet postgres
// Writes while PostgreSQL fails under them (issue 26, items 2 and 3): a server of the test's own,
// reached through a TCP proxy that can cut connections, stopped and started again, its sessions
// ended with pg_terminate_backend. The chain is the development network behind an RPC proxy whose
// hook runs right after the node took a transaction. Whatever happens, the service lives, never
// says "nothing was done" once something may have been sent, and the payment lands exactly once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Address, PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { type OwnPostgres, startOwnPostgres } from '../support/own-postgres.ts';
import { type JsonRpcCall, type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';

const CHAIN = 'evm-localnet';
const AMOUNT = 1_234_567n;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

// biome-ignore lint/suspicious/noExplicitAny: bodies as the API sends them
type Json = Record<string, any>;

/** An answer to a write that may have sent something: the Submission, or "may have been sent". */
function assertHonest(status: number, body: Json) {
  if (status === 200) {
    assert.match(body.id, /^tx_/, JSON.stringify(body));
    return;
  }
  assert.equal(status, 503, JSON.stringify(body));
  assert.equal(body.code, 'SEND_OUTCOME_UNKNOWN', JSON.stringify(body));
  assert.equal(body.sent, 'maybe');
  assert.match(body.error, /may have been sent/);
  assert.match(body.error, /same Idempotency-Key/);
  assert.doesNotMatch(body.error, /nothing was (done|sent|signed)/i);
}

/** Retries a write with its key until it answers the Submission (waits out 409s and 503s). */
async function settle(app: TestApp, key: string, body: unknown, idempotencyKey: string): Promise<Json> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const res = await write(app, '/send', body, key, idempotencyKey);
    const json = (await res.json()) as Json;
    if (res.status === 200) return json;
    assert.ok(
      res.status === 409 || (res.status === 503 && json.sent !== 'no'),
      `a retry with the same key: ${res.status} ${JSON.stringify(json)}`,
    );
    if (Date.now() > deadline) throw new Error(`still ${res.status} ${JSON.stringify(json)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('writes while the database fails (PostgreSQL of its own)', () => {
  let pg: OwnPostgres;
  let rpc: RpcProxy;
  let app: TestApp;
  let evm: PublicClient;
  /** Runs after the node took a transaction, before the service hears back. */
  let onBroadcast: ((call: JsonRpcCall) => Promise<void> | void) | null = null;

  /** Errors nothing handled: in a server process, each would have stopped it. */
  const escaped: unknown[] = [];
  const record = (err: unknown) => escaped.push(err);
  const assertNothingEscaped = () =>
    assert.deepEqual(escaped.map(String), [], 'no error escaped (a server process would have stopped)');

  before(async () => {
    process.on('uncaughtException', record);
    pg = await startOwnPostgres();
    const info = await useDevnet();
    rpc = await startRpcProxy(info.evm.rpcUrl, {
      afterForward: async (call) => {
        if (call.method === 'eth_sendRawTransaction' && onBroadcast) await onBroadcast(call);
      },
    });
    // A short lease: a request's key that it could not settle is settled by the sweep soon.
    ({ app, evm } = await startChainApp({
      database: pg.db,
      evmRpcUrl: rpc.url,
      env: { IDEMPOTENCY_LEASE_MS: '1000' },
    }));
  });
  after(async () => {
    process.off('uncaughtException', record);
    await app?.stop();
    await rpc?.close();
    await pg?.stop();
  });

  async function payer(policy?: Parameters<TestApp['services']['apiKeys']['create']>[1]['policy']) {
    const user = await app.newUser();
    const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: CHAIN, address, amount: 10n ** 18n });
    const key = policy
      ? (await app.services.apiKeys.create(user.userId, { name: 'limited', policy })).key
      : user.key;
    return { ...user, key };
  }

  const sendBody = (to: string) => ({ chain: CHAIN, to, asset: 'native', amount: AMOUNT.toString() });

  async function assertPaidOnce(id: string, key: string, to: Address) {
    assertNothingEscaped();
    const tx = await waitForFinal(app, id, key);
    assert.equal(tx.status, 'CONFIRMED', JSON.stringify(tx));
    assert.equal(await evm.getBalance({ address: to }), AMOUNT, 'the recipient was paid exactly once');
  }

  test('the database cut right after the broadcast: the answer carries the Submission or says it may have been sent; the retry replays it; paid once', async () => {
    const user = await payer();
    const to = randomAddress();
    const idempotencyKey = randomUUID();
    onBroadcast = () => {
      onBroadcast = null;
      pg.proxy.cut(); // every connection, the wallet lock's included; new ones fail at once
      setTimeout(() => pg.proxy.heal(), 1500).unref();
    };
    const res = await write(app, '/send', sendBody(to), user.key, idempotencyKey);
    const first = (await res.json()) as Json;
    assertHonest(res.status, first);
    const replay = await settle(app, user.key, sendBody(to), idempotencyKey);
    if (res.status === 200) assert.equal(replay.id, first.id);
    assert.equal((await fetch(`${app.url}/healthz`)).status, 200, 'the process lives');
    await assertPaidOnce(replay.id, user.key, to);
  });

  test('an INSERT that commits but whose answer is lost is read back: the spend is kept, the key is not failed, the transaction is broadcast once', async () => {
    const user = await payer({ limits: [{ chain: CHAIN, asset: 'native', perDay: '1000000000' }] });
    const to = randomAddress();
    const idempotencyKey = randomUUID();
    let dropped = false;
    pg.proxy.dropAnswerAfter(
      (sql) => sql.includes('insert into transactions'),
      () => {
        dropped = true;
      },
    );
    const sent = rpc.calls.length;
    const res = await write(app, '/send', sendBody(to), user.key, idempotencyKey);
    const body = (await res.json()) as Json;
    assert.ok(dropped, 'the answer to the INSERT was lost');
    assert.equal(res.status, 200, JSON.stringify(body));
    const [row] = await pg.admin<{ state: string; transaction_id: string }>(
      'select state, transaction_id from idempotency_keys where key = $1',
      [idempotencyKey],
    );
    assert.deepEqual(row, { state: 'succeeded', transaction_id: body.id }, 'the key is the transaction');
    const spend = await pg.admin('select amount::text from api_key_spend where transaction_id = $1', [
      body.id,
    ]);
    assert.deepEqual(spend, [{ amount: AMOUNT.toString() }], 'the reservation was not given back');
    const replay = await write(app, '/send', sendBody(to), user.key, idempotencyKey);
    assert.equal(replay.status, 200);
    assert.equal((await replay.json()).id, body.id);
    await assertPaidOnce(body.id, user.key, to);
    const broadcasts = rpc.calls.slice(sent).filter((c) => c.method === 'eth_sendRawTransaction');
    assert.equal(broadcasts.length, 1, 'broadcast once');
  });

  test('PostgreSQL stopped and started again during a held broadcast: the process answers throughout, and the write lands once', async () => {
    const user = await payer();
    const to = randomAddress();
    const idempotencyKey = randomUUID();
    let healthWhileDown = 0;
    onBroadcast = async () => {
      onBroadcast = null;
      pg.halt(); // fast shutdown: every session ends (57P01), the wallet lock's included
      healthWhileDown = (await fetch(`${app.url}/healthz`)).status;
      await new Promise((r) => setTimeout(r, 300));
      pg.resume();
    };
    const res = await write(app, '/send', sendBody(to), user.key, idempotencyKey);
    const first = (await res.json()) as Json;
    assertHonest(res.status, first);
    assert.equal(healthWhileDown, 200, '/healthz answered while the database was down');
    const deadline = Date.now() + 20_000;
    while ((await fetch(`${app.url}/readyz`)).status !== 200) {
      assert.ok(Date.now() < deadline, '/readyz once the database is back');
      await new Promise((r) => setTimeout(r, 200));
    }
    const replay = await settle(app, user.key, sendBody(to), idempotencyKey);
    if (res.status === 200) assert.equal(replay.id, first.id);
    await assertPaidOnce(replay.id, user.key, to);
  });

  test('pg_terminate_backend of every session while writes are in flight: the process lives, each write lands once', async () => {
    const users = await Promise.all([payer(), payer(), payer()]);
    const writes = users.map((u) => ({ user: u, to: randomAddress(), idempotencyKey: randomUUID() }));
    let held = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    onBroadcast = async () => {
      held++;
      await gate;
    };
    const answers = writes.map((w) => write(app, '/send', sendBody(w.to), w.user.key, w.idempotencyKey));
    const deadline = Date.now() + 20_000;
    while (held < writes.length) {
      assert.ok(Date.now() < deadline, `only ${held} broadcasts arrived`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const [ended] = await pg.terminateAll();
    assert.ok((ended?.n ?? 0) >= writes.length, 'the wallet locks’ sessions were ended too');
    open();
    onBroadcast = null;
    for (const [i, answer] of answers.entries()) {
      const res = await answer;
      assertHonest(res.status, (await res.json()) as Json);
      const w = writes[i]!;
      const replay = await settle(app, w.user.key, sendBody(w.to), w.idempotencyKey);
      await assertPaidOnce(replay.id, w.user.key, w.to);
    }
    assert.equal((await fetch(`${app.url}/healthz`)).status, 200, 'the process lives');
  });
});
