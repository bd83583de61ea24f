import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorDetail } from '../../errors/app-error.ts';
import type { ErrorCode } from '../../errors/error-codes.ts';
import { isDatabaseUnavailable } from '../../store/database-errors.ts';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
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
    const message = Array.isArray(allowed)
      ? `must be one of ${allowed.join(', ')}`
      : (e.message ?? 'is invalid');
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
