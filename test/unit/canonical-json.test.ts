// The request fingerprint behind Idempotency-Key replays (DESIGN A7): two bodies that mean the same
// hash the same, whatever the order of their members, and any change to what they mean changes it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import canonicalizeModule from 'canonicalize';
import fc from 'fast-check';
import { canonicalJson, fingerprint } from '../../src/app/idempotency.ts';

// RFC 8785 (JSON Canonicalization Scheme), an independent implementation to compare with.
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/** The same value with every object's members inserted in the opposite order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
}

const json = fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 });

describe('canonical JSON', () => {
  test('member order never changes the text, at any depth', () => {
    fc.assert(fc.property(json, (value) => canonicalJson(reversed(value)) === canonicalJson(value)));
  });

  test('it is the RFC 8785 canonical form for every JSON value', () => {
    fc.assert(fc.property(json, (value) => canonicalJson(value) === canonicalize(value)));
  });

  test('it loses nothing that JSON keeps: it parses back to the value as JSON.stringify writes it', () => {
    fc.assert(
      fc.property(json, (value) => {
        // (-0 is written as 0 by both, and means the same amount.)
        assert.deepEqual(JSON.parse(canonicalJson(value)), JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  test('nested objects are sorted and arrays keep their order, with no whitespace', () => {
    assert.equal(
      canonicalJson({
        to: '0xabc',
        amount: '10',
        options: { memo: 'x', fee: { tip: 1, cap: 2 } },
        path: [3, 1, 2],
      }),
      '{"amount":"10","options":{"fee":{"cap":2,"tip":1},"memo":"x"},"path":[3,1,2],"to":"0xabc"}',
    );
  });

  test('a member set to undefined is the same as a missing member; in an array it is null', () => {
    assert.equal(canonicalJson({ a: 1, b: undefined }), canonicalJson({ a: 1 }));
    assert.equal(canonicalJson([1, undefined]), '[1,null]');
  });

  test('keys sort by UTF-16 code units: upper case, lower case, accents, then astral characters', () => {
    assert.equal(
      canonicalJson({ '\uffff': 5, é: 3, '😀': 4, z: 2, Z: 1 }),
      '{"Z":1,"z":2,"é":3,"😀":4,"\uffff":5}',
    );
  });

  test('unicode is kept as sent: composed and decomposed accents are different texts', () => {
    assert.notEqual(canonicalJson({ memo: 'caf\u00e9' }), canonicalJson({ memo: 'cafe\u0301' }));
    assert.equal(canonicalJson({ memo: 'caf\u00e9 😀' }), '{"memo":"café 😀"}');
  });
});

describe('request fingerprint', () => {
  const body = { chain: 'base', to: '0x00000000000000000000000000000000000000aa', amount: '1000' };

  test('the same request with its members in another order has the same fingerprint', () => {
    assert.equal(fingerprint({ amount: '1000', to: body.to, chain: 'base' }), fingerprint(body));
  });

  test('any change to a value changes the fingerprint', () => {
    assert.notEqual(fingerprint({ ...body, amount: '10000' }), fingerprint(body));
    assert.notEqual(fingerprint({ ...body, chain: 'Base' }), fingerprint(body));
    assert.notEqual(fingerprint({ ...body, memo: '' }), fingerprint(body));
  });

  test('a number and the same digits as a string are different requests', () => {
    assert.notEqual(fingerprint({ amount: 1000 }), fingerprint({ amount: '1000' }));
  });

  test('arrays in another order are different requests', () => {
    assert.notEqual(fingerprint({ path: ['a', 'b'] }), fingerprint({ path: ['b', 'a'] }));
  });

  test('no body, a null body and an empty object are the same request', () => {
    assert.equal(fingerprint(undefined), fingerprint({}));
    assert.equal(fingerprint(null), fingerprint({}));
  });

  test('it is the SHA-256 of the canonical text, in hex', () => {
    // sha256('{}'), computed independently.
    assert.equal(fingerprint({}), '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });
});
