/**
 * Route schemas compiled on a route's first use rather than while the server starts.
 *
 * Fastify compiles every route's request validators (Ajv) and every response serializer
 * (fast-json-stringify, one per route and status: each route documents eight or more error
 * statuses) before it listens. Measured with --cpu-prof on a warm `npm start`: 0.55 of the 0.9 s the
 * service took from an open database to listening. Most of those compiled functions are never
 * called in a process's life (an error status a route rarely answers). Compiled when first
 * needed, each costs its few milliseconds once, on the first request that needs it; a schema
 * that does not compile is still a 500 of that route (every route's statuses run in the tests).
 *
 * Neither library offers this (both compile eagerly by design), hence these wrappers.
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Serializer = (data: unknown) => string;
type SerializerBuilder = (externalSchemas: unknown, options?: object) => (route: RouteSchema) => Serializer;
export interface RouteSchema {
  method: string;
  url: string;
  httpStatus?: string;
  httpPart?: string;
  schema?: unknown;
}

/** Fastify's own serializer builder (fast-json-stringify), compiling each schema when first used. */
export const lazySerializers: SerializerBuilder = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: Serializer | undefined;
    return (data) => {
      serialize ??= compile(route as Parameters<typeof compile>[0]);
      return serialize(data);
    };
  };
};

/** An Ajv validator: called with the data (and its parent, to replace a coerced root value). */
export interface Validator {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

/**
 * A route validator compiled when first called. Fastify reads the outcome's details from the
 * function's `errors` (Ajv's convention), so they are copied over after each call; and it passes
 * the parent object only to functions that carry Ajv's `schemaEnv`, which every Ajv validator does,
 * so the wrapper carries it from the start.
 */
export function lazyValidator(compile: () => Validator): Validator {
  let compiled: Validator | undefined;
  const validate: Validator = (data, context) => {
    compiled ??= compile();
    const result = compiled(data, context);
    validate.errors = compiled.errors;
    return result;
  };
  validate.schemaEnv = true;
  return validate;
}
