import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../errors/app-error.ts';

/**
 * `application/json`, optionally with `charset=utf-8`, and nothing else: a Content-Type such as
 * `application/json;;;` or `application/json; foo` is refused rather than read as JSON anyway.
 */
const JSON_CONTENT_TYPE = /^application\/json[ \t]*(;[ \t]*charset[ \t]*=[ \t]*("utf-8"|utf-8)[ \t]*)?$/i;

/** No query parameters: the schema of an operation that documents none. */
const NO_QUERY = Type.Object({}, { additionalProperties: false });

/** Fastify reads no body for these, so their routes need no Content-Type check. */
const BODYLESS = new Set(['GET', 'HEAD']);

const checkContentType: preValidationHookHandler = (request, _reply, done) => {
  const type = request.headers['content-type'];
  if (request.body === undefined || type === undefined || JSON_CONTENT_TYPE.test(type)) return done();
  const shown = JSON.stringify(type.length > 64 ? `${type.slice(0, 64)}…` : type);
  done(
    new AppError(
      'INVALID_INPUT',
      `Content-Type must be application/json (optionally with ; charset=utf-8), got ${shown}`,
    ),
  );
};

/**
 * The shape of every /api/v1 request beyond its own schemas, the same for every operation:
 * - an operation without query parameters refuses any (`/chains?foo=1` is 400, like `/wallets?foo=1`);
 * - a body comes as `application/json` (after authentication and the rate limit, DESIGN A4).
 * Registered in the /api/v1 scope before its routes. The Content-Type check is a hook of the
 * routes that take a body only: a hook of the scope would run on every GET too (bench:wallets).
 */
export function registerRequestShape(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    if (route.schema?.hide) return;
    route.schema = { ...route.schema, querystring: route.schema?.querystring ?? NO_QUERY };
    if ([route.method].flat().some((m) => !BODYLESS.has(m)))
      route.preValidation = [checkContentType, ...[route.preValidation ?? []].flat()];
  });
}
