// The API parses query strings itself (src/http/query-string.ts, for speed); what a route receives
// must be exactly what Fastify's own parser (fast-querystring, through find-my-way) would give it.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { parseQueryString } from '../../src/http/query-string.ts';

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const fromRouter = createRequire(fromFastify.resolve('find-my-way'));
const fastQueryString = fromRouter('fast-querystring') as { parse(input: string): Record<string, unknown> };

const entries = (o: Record<string, unknown>) => Object.entries(o);

test('the same keys, values, order and arrays as fast-querystring on hand-picked queries', () => {
  const cases = [
    '',
    'a',
    'a=',
    '=a',
    '=',
    '&',
    '&&a=1&&',
    'chain=evm-localnet&tokens=0xabc,0xdef',
    'a=1&a=2&a=3&b=x',
    'a=b=c',
    'a+b=c+d',
    'a%20b=c%20d',
    'q=%2B%26%3D',
    'q=%E2%82%AC&r=%C3%A9',
    'q=%', // malformed escapes stay as sent
    'q=%E0%A4%A',
    'q=%C0%80', // an overlong encoding
    'q=%ED%A0%80', // a lone surrogate
    'q=100%25+sure',
    '__proto__=x&constructor=y&toString=z&hasOwnProperty=w',
    '__proto__=1&__proto__=2',
    '1=a&0=b&b=c',
    'é=ü&a=€',
    `tokens=${Array.from({ length: 50 }, (_, i) => `0x${i.toString(16).padStart(40, 'a')}`).join(',')}`,
  ];
  for (const input of cases)
    assert.deepEqual(entries(parseQueryString(input)), entries(fastQueryString.parse(input)), input);
});

test('the same results as fast-querystring on generated queries', () => {
  // A fixed generator (no Math.random): a failure names an input that reproduces.
  let seed = 20261125;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const pieces = [
    'a',
    'b',
    'key',
    '=',
    '&',
    '+',
    '%',
    '%2',
    '%20',
    '%2B',
    '%3D',
    '%26',
    '%C3%A9',
    '%E2%82',
    '%ZZ',
    'é',
    '__proto__',
    '1',
    ',',
  ];
  for (let n = 0; n < 5000; n++) {
    let input = '';
    const length = next() % 14;
    for (let i = 0; i < length; i++) input += pieces[next() % pieces.length];
    assert.deepEqual(entries(parseQueryString(input)), entries(fastQueryString.parse(input)), input);
  }
});

test('the result has no prototype: a key named like an Object method is a plain key', () => {
  const parsed = parseQueryString('toString=1&__proto__=2');
  assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(parsed)), null);
  assert.equal(parsed.toString, '1');
  assert.equal(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value, '2');
});
