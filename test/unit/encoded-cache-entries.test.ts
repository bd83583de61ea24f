// The in-process cache's encoded entries (src/cache/cache.ts getBytes/setBytes), which hold the
// stored balance answers: found by their group and every part of their variant, live until their
// TTL, dropped with their group's tag, and bounded per group and in bytes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { memoryCache } from '../../src/cache/cache.ts';
import { ManualClock } from '../../src/support/clock.ts';

const bytes = (text: string) => Buffer.from(text);

test('an entry is found by its group and every part of its variant, until its TTL', async () => {
  const clock = new ManualClock(0);
  const cache = memoryCache({ clock });
  const list = 'a'.repeat(2000);
  await cache.setBytes('bal|x|0xab', ['0', list], bytes('zero off'), { ttlMs: 15_000 });
  await cache.setBytes('bal|x|0xab', ['1', list], bytes('zero on'), { ttlMs: 15_000 });
  // Equal parts built anew (a request's own strings), not the stored ones.
  assert.equal(
    String(await cache.getBytes('bal|x|0xab', ['0', `${list.slice(0, 1000)}${list.slice(1000)}`])),
    'zero off',
  );
  assert.equal(String(await cache.getBytes('bal|x|0xab', ['1', list])), 'zero on');
  assert.equal(await cache.getBytes('bal|x|0xab', ['0', `${list}b`]), undefined);
  assert.equal(await cache.getBytes('bal|x|0xab', ['0|', list.slice(1)]), undefined, 'parts are not joined');
  assert.equal(await cache.getBytes('bal|x|0xcd', ['0', list]), undefined);
  clock.advance(14_999);
  assert.equal(String(await cache.getBytes('bal|x|0xab', ['0', list])), 'zero off');
  clock.advance(1);
  assert.equal(await cache.getBytes('bal|x|0xab', ['0', list]), undefined);
});

test("a group's entries are dropped with its tag, with the readings of that tag, and only those", async () => {
  const cache = memoryCache({ clock: new ManualClock(0) });
  await cache.setMany([{ key: 'bal|x|0xab|native', value: { raw: '1' } }], {
    ttlMs: 15_000,
    tags: ['bal|x|0xab'],
  });
  await cache.setBytes('bal|x|0xab', ['0', ''], bytes('a'), { ttlMs: 15_000 });
  await cache.setBytes('bal|x|0xcd', ['0', ''], bytes('b'), { ttlMs: 15_000 });
  await cache.invalidateTag('bal|x|0xab');
  assert.equal(await cache.getBytes('bal|x|0xab', ['0', '']), undefined);
  assert.deepEqual(await cache.getMany(['bal|x|0xab|native']), [undefined]);
  assert.equal(String(await cache.getBytes('bal|x|0xcd', ['0', ''])), 'b');
});

test('a new value replaces the old; a group keeps its 64 newest variants; the oldest groups go past the byte bound (the newest stays)', async () => {
  const cache = memoryCache({ clock: new ManualClock(0), maxBytes: 60 });
  await cache.setBytes('g', ['0', 'x'], bytes('old'), { ttlMs: 1000 });
  await cache.setBytes('g', ['0', 'x'], bytes('new'), { ttlMs: 1000 });
  assert.equal(String(await cache.getBytes('g', ['0', 'x'])), 'new');
  for (let i = 0; i < 65; i++) await cache.setBytes('many', ['0', String(i)], bytes('.'), { ttlMs: 1000 });
  assert.equal(await cache.getBytes('many', ['0', '0']), undefined, 'the oldest variant went');
  assert.equal(String(await cache.getBytes('many', ['0', '1'])), '.');
  assert.equal(await cache.getBytes('g', ['0', 'x']), undefined, 'the first group went once past 60 bytes');
  await cache.setBytes('big', ['0', ''], bytes('z'.repeat(90)), { ttlMs: 1000 });
  assert.equal(await cache.getBytes('many', ['0', '1']), undefined);
  assert.equal((await cache.getBytes('big', ['0', '']))?.length, 90);
});
