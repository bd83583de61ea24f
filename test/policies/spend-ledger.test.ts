// An API key's daily limits as a ledger (src/app/key-spend.ts and the rule in its repository): what
// keeps counting and what is given back, over the rolling 24 hours, on the embedded database with a
// clock the test moves. A reverted transaction moved its fee and may have moved value before it
// reverted: it keeps counting; one that FAILED without ever landing moved nothing: it gives back.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseKeyPolicy } from '../../src/app/key-policies.ts';
import type { KeyOfRequest } from '../../src/app/key-spend.ts';
import type { WriteSpend } from '../../src/app/key-write-rules.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import type { TransactionId } from '../../src/domain/ids.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { newId } from '../../src/support/ids.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

const HOUR = 3600_000;
const input = { limits: [{ chain: 'base', asset: 'native', perDay: '1000' }] };
const spend = (amount: bigint): WriteSpend => ({
  chain: 'base',
  chainType: 'ethereum',
  moves: [{ asset: 'native', amount }],
});

describe('API key daily limits: the ledger', () => {
  const clock = new ManualClock(new Date('2026-11-26T08:00:00.000Z'));
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ clock });
  });
  after(() => app.stop());

  /** A user and a key limited to 1000 wei a day on base. */
  async function limitedKey(): Promise<{ key: KeyOfRequest; userId: string; walletId: string }> {
    const user = await app.newUser();
    const { apiKey } = await app.services.apiKeys.create(user.userId, { name: 'capped', policy: input });
    const [wallet] = await app.db.query<{ id: string }>('select id from wallets where user_id = $1', [
      user.userId,
    ]);
    return {
      key: { id: apiKey.id, policy: parseKeyPolicy(createChainRegistry({}), input) },
      userId: user.userId,
      walletId: wallet!.id,
    };
  }
  const left = async (key: KeyOfRequest) => (await app.services.keySpend.standing(key))[0]?.remainingLast24h;

  /** Records the transaction a reservation was made for, as the write path and the tracker leave it. */
  async function recorded(
    owner: { userId: string; walletId: string },
    id: TransactionId,
    status: string,
    landedBlock: bigint | null,
  ) {
    const now = clock.now();
    await app.db.query(
      `insert into transactions (id, user_id, wallet_id, chain, chain_type, chain_id, kind, from_address,
         to_address, value, status, created_at, updated_at, landed_block)
       values ($1, $2, $3, 'base', 'ethereum', 8453, 'contract', '0x01', '0x02', '600', $4, $5, $5, $6)`,
      [id, owner.userId, owner.walletId, status, now, landedBlock?.toString() ?? null],
    );
  }

  async function reserved(key: KeyOfRequest, amount: bigint): Promise<TransactionId> {
    const id = newId('tx') as TransactionId;
    assert.equal(await app.services.keySpend.reserve(key, spend(amount), id), true);
    return id;
  }

  test('a reverted transaction (FAILED, landed in a block) keeps counting', async () => {
    const owner = await limitedKey();
    const id = await reserved(owner.key, 600n);
    await recorded(owner, id, 'FAILED', 12n);
    assert.equal(await left(owner.key), '400');
    await assert.rejects(
      app.services.keySpend.reserve(owner.key, spend(401n), newId('tx') as TransactionId),
      {
        code: 'FORBIDDEN',
        message: /400 of 1000 left/,
      },
    );
  });

  test('a transaction that FAILED without landing gives its amount back', async () => {
    const owner = await limitedKey();
    const id = await reserved(owner.key, 600n);
    await recorded(owner, id, 'FAILED', null);
    assert.equal(await left(owner.key), '1000');
    await reserved(owner.key, 1000n);
    assert.equal(await left(owner.key), '0');
  });

  test('one still pending, confirmed, or never recorded (its request died before signing) counts', async () => {
    for (const status of ['PENDING', 'SUBMITTED', 'CONFIRMED', null] as const) {
      const owner = await limitedKey();
      const id = await reserved(owner.key, 600n);
      if (status) await recorded(owner, id, status, status === 'CONFIRMED' ? 5n : null);
      assert.equal(await left(owner.key), '400', String(status));
    }
  });

  test('the window rolls: an amount counts for 24 hours after it was reserved, and not a moment more', async () => {
    const owner = await limitedKey();
    await reserved(owner.key, 600n);
    clock.advance(12 * HOUR);
    await reserved(owner.key, 400n);
    assert.equal(await left(owner.key), '0');
    clock.advance(12 * HOUR - 1);
    assert.equal(await left(owner.key), '0', 'the first is 1 ms short of 24 hours old');
    await assert.rejects(app.services.keySpend.reserve(owner.key, spend(1n), newId('tx') as TransactionId), {
      code: 'FORBIDDEN',
    });
    clock.advance(1);
    assert.equal(await left(owner.key), '600', 'the first fell out of the window; the second still counts');
    await reserved(owner.key, 600n);
    clock.advance(12 * HOUR + 1);
    assert.equal(await left(owner.key), '400');
  });

  test('the standing of each limit: what moved and what is left; none for a key without limits', async () => {
    const user = await app.newUser();
    const policyInput = {
      limits: [
        { chain: 'base', asset: 'native', perTransaction: '700', perDay: '1000' },
        { chain: 'ethereum', asset: 'native', perTransaction: '5' },
      ],
    };
    const { apiKey } = await app.services.apiKeys.create(user.userId, { name: 'two', policy: policyInput });
    const key = { id: apiKey.id, policy: parseKeyPolicy(createChainRegistry({}), policyInput) };
    await reserved(key, 600n);
    assert.deepEqual(await app.services.keySpend.standing(key), [
      {
        chain: 'base',
        asset: 'native',
        perTransaction: '700',
        perDay: '1000',
        spentLast24h: '600',
        remainingLast24h: '400',
      },
      {
        chain: 'ethereum',
        asset: 'native',
        perTransaction: '5',
        perDay: null,
        spentLast24h: null,
        remainingLast24h: null,
      },
    ]);
    // A key held to a lower limit than it already moved has nothing left, never a negative amount.
    const lowered = {
      id: key.id,
      policy: parseKeyPolicy(createChainRegistry({}), {
        limits: [{ chain: 'base', asset: 'native', perDay: '500' }],
      }),
    };
    assert.equal((await app.services.keySpend.standing(lowered))[0]?.remainingLast24h, '0');
    const unlimited = { id: key.id, policy: parseKeyPolicy(createChainRegistry({}), {}) };
    assert.deepEqual(await app.services.keySpend.standing(unlimited), []);
  });

  test('a write under no daily limit records nothing; one chain’s amounts never count on another', async () => {
    const user = await app.newUser();
    const policyInput = {
      limits: [
        { chain: 'base', asset: 'native', perDay: '1000' },
        { chain: 'ethereum', asset: 'native', perDay: '1000' },
        { chain: 'optimism', asset: 'native', perTransaction: '1000' },
      ],
    };
    const { apiKey } = await app.services.apiKeys.create(user.userId, {
      name: 'chains',
      policy: policyInput,
    });
    const key = { id: apiKey.id, policy: parseKeyPolicy(createChainRegistry({}), policyInput) };
    const on = (chain: string, amount: bigint): WriteSpend => ({ ...spend(amount), chain });
    assert.equal(
      await app.services.keySpend.reserve(key, on('optimism', 900n), newId('tx') as TransactionId),
      false,
    );
    assert.equal(
      await app.services.keySpend.reserve(key, on('ethereum', 800n), newId('tx') as TransactionId),
      true,
    );
    assert.equal(
      await app.services.keySpend.reserve(key, on('base', 900n), newId('tx') as TransactionId),
      true,
    );
    const rows = await app.db.query<{ n: number }>(
      'select count(*)::int as n from api_key_spend where key_id = $1',
      [key.id],
    );
    assert.equal(rows[0]?.n, 2, 'the write under no daily limit left no row');
  });

  test('pruning forgets amounts older than 24 hours, and only those', async () => {
    const owner = await limitedKey();
    await reserved(owner.key, 100n);
    clock.advance(23 * HOUR);
    await reserved(owner.key, 200n);
    clock.advance(2 * HOUR);
    await app.services.keySpend.prune();
    const rows = await app.db.query<{ amount: string }>(
      'select amount::text from api_key_spend where key_id = $1',
      [owner.key.id],
    );
    assert.deepEqual(
      rows.map((r) => r.amount),
      ['200'],
    );
  });

  test('what a write that sent nothing reserved is given back by release', async () => {
    const owner = await limitedKey();
    const id = await reserved(owner.key, 900n);
    await app.services.keySpend.release(id);
    assert.equal(await left(owner.key), '1000');
  });

  /** A payout's writes: one per amount, each with its own transaction id. */
  const many = (amounts: bigint[], asset = 'native') =>
    amounts.map((amount) => ({
      transactionId: newId('tx') as TransactionId,
      spend: { ...spend(amount), moves: [{ asset, amount }] },
    }));
  const rowsOf = (key: KeyOfRequest) =>
    app.db.query<{ transaction_id: string; amount: string; asset: string }>(
      'select transaction_id, amount::text, asset from api_key_spend where key_id = $1 order by amount',
      [key.id],
    );

  test('many writes together (a payout): each recorded against its own transaction, their total against the day', async () => {
    const owner = await limitedKey();
    await reserved(owner.key, 100n);
    const writes = many([300n, 200n]);
    assert.equal(await app.services.keySpend.reserveMany(owner.key, writes), true);
    assert.equal(await left(owner.key), '400');
    const rows = await rowsOf(owner.key);
    assert.deepEqual(
      rows.filter((r) => r.amount !== '100').map((r) => [r.transaction_id, r.amount]),
      [
        [writes[1]!.transactionId, '200'],
        [writes[0]!.transactionId, '300'],
      ],
    );
    // Exactly at the limit passes; one more over it refuses all of them, recording none.
    assert.equal(await app.services.keySpend.reserveMany(owner.key, many([150n, 250n])), true);
    assert.equal(await left(owner.key), '0');
    await assert.rejects(
      app.services.keySpend.reserveMany(owner.key, many([1n])),
      /may still move in 24 hours/,
    );
    const before = (await rowsOf(owner.key)).length;
    const owner2 = await limitedKey();
    await assert.rejects(app.services.keySpend.reserveMany(owner2.key, many([600n, 401n])), (err: Error) =>
      /Amount 1001 exceeds .* 1000 of 1000 left/.test(err.message),
    );
    assert.deepEqual(await rowsOf(owner2.key), [], 'all or nothing: no item recorded');
    assert.equal(await left(owner2.key), '1000');
    assert.equal((await rowsOf(owner.key)).length, before);
  });

  test('many writes: a per-transaction maximum holds each one; the window rolls for them as for one', async () => {
    const user = await app.newUser();
    const policyInput = {
      limits: [{ chain: 'base', asset: 'native', perTransaction: '500', perDay: '1000' }],
    };
    const { apiKey } = await app.services.apiKeys.create(user.userId, { name: 'each', policy: policyInput });
    const key = { id: apiKey.id, policy: parseKeyPolicy(createChainRegistry({}), policyInput) };
    await assert.rejects(app.services.keySpend.reserveMany(key, many([100n, 501n])), /500/);
    assert.deepEqual(await rowsOf(key), [], 'nothing recorded');
    assert.equal(await app.services.keySpend.reserveMany(key, many([500n, 500n])), true);
    await assert.rejects(app.services.keySpend.reserveMany(key, many([1n])), /may still move in 24 hours/);
    clock.advance(24 * HOUR - 1);
    await assert.rejects(app.services.keySpend.reserveMany(key, many([1n])), /may still move in 24 hours/);
    clock.advance(1);
    assert.equal(await app.services.keySpend.reserveMany(key, many([1000n - 500n, 500n])), true);
  });

  test('many writes under no daily limit, or none at all, record nothing', async () => {
    const user = await app.newUser();
    const policyInput = { limits: [{ chain: 'base', asset: 'native', perTransaction: '500' }] };
    const { apiKey } = await app.services.apiKeys.create(user.userId, {
      name: 'no-day',
      policy: policyInput,
    });
    const key = { id: apiKey.id, policy: parseKeyPolicy(createChainRegistry({}), policyInput) };
    assert.equal(await app.services.keySpend.reserveMany(key, many([400n, 400n, 400n])), false);
    assert.equal(await app.services.keySpend.reserveMany(key, []), false);
    const owner = await limitedKey();
    assert.equal(await app.services.keySpend.reserveMany(owner.key, []), false);
    // A token the limits do not name does not count against the native limit.
    assert.equal(
      await app.services.keySpend.reserveMany(
        owner.key,
        many([5000n], '0x0000000000000000000000000000000000000001'),
      ),
      false,
    );
    assert.deepEqual(await rowsOf(key), []);
    assert.deepEqual(await rowsOf(owner.key), []);
    assert.equal(await left(owner.key), '1000');
  });

  test('many writes in two assets: each asset’s total against its own limit', async () => {
    const user = await app.newUser();
    const token = '0x00000000000000000000000000000000000000aa';
    const policyInput = {
      limits: [
        { chain: 'base', asset: 'native', perDay: '1000' },
        { chain: 'base', asset: token, perDay: '50' },
      ],
    };
    const { apiKey } = await app.services.apiKeys.create(user.userId, { name: 'two', policy: policyInput });
    const key = { id: apiKey.id, policy: parseKeyPolicy(createChainRegistry({}), policyInput) };
    assert.equal(
      await app.services.keySpend.reserveMany(key, [...many([900n]), ...many([40n], token)]),
      true,
    );
    const standing = await app.services.keySpend.standing(key);
    assert.deepEqual(
      standing.map((l) => [l.asset.toLowerCase(), l.remainingLast24h]),
      [
        ['native', '100'],
        [token, '10'],
      ],
    );
    await assert.rejects(
      app.services.keySpend.reserveMany(key, [...many([10n]), ...many([11n], token)]),
      /may still move in 24 hours/,
    );
    assert.deepEqual(
      (await app.services.keySpend.standing(key)).map((l) => l.remainingLast24h),
      ['100', '10'],
    );
  });

  test('many writes: one asset under a daily limit and one under none still reserves the first; another chain’s spend never counts', async () => {
    const user = await app.newUser();
    const policyInput = {
      limits: [
        { chain: 'base', asset: 'native', perDay: '1000' },
        { chain: 'ethereum', asset: 'native', perDay: '1000' },
      ],
    };
    const { apiKey } = await app.services.apiKeys.create(user.userId, { name: 'mixed', policy: policyInput });
    const key = { id: apiKey.id, policy: parseKeyPolicy(createChainRegistry({}), policyInput) };
    const onEthereum = many([800n]).map((w) => ({ ...w, spend: { ...w.spend, chain: 'ethereum' } }));
    assert.equal(await app.services.keySpend.reserveMany(key, onEthereum), true);
    const unlisted = '0x0000000000000000000000000000000000000001';
    assert.equal(
      await app.services.keySpend.reserveMany(key, [...many([5n], unlisted), ...many([900n])]),
      true,
    );
    assert.deepEqual(
      (await app.services.keySpend.standing(key)).map((l) => [l.chain, l.remainingLast24h]),
      [
        ['base', '100'],
        ['ethereum', '200'],
      ],
    );
  });
});
