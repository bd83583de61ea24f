// @needs postgres
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { asTransactionId, asUserId, asWalletId } from '../../src/domain/ids.ts';
import type { TransactionRecord } from '../../src/domain/transactions.ts';
import { eventsRepository } from '../../src/store/repositories/events-repository.ts';
import {
  transactionFromSnapshot,
  transactionsRepository,
} from '../../src/store/repositories/transactions-repository.ts';
import { createDatabase, ENGINES } from '../support/database.ts';

const user = asUserId('usr_events');
const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));

function record(id: string): TransactionRecord {
  return {
    id: asTransactionId(id),
    userId: user,
    walletId: asWalletId('wal_events'),
    chain: 'ethereum-localnet',
    chainType: 'ethereum',
    chainId: 31337,
    kind: 'send',
    fromAddress: '0x1111111111111111111111111111111111111111',
    toAddress: '0x2222222222222222222222222222222222222222',
    value: '123456789012345678901234567890',
    status: 'PENDING',
    hash: '0xaa',
    error: null,
    nonce: 7n,
    details: { asset: 'native', amount: '123456789012345678901234567890' },
    payload: { secret: 'never in an event' },
    stuckReason: null,
    landedBlock: null,
    landedBlockHash: null,
    attempts: [],
    createdAt: at(0),
    updatedAt: at(0),
    nextCheckAt: at(1),
  };
}

const attempt = (n: number, hash: string) => ({
  attempt: n,
  hash,
  signedTx: '0xsigned',
  fees: { maxFeePerGas: '10' },
  lastValidBlockHeight: null,
  createdAt: at(n),
});

describe('the event log kept by the database', () => {
  for (const engine of ENGINES)
    test(`${engine}: every change of a transaction is one event, in order, in the statement that makes it`, async () => {
      const db = await createDatabase(engine);
      try {
        await db.query("insert into users (id, email, created_at) values ($1, 'e@example.test', now())", [
          user,
        ]);
        await db.query(
          `insert into wallets (id, user_id, chain_type, address, address_key, provider_type, client_type,
             is_default, automation_enabled, created_at, provider)
           values ('wal_events', $1, 'ethereum', '0x1111111111111111111111111111111111111111',
             '0x1111111111111111111111111111111111111111', 'local', 'local', true, true, now(), 'local')`,
          [user],
        );
        const txs = transactionsRepository(db);
        const events = eventsRepository(db);
        assert.equal(await txs.insert(record('tx_1'), attempt(1, '0xaa'), null), true);
        await txs.markSubmitted('tx_1', {
          now: at(2),
          nextCheckAt: at(3),
          link: null,
          responseBody: '{}',
          stuckReason: 'Fees too low for now',
        });
        await txs.claimDue(at(10), 10, at(20)); // a tracker's claim: nothing a user notices
        await txs.addAttempt('tx_1', attempt(2, '0xbb'), at(4), 'fee-bump');
        await txs.transition('tx_1', ['SUBMITTED'], {
          status: 'CONFIRMED',
          now: at(5),
          nextCheckAt: null,
          landed: { block: 9n, blockHash: '0xblock' },
        });
        await txs.transition('tx_1', ['CONFIRMED'], { status: 'SUBMITTED', now: at(6), nextCheckAt: at(7) });
        // A change that rolls back emits nothing.
        await assert.rejects(
          db.transaction(async (tx) => {
            await transactionsRepository(tx).transition('tx_1', ['SUBMITTED'], {
              status: 'FAILED',
              now: at(8),
              nextCheckAt: null,
              error: 'no',
            });
            throw new Error('rolled back');
          }),
        );
        const log = await events.listAfter(user, 0n, null, 100);
        assert.deepEqual(
          log.map((e) => [Number(e.sequence), e.type]),
          [
            [1, 'transaction.created'],
            [2, 'transaction.submitted'],
            [3, 'transaction.stuck'],
            [4, 'transaction.replaced'],
            [5, 'transaction.confirmed'],
            [6, 'transaction.reorged'],
          ],
        );
        const [created, submitted, , replaced, confirmed] = log;
        const first = transactionFromSnapshot(created?.data.transaction as Record<string, unknown>);
        assert.equal(first.value, '123456789012345678901234567890', 'amounts exact');
        assert.equal(first.nonce, 7n);
        assert.deepEqual(
          first.attempts.map((a) => a.hash),
          ['0xaa'],
          'the attempt inserted beside the transaction is in its snapshot',
        );
        assert.equal(created?.data.previousStatus, null);
        assert.equal(created?.createdAt.toISOString(), at(0).toISOString());
        assert.equal(submitted?.data.previousStatus, 'PENDING');
        assert.deepEqual(replaced?.data.replacement, {
          oldHash: '0xaa',
          newHash: '0xbb',
          reason: 'fee-bump',
        });
        assert.deepEqual(
          transactionFromSnapshot(replaced?.data.transaction as Record<string, unknown>).attempts.map(
            (a) => a.hash,
          ),
          ['0xaa', '0xbb'],
        );
        assert.equal(confirmed?.data.previousStatus, 'SUBMITTED');
        assert.equal(
          JSON.stringify(log.map((e) => e.data)).includes('never in an event'),
          false,
          'no payload in events',
        );
        assert.equal(await events.head(user), 6n);
        assert.deepEqual(
          (await events.listAfter(user, 4n, ['transaction.confirmed', 'transaction.created'], 10)).map(
            (e) => e.type,
          ),
          ['transaction.confirmed'],
        );
        const byId = await events.findById(user, replaced?.id as string);
        assert.equal(byId?.sequence, 4n);
        assert.equal(await events.findById(asUserId('usr_other'), replaced?.id as string), null);
      } finally {
        await db.close();
      }
    });
});
