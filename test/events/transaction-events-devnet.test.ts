// @needs devnet
// Transaction events from real writes on the development network (issue 28): what a follower of
// GET /events sees as a send moves on, gets stuck behind the fee cap or is replaced; and the MCP
// tools that follow it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { generateKeyPairSigner } from '@solana/kit';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';
import { type PrivateEvm, startPrivateEvm } from '../support/private-chains.ts';

const GWEI = 1_000_000_000n;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

// biome-ignore lint/suspicious/noExplicitAny: events and transactions as the API returns them
type Json = Record<string, any>;

async function ok(res: Response): Promise<Json> {
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text) as Json;
}

/** Where the caller's log ends now: a follower starting here sees only what happens next. */
const endOfLog = async (app: TestApp, key: string): Promise<string> =>
  (await ok(await app.get('/api/v1/events?after=now', key))).nextCursor;

/**
 * Follows GET /events by long poll from `cursor` until an event of transaction `id` satisfies
 * `until`; returns that transaction's events so far, in order. Bounded by rounds, not by time.
 */
async function follow(
  app: TestApp,
  key: string,
  cursor: string,
  id: string,
  until: (event: Json) => boolean,
): Promise<Json[]> {
  const seen: Json[] = [];
  for (let round = 0; round < 20; round++) {
    const page = await ok(await app.get(`/api/v1/events?after=${cursor}&wait=30`, key));
    cursor = page.nextCursor;
    for (const event of page.events as Json[]) {
      if (event.data.id !== id) continue;
      seen.push(event);
      if (until(event)) return seen;
    }
  }
  assert.fail(
    `transaction ${id}: the awaited event never came; saw ${JSON.stringify(seen.map((e) => e.type))}`,
  );
}

async function mcpClient(app: TestApp, key: string) {
  const client = new Client({ name: 'events-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), {
      requestInit: { headers: { 'x-api-key': key } },
    }),
  );
  const call = async (name: string, args: Json) => {
    const r = await client.callTool({ name, arguments: args });
    assert.notEqual(r.isError, true, `${name}: ${JSON.stringify(r.structuredContent)}`);
    return r.structuredContent as Json;
  };
  return { client, call };
}

describe('transaction events on the shared development network', () => {
  let app: TestApp;
  before(async () => {
    app = (await startChainApp()).app;
  });
  after(async () => {
    await app?.stop();
  });

  test('an EVM send: created, submitted, confirmed, in order, each the transaction then; ids stable', async () => {
    const user = await app.newUser();
    const from = await walletOf(app, user.userId, 'ethereum');
    await fund({ chain: 'evm-localnet', address: from, amount: 10n ** 18n });
    const start = await endOfLog(app, user.key);
    const to = randomAddress();
    const submission = await ok(
      await write(app, '/send', { chain: 'evm-localnet', to, asset: 'native', amount: '4321' }, user.key),
    );
    const events = await follow(
      app,
      user.key,
      start,
      submission.id,
      (e) => e.type === 'transaction.confirmed',
    );
    assert.deepEqual(
      events.map((e) => [e.type, e.data.previousStatus, e.data.status]),
      [
        ['transaction.created', null, 'PENDING'],
        ['transaction.submitted', 'PENDING', 'SUBMITTED'],
        ['transaction.confirmed', 'SUBMITTED', 'CONFIRMED'],
      ],
    );
    assert.deepEqual(
      events.map((e) => e.sequence),
      [...events.map((e) => e.sequence)].sort((a, b) => a - b),
    );
    const submitted = events[1] as Json;
    assert.equal(submitted.data.hash, submission.hash);
    assert.equal(submitted.data.to, to);
    assert.deepEqual(submitted.data.intent, { kind: 'send', asset: 'native', token: null, amount: '4321' });
    // The final event's transaction is what GET /tx/{id} shows.
    const now = await ok(await app.get(`/api/v1/tx/${submission.id}`, user.key));
    const { previousStatus: _, ...confirmed } = (events[2] as Json).data;
    assert.deepEqual(confirmed, now);
    // Read again, from the same cursor: the same events, the same ids.
    const again = await follow(
      app,
      user.key,
      start,
      submission.id,
      (e) => e.type === 'transaction.confirmed',
    );
    assert.deepEqual(
      again.map((e) => e.id),
      events.map((e) => e.id),
    );
    // The list shows it first, as GET /tx/{id} does.
    const list = await ok(await app.get('/api/v1/tx?chain=evm-localnet&limit=1', user.key));
    assert.deepEqual(list.transactions[0], now);
  });

  test('a Solana send: created, submitted, confirmed', async () => {
    const user = await app.newUser();
    const from = await walletOf(app, user.userId, 'solana');
    await fund({ chain: 'solana-localnet', address: from, amount: 2_000_000_000n });
    const start = await endOfLog(app, user.key);
    const to = (await generateKeyPairSigner()).address;
    const submission = await ok(
      await write(
        app,
        '/send',
        { chain: 'solana-localnet', to, asset: 'native', amount: '5000000' },
        user.key,
      ),
    );
    const events = await follow(app, user.key, start, submission.id, (e) =>
      ['transaction.confirmed', 'transaction.failed'].includes(e.type),
    );
    assert.deepEqual(
      events.map((e) => [e.type, e.data.previousStatus]),
      [
        ['transaction.created', null],
        ['transaction.submitted', 'PENDING'],
        ['transaction.confirmed', 'SUBMITTED'],
      ],
    );
    assert.equal(events[2]?.data.hash, submission.hash);
    assert.equal(events[2]?.data.chainType, 'solana');
  });
});

describe('transaction events on a chain that does not cooperate (private Hardhat node)', () => {
  let evm: PrivateEvm;
  /** Replaces only on a fee spike (REPLACE_AFTER_MS a minute). */
  let app: TestApp;
  /** Fee cap 5 gwei. */
  let strict: TestApp;
  before(async () => {
    evm = await startPrivateEvm();
    [app, strict] = await Promise.all([
      startChainApp({ evmRpcUrl: evm.url, env: { REPLACE_AFTER_MS_EVM_LOCALNET: '60000' } }).then(
        (c) => c.app,
      ),
      startChainApp({ evmRpcUrl: evm.url, env: { MAX_FEE_PER_GAS_EVM_LOCALNET: String(5n * GWEI) } }).then(
        (c) => c.app,
      ),
    ]);
  });
  after(async () => {
    await Promise.all([app?.stop(), strict?.stop()]);
    await evm?.stop();
  });

  async function fundedUser(on: TestApp) {
    const user = await on.newUser();
    const address = (await walletOf(on, user.userId, 'ethereum')) as Address;
    await evm.fund(address, 10n ** 19n);
    return { ...user, address };
  }
  const pay = async (on: TestApp, key: string, amount: bigint) =>
    ok(
      await write(
        on,
        '/send',
        { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: String(amount) },
        key,
      ),
    );

  test('held at the fee cap: transaction.stuck says why; once fees fall, confirmed', async () => {
    const user = await fundedUser(strict);
    await evm.setBaseFee(1n * GWEI);
    await evm.automine(false);
    let submission: Json;
    let start: string;
    try {
      start = await endOfLog(strict, user.key);
      submission = await pay(strict, user.key, 77n);
      await evm.setBaseFee(20n * GWEI);
      const events = await follow(
        strict,
        user.key,
        start,
        submission.id,
        (e) => e.type === 'transaction.stuck',
      );
      const stuck = events.at(-1) as Json;
      assert.equal(stuck.data.status, 'SUBMITTED');
      assert.equal(stuck.data.previousStatus, 'SUBMITTED');
      assert.match(stuck.data.stuckReason, /fee cap for evm-localnet is 5 gwei/);
      await evm.setBaseFee(1n * GWEI);
    } finally {
      await evm.automine(true);
    }
    await evm.mine();
    const events = await follow(
      strict,
      user.key,
      start,
      submission.id,
      (e) => e.type === 'transaction.confirmed',
    );
    // Between: stuck, and any fee bumps up to the cap (each a transaction.replaced).
    const types = events.map((e) => e.type);
    assert.deepEqual(types.slice(0, 2), ['transaction.created', 'transaction.submitted']);
    assert.equal(types.at(-1), 'transaction.confirmed');
    assert.ok(types.includes('transaction.stuck'));
    assert.deepEqual(
      [...new Set(types.slice(2, -1))].filter(
        (t) => t !== 'transaction.stuck' && t !== 'transaction.replaced',
      ),
      [],
    );
    assert.equal(events.at(-1)?.data.stuckReason, null);
  });

  test('priced out by a fee spike: transaction.replaced names the old and new hash; wait_for_transaction returns it confirmed', async () => {
    const user = await fundedUser(app);
    await evm.setBaseFee(1n * GWEI);
    await evm.automine(false);
    const mcp = await mcpClient(app, user.key);
    try {
      const start = await endOfLog(app, user.key);
      const submission = await pay(app, user.key, 1234n);
      // Not final yet: the wait ends at its timeout with the transaction as it is.
      const pending = await mcp.call('wait_for_transaction', { id: submission.id, timeoutSeconds: 1 });
      assert.equal(pending.status, 'SUBMITTED');
      await evm.setBaseFee(50n * GWEI);
      const events = await follow(
        app,
        user.key,
        start,
        submission.id,
        (e) => e.type === 'transaction.replaced',
      );
      const replaced = events.at(-1) as Json;
      assert.equal(replaced.data.replacement.oldHash, submission.hash);
      assert.equal(replaced.data.replacement.newHash, replaced.data.hash);
      assert.notEqual(replaced.data.hash, submission.hash);
      assert.equal(replaced.data.replacement.reason, 'fee-bump');
      assert.deepEqual(replaced.data.attempts, [submission.hash, replaced.data.hash]);
      // The agent waits while the block is mined: the long poll wakes on the confirmation.
      const waiting = mcp.call('wait_for_transaction', { id: submission.id, timeoutSeconds: 110 });
      for (let i = 0; app.services.events.waiters.waiting() === 0; i++) {
        assert.ok(i < 400, 'wait_for_transaction never long-polled');
        await new Promise((r) => setTimeout(r, 25));
      }
      await evm.mine();
      const final = await waiting;
      assert.equal(final.status, 'CONFIRMED', final.error);
      assert.equal(final.hash, replaced.data.hash, 'the replacement landed');
      const listed = await mcp.call('list_transactions', { status: 'CONFIRMED', limit: 1 });
      assert.equal(listed.transactions[0]?.id, submission.id);
    } finally {
      await evm.automine(true);
      await mcp.client.close();
    }
  });
  test('a reorg that takes the block away: transaction.reorged back to SUBMITTED, then confirmed again', async () => {
    const user = await app.newUser();
    const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
    const snapshot = await evm.rpc('evm_snapshot');
    await evm.fund(address, 10n ** 19n);
    const start = await endOfLog(app, user.key);
    const submission = await pay(app, user.key, 555n);
    await follow(app, user.key, start, submission.id, (e) => e.type === 'transaction.confirmed');
    await evm.automine(false);
    try {
      await evm.rpc('evm_revert', [snapshot]);
      await evm.fund(address, 10n ** 19n);
      // Another block at the old height: the proof of a reorg (tracker-rules.ts, read-evidence.ts).
      await evm.mine();
      await follow(app, user.key, start, submission.id, (e) => e.type === 'transaction.reorged');
      for (
        let i = 0;
        i < 100 && !(await evm.client.getTransaction({ hash: submission.hash }).catch(() => null));
        i++
      )
        await new Promise((r) => setTimeout(r, 100));
      await evm.mine();
    } finally {
      await evm.automine(true);
    }
    let reorged = false;
    const events = await follow(app, user.key, start, submission.id, (e) => {
      reorged ||= e.type === 'transaction.reorged';
      return reorged && e.type === 'transaction.confirmed';
    });
    const reorgAt = events.findIndex((e) => e.type === 'transaction.reorged');
    assert.ok(reorgAt > 0);
    assert.deepEqual(
      [events[reorgAt - 1]?.type, events[reorgAt]?.data.previousStatus, events[reorgAt]?.data.status],
      ['transaction.confirmed', 'CONFIRMED', 'SUBMITTED'],
    );
    assert.equal(events.at(-1)?.type, 'transaction.confirmed');
    assert.equal(events.at(-1)?.data.hash, submission.hash, 'the same transaction landed again');
  });
});
