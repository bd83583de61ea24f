/**
 * The query-string parser of every route (Fastify's `routerOptions.querystringParser`).
 *
 * Written here because every parser at hand walks the text one character at a time in JavaScript:
 * Fastify's default (fast-querystring), `node:querystring` and `URLSearchParams` each took 7.5 to
 * 10 µs for the 2 KB query of a 50-token balances read (2 cores, Node 20), on every request, the
 * largest single cost of that route (bench:balances profile). This one finds the separators with
 * the engine's native `indexOf` and `split`, so a long value costs a memory scan.
 *
 * The result is fast-querystring's, exactly (test/unit/query-string.test.ts compares them on
 * generated input): pairs split on `&`, key and value on the first `=`; `+` is a space and
 * percent-escapes are decoded, a malformed escape leaving the text as sent; a pair without `=` is a
 * key with the empty value, an empty pair is skipped; a repeated key collects its values in an
 * array, in order; the object has no prototype, so `__proto__` or `constructor` are plain keys.
 */

/**
 * Objects with no prototype, made by `new` (V8 builds these faster than Object.create(null)). A
 * function, not a class: a class's prototype would carry `constructor`, which is a query key here.
 */
// biome-ignore lint/complexity/useArrowFunction: an arrow function cannot be called with new.
const NoPrototype = function () {} as unknown as new () => Record<string, string | string[]>;
NoPrototype.prototype = Object.create(null);

export type ParsedQuery = Record<string, string | string[]>;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `+` as a space, then the percent-escapes, for a part known to hold one or the other. */
function unescapePart(part: string): string {
  const spaced = part.includes('+') ? part.replaceAll('+', ' ') : part;
  return spaced.includes('%') ? decode(spaced) : spaced;
}

export function parseQueryString(input: string): ParsedQuery {
  const result = new NoPrototype();
  if (typeof input !== 'string' || input.length === 0) return result;
  // Most queries hold neither: then no part needs looking at again.
  const escaped = input.includes('+') || input.includes('%');
  for (const pair of input.split('&')) {
    if (pair.length === 0) continue;
    const eq = pair.indexOf('=');
    let key = eq === -1 ? pair : pair.slice(0, eq);
    let value = eq === -1 ? '' : pair.slice(eq + 1);
    if (escaped) {
      key = unescapePart(key);
      value = unescapePart(value);
    }
    const current = result[key];
    if (current === undefined) result[key] = value;
    else if (typeof current === 'string') result[key] = [current, value];
    else current.push(value);
  }
  return result;
}
