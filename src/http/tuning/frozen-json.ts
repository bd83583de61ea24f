import type { FastifyReply } from 'fastify';

/**
 * A cached wallet list (app/wallets.ts `list`) is the same frozen array for every reader until the
 * cache entry changes; its response body is then serialized once per array, not per request, which
 * keeps a cached read close to the cost of a static route (bench:wallets). (Balances keep their
 * encoded answers themselves: app/balances/balance-answers.ts.)
 *
 * The rule is explicit and checked: only a frozen value is memoized (a frozen array cannot gain,
 * lose or replace elements, and the services freeze the elements too), so a cache that hands back
 * copies (a Redis cache deserializes a new array every time) is simply serialized each time,
 * correctly. The body is plain JSON.stringify of `{ [field]: value }`, so the values must already
 * have exactly the response schema's shape; the OpenAPI conformance tests check every answer's
 * body against its schema (test/foundation/openapi-fuzz.test.ts).
 */
const bodies = new WeakMap<readonly unknown[], Buffer>();

export function sendListJson(reply: FastifyReply, field: string, value: readonly unknown[]): FastifyReply {
  let body = bodies.get(value);
  if (body === undefined) {
    // Kept encoded: a string body is encoded to UTF-8 (and measured) again on every response.
    body = Buffer.from(JSON.stringify({ [field]: value }));
    if (Object.isFrozen(value)) bodies.set(value, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
