// @needs postgres
// The tracker signs again (a fee bump, a Solana re-sign after expiry) without the wallet's lock, so
// a caller's cancel or speed-up may be recorded while it signs (issue 29). Its attempt is recorded
// only while the cancel and the speed-up stand as it read them: a Solana cancel ("the service stops
// re-signing") is never signed over, nor a higher compute-unit price ignored. On both engines, with
// the statements the service runs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { asUserId } from '../../src/domain/ids.ts';
import type { AttemptRecord } from '../../src/domain/transactions.ts';
import { transactionsRepository } from '../../src/store/repositories/transactions-repository.ts';
import { recordTransaction } from '../events/event-fixtures.ts';
import { createDatabase, ENGINES } from '../support/database.ts';

const attempt = (n: number): AttemptRecord => ({
  attempt: n,
  hash: `sig${n}`,
  signedTx: `signed${n}`,
  fees: { computeUnitPrice: '1000' },
  lastValidBlockHeight: 100n * BigInt(n),
  createdAt: new Date(),
});

describe('a re-sign by the tracker and a caller’s cancel or speed-up recorded meanwhile', () => {
  for (const engine of ENGINES)
    test(`${engine}: the re-sign is recorded only over what it read`, async () => {
      const db = await createDatabase(engine);
      try {
        const userId = asUserId('usr_resign');
        await db.query("insert into users (id, email, created_at) values ($1, 'r@example.test', now())", [
          userId,
        ]);
        await db.query(
          `insert into wallets (id, user_id, chain_type, address, address_key, provider_type, client_type,
             is_default, automation_enabled, created_at, provider)
           values ('wal_resign', $1, 'solana', 'So1ana1111111111111111111111111111111111111',
             'So1ana1111111111111111111111111111111111111', 'local', 'local', true, true, now(), 'local')`,
          [userId],
        );
        const wallet = {
          id: 'wal_resign' as never,
          address: 'So1ana1111111111111111111111111111111111111',
          userId,
          chainType: 'solana' as const,
        };
        const repo = transactionsRepository(db);
        const attempts = async (id: string) =>
          (
            await db.query<{ n: number }>(
              'select count(*)::int as n from transaction_attempts where transaction_id = $1',
              [id],
            )
          )[0]?.n;

        // A cancel recorded after the tracker read the transaction: its re-sign is not recorded.
        const cancelled = await recordTransaction(db, wallet, { status: 'SUBMITTED' });
        const read = (await repo.findById(cancelled.id))!;
        assert.equal(
          await repo.noteCallerReplacement(cancelled.id, {
            payload: null,
            details: { cancel: { requestedAt: new Date().toISOString(), fromAttempt: null } },
            nextCheckAt: new Date(),
          }),
          true,
        );
        assert.equal(
          await repo.addAttempt(cancelled.id, attempt(1), new Date(), 'resigned-after-expiry', read),
          false,
        );
        assert.equal(await attempts(cancelled.id), 0, 'nothing recorded over the cancel');
        // Read again, with the cancel: an EVM cancel's own re-pricing goes on.
        const again = (await repo.findById(cancelled.id))!;
        assert.equal(await repo.addAttempt(cancelled.id, attempt(1), new Date(), 'fee-bump', again), true);
        assert.equal(await attempts(cancelled.id), 1);

        // A speed-up's price recorded meanwhile: not recorded; read again, it is.
        const priced = await recordTransaction(db, wallet, { status: 'SUBMITTED' });
        const before = (await repo.findById(priced.id))!;
        await repo.noteCallerReplacement(priced.id, {
          payload: null,
          details: { speedUp: { computeUnitPrice: '40000' } },
          nextCheckAt: new Date(),
        });
        assert.equal(
          await repo.addAttempt(priced.id, attempt(1), new Date(), 'resigned-after-expiry', before),
          false,
        );
        const after = (await repo.findById(priced.id))!;
        assert.equal(
          await repo.addAttempt(priced.id, attempt(1), new Date(), 'resigned-after-expiry', after),
          true,
        );
        assert.equal((await repo.findById(priced.id))?.hash, 'sig1');

        // Nothing changed in between (evidence noted by the tracker itself does not count): recorded.
        const plain = await recordTransaction(db, wallet, { status: 'SUBMITTED' });
        const seen = (await repo.findById(plain.id))!;
        await repo.noteEvidence(plain.id, { solana: { looks: 3 } });
        assert.equal(
          await repo.addAttempt(plain.id, attempt(1), new Date(), 'resigned-after-expiry', seen),
          true,
        );
        // Without `asRead` (a caller's own attempt, under the lock), always.
        assert.equal(await repo.addAttempt(plain.id, attempt(2), new Date(), 'speed-up'), true);
      } finally {
        await db.close();
      }
    });
});
