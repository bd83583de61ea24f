import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorDetail } from '../../errors/app-error.ts';
import type { ErrorCode } from '../../errors/error-codes.ts';
import { isDatabaseUnavailable } from '../../store/database-errors.ts';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** The refused value (Ajv's `verbose` option, build-server.ts). */
  data?: unknown;
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** Fields that carry an amount in base units (as strings, DESIGN A2). */
const AMOUNT_FIELDS = new Set(['amount', 'value']);

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

/**
 * What to send instead, for the refusals where Ajv's own words help least: a raw regular expression,
 * a number where an amount string is documented, a token address given as the asset.
 */
function betterMessage(e: AjvError, field: string): string | undefined {
  const last = field.split('.').pop() ?? field;
  if (e.keyword === 'pattern' && /\{8\}-.*\{12\}\$$/.test(String(e.params.pattern)))
    return 'must be a UUID, 8-4-4-4-12 hex digits such as 5f0c2d7e-9a41-4c3b-8e6f-1b2a3c4d5e6f (a new one per request)';
  if (e.keyword === 'type' && e.params.type === 'string' && e.data !== undefined) {
    if (AMOUNT_FIELDS.has(last) && typeof e.data === 'number')
      return 'must be base units as a string, e.g. "1000" (a JSON number loses digits past 2^53)';
    return `must be a string, not ${jsonType(e.data)}`;
  }
  if (e.keyword === 'enum' && last === 'asset' && typeof e.data === 'string') {
    if (EVM_ADDRESS.test(e.data))
      return 'must be one of native, erc20, spl: a token address goes in "token", with "asset": "erc20"';
    if (BASE58_ADDRESS.test(e.data))
      return 'must be one of native, erc20, spl: a mint address goes in "token", with "asset": "spl"';
  }
  return undefined;
}

const PART_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'path',
  headers: 'header',
};

/** Turns Ajv's findings into `{ path, message }` naming the field as the caller sent it. */
function validationDetails(errors: AjvError[], context: string | undefined): ErrorDetail[] {
  const part = PART_NAMES[context ?? ''] ?? context ?? 'request';
  return errors.map((e) => {
    const field = e.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (e.keyword === 'required') {
      const name = String(e.params.missingProperty);
      return { path: field ? `${field}.${name}` : name, message: `is required (${part})` };
    }
    if (e.keyword === 'additionalProperties') {
      const name = String(e.params.additionalProperty);
      return { path: field ? `${field}.${name}` : name, message: `is not a known ${part} parameter` };
    }
    const allowed = e.params.allowedValues ?? (e.keyword === 'const' ? [e.params.allowedValue] : undefined);
    const message =
      betterMessage(e, field) ??
      (Array.isArray(allowed) ? `must be one of ${allowed.join(', ')}` : (e.message ?? 'is invalid'));
    return { path: field || part, message };
  });
}

/** Maps every error (ours, Fastify's, unexpected) to the documented envelope and status. */
function toAppError(err: FastifyError & { validation?: AjvError[]; validationContext?: string }): AppError {
  if (err instanceof AppError) return err;
  if (err.validation) {
    const details = validationDetails(err.validation, err.validationContext);
    // Union schemas report one finding per branch; keep the first per field.
    const seen = new Set<string>();
    const unique = details.filter((d) => !seen.has(d.path) && seen.add(d.path));
    return new AppError('INVALID_INPUT', unique.map((d) => `${d.path}: ${d.message}`).join('; '), {
      details: unique,
    });
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('INVALID_INPUT', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('INVALID_INPUT', 'body: must be a JSON object, got an empty body');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('INVALID_INPUT', 'body: is not valid JSON');
  }
  if (err instanceof SyntaxError) return new AppError('INVALID_INPUT', 'body: is not valid JSON');
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    const code: ErrorCode = err.statusCode === 404 ? 'NOT_FOUND' : 'INVALID_INPUT';
    return new AppError(code, err.message);
  }
  if (isDatabaseUnavailable(err))
    return new AppError(
      'SERVICE_UNAVAILABLE',
      'The database is unreachable; nothing was done, retry shortly',
      {
        cause: err,
        headers: { 'Retry-After': '5' },
      },
    );
  return new AppError('INTERNAL_ERROR', 'Internal error', { cause: err });
}

/** 413 for a body over the server's 1 MiB limit (build-server.ts), declared or found while reading. */
export function bodyTooLarge(): AppError {
  return new AppError('INVALID_INPUT', 'Request body is larger than the 1 MiB limit', { status: 413 });
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send({
      error: error.message,
      code: error.code,
      requestId: request.id,
      ...(error.details ? { details: error.details } : {}),
      ...(error.sent ? { sent: error.sent } : {}),
    });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const appError = toAppError(err);
    if (appError.code === 'INTERNAL_ERROR') request.log.error({ err }, 'unexpected error');
    else if (appError.status >= 500)
      request.log.warn({ err: appError, cause: appError.cause }, appError.message);
    return sendError(request, reply, appError);
  });
  app.setNotFoundHandler(routeNotFound);
}

/** 404 for a path no route serves, quoting at most 100 characters of it. */
export function routeNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = (request.url.split('?')[0] ?? '').slice(0, 100);
  return sendError(request, reply, new AppError('NOT_FOUND', `No route ${request.method} ${path}`));
}
