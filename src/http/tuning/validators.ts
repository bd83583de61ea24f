// Fastify's validator compiler, tuned (an upgrade seam: docs/architecture.md, "Upgrade checklist").
// Fastify takes one Ajv configuration for every part of a request; the API needs two (bodies never
// coerced, query strings and headers coerced as documented), so this builds the route validators
// through @fastify/ajv-compiler's factory itself, each compiled at its first use (lazy-schemas.ts).
import AjvCompiler, { type ValidatorFactory } from '@fastify/ajv-compiler';
import { lazyValidator, type Validator } from './lazy-schemas.ts';

const AJV_OPTIONS = {
  // Unknown parameters are refused with a message rather than silently dropped.
  removeAdditional: false,
  useDefaults: true,
  allErrors: false,
  // Findings carry the value and the schema that refused it, so messages can say what to send
  // instead (plugins/errors.ts): only requests that fail pay for it.
  verbose: true,
  // Not checked against the JSON Schema meta-schema: that compiles the meta-schema in each of the
  // two Ajv instances below, 0.22 s of every start (--cpu-prof). The schemas are TypeBox's output,
  // and Ajv's strict mode still refuses an unknown keyword or a malformed one when a schema is
  // compiled (every route's schemas are, in the tests).
  validateSchema: false,
} as const;

/**
 * Query strings and path parameters are text, so their booleans and numbers are coerced as
 * documented; JSON bodies are never coerced (DESIGN A2): a number, boolean or null where a string
 * is documented is refused, so `"amount": 12345678901234567890` cannot arrive rounded. Fastify's one
 * `ajv` option applies to every part alike, hence two compilers chosen by the part validated.
 */
type RouteValidatorBuilder = (route: { httpPart?: string; schema?: unknown }) => unknown;

/**
 * Header names arrive lower-cased; Fastify lower-cases a header schema's names itself only for its
 * own compiler, so this does the same for ours.
 */
function lowerCaseHeaderSchema(schema: unknown): unknown {
  const s = schema as { properties?: Record<string, unknown>; required?: string[] } | undefined;
  if (!s?.properties) return schema;
  return {
    ...s,
    properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k.toLowerCase(), v])),
    ...(s.required ? { required: s.required.map((r) => r.toLowerCase()) } : {}),
  };
}
/**
 * Ajv's console logger, less its notice that the `unicode` option is deprecated (ajv 8 still honours
 * it, and names no replacement): set on purpose below, it would print at every start.
 */
const unicodeOptionLogger = {
  log: console.log,
  warn: (...args: unknown[]) => {
    if (!String(args[0]).startsWith('DEPRECATED: option unicode.')) console.warn(...args);
  },
  error: console.error,
};

// @fastify/ajv-compiler's declared types describe a bare schema compiler; at run time (and for
// Fastify) the builder returns a compiler of route definitions, which is what is used here.
export const bodyStrictValidator = ((externalSchemas: never, options: Record<string, unknown>) => {
  const build = (coerceTypes: boolean, unicode: boolean) =>
    AjvCompiler()(externalSchemas, {
      ...options,
      customOptions: {
        ...AJV_OPTIONS,
        coerceTypes,
        ...(unicode ? {} : { unicode, logger: unicodeOptionLogger }),
      },
    }) as unknown as RouteValidatorBuilder;
  // In the URL and headers a string's length bounds the work a request can cause, so it is counted
  // in UTF-16 units (`.length`, at most the count of characters: never more than documented passes)
  // rather than walked character by character: a 2 KB token list is checked on every cached
  // balances read (bench:balances). Bodies keep counting characters, as JSON Schema defines.
  const coercing = build(true, false);
  const strict = build(false, true);
  const compile = (route: { httpPart?: string; schema?: unknown }) => {
    if (route.httpPart === 'body') return strict(route);
    if (route.httpPart === 'headers')
      return coercing({ ...route, schema: lowerCaseHeaderSchema(route.schema) });
    return coercing(route);
  };
  return (route: { httpPart?: string; schema?: unknown }) => lazyValidator(() => compile(route) as Validator);
}) as unknown as ValidatorFactory;
