import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DERIVED_KEY_WINDOW_MS, DerivedKeys, keyIdentity } from '../../src/mcp/derived-keys.ts';

describe('derived idempotency keys of MCP write tools', () => {
  const alice = keyIdentity(`wak_aaaa_${'a'.repeat(32)}`);
  const bob = keyIdentity(`wak_bbbb_${'b'.repeat(32)}`);
  const args = {
    chain: 'base',
    to: '0x000000000000000000000000000000000000dEaD',
    asset: 'native',
    amount: '1',
  };

  test('an identical call within 10 minutes of the FIRST call reuses its key; later ones get a new key', async () => {
    let now = 1_000_000;
    const keys = new DerivedKeys({ now: () => now });
    const first = await keys.keyFor(alice, 'send', args);
    now += 1_000;
    assert.equal(await keys.keyFor(alice, 'send', { ...args }), first, 'a second later: a replay');
    now += DERIVED_KEY_WINDOW_MS - 1_001;
    assert.equal(
      await keys.keyFor(alice, 'send', args),
      first,
      'just inside the window of the first call, however many calls came since',
    );
    now += 1;
    const second = await keys.keyFor(alice, 'send', args);
    assert.notEqual(second, first, 'the window counts from the first call: a new payment');
    assert.equal(await keys.keyFor(alice, 'send', args), second);
  });

  test('argument order does not matter; other arguments, tools or API keys are other writes', async () => {
    const keys = new DerivedKeys();
    const key = await keys.keyFor(alice, 'send', args);
    assert.equal(
      await keys.keyFor(alice, 'send', { amount: '1', asset: 'native', to: args.to, chain: 'base' }),
      key,
    );
    assert.notEqual(await keys.keyFor(alice, 'send', { ...args, amount: '2' }), key);
    assert.notEqual(await keys.keyFor(alice, 'swap', args), key);
    assert.notEqual(await keys.keyFor(bob, 'send', args), key);
  });

  test('a forgotten key (the API refused the write) makes the same call a new attempt', async () => {
    const keys = new DerivedKeys();
    const key = await keys.keyFor(alice, 'send', args);
    await keys.forget(alice, 'send', args, 'another-key');
    assert.equal(await keys.keyFor(alice, 'send', args), key, 'only the key that was refused is forgotten');
    await keys.forget(alice, 'send', args, key);
    assert.notEqual(await keys.keyFor(alice, 'send', args), key);
  });

  test('identities are hashes of the API key, never the key', async () => {
    assert.match(alice, /^[0-9a-f]{64}$/);
    assert.ok(!alice.includes('wak_'));
  });
});
