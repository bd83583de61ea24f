// @needs postgres
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { derivedKeyStore } from '../../src/app/derived-key-store.ts';
import { DERIVED_KEY_WINDOW_MS, DerivedKeys, keyIdentity } from '../../src/mcp/derived-keys.ts';
import { createDatabase, ENGINES } from '../support/database.ts';

describe('derived idempotency keys kept in the database', () => {
  const alice = keyIdentity(`wak_aaaa_${'a'.repeat(32)}`);
  const args = {
    chain: 'base',
    to: '0x000000000000000000000000000000000000dEaD',
    asset: 'native',
    amount: '1',
  };

  for (const engine of ENGINES)
    test(`${engine}: a key outlives the process that derived it, for its window, on every instance`, async () => {
      const db = await createDatabase(engine);
      try {
        let now = Date.parse('2030-01-01T00:00:00Z');
        const clock = { now: () => now };
        const first = new DerivedKeys({ store: derivedKeyStore({ db }), ...clock });
        const key = await first.keyFor(alice, 'send', args);
        // Another process (a restart, another instance) over the same database.
        const second = new DerivedKeys({ store: derivedKeyStore({ db }), ...clock });
        now += DERIVED_KEY_WINDOW_MS - 1;
        assert.equal(await second.keyFor(alice, 'send', { ...args }), key);
        const concurrent = await Promise.all(
          [1, 2, 3].map(() => second.keyFor(alice, 'send', { ...args, amount: '2' })),
        );
        assert.equal(new Set(concurrent).size, 1, 'concurrent first calls share one key');
        await second.forget(alice, 'send', args, 'another-key');
        assert.equal(
          await first.keyFor(alice, 'send', args),
          key,
          'only the key that was refused is forgotten',
        );
        await second.forget(alice, 'send', args, key);
        const fresh = await first.keyFor(alice, 'send', args);
        assert.notEqual(fresh, key, 'forgotten: a new attempt');
        now += DERIVED_KEY_WINDOW_MS;
        assert.notEqual(await second.keyFor(alice, 'send', args), fresh, 'past its window: a new payment');
      } finally {
        await db.close();
      }
    });
});
