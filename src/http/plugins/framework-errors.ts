// Responses made before our handlers run still get the error envelope and a request id (DESIGN A2):
// router errors (bad percent-encoding, an over-long path parameter), HTTP framing errors on the
// socket, and requests that arrive while the server shuts down. No unbounded input is echoed.
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { sendError } from './errors.ts';

/**
 * Request ids: `req_` and 32 hex digits, unique without a random draw per request: 16 random digits
 * drawn when the process starts (so two instances never share ids) and a 16-digit counter. They
 * name a request in logs and errors; nothing is authorized by them. (randomUUID per request showed
 * in the profile of cached reads.)
 */
const REQUEST_ID_PREFIX = `req_${randomBytes(8).toString('hex')}`;
let requestCounter = 0;
export const newRequestId = () => `${REQUEST_ID_PREFIX}${(++requestCounter).toString(16).padStart(16, '0')}`;

/** Fastify's `frameworkErrors` option: the router's own refusals, as envelopes. */
export function frameworkErrors(
  error: Error & { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.header('x-request-id', request.id);
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new AppError('INVALID_INPUT', 'A path parameter is longer than 100 characters', { status: 414 })
      : error.code === 'FST_ERR_BAD_URL'
        ? new AppError('INVALID_INPUT', 'The URL has an invalid percent-encoding')
        : new AppError('INVALID_INPUT', 'The request could not be routed');
  return sendError(request, reply, appError);
}

const FRAMING: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'The request headers are larger than the 16 KiB limit',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request took too long to arrive',
  },
};

/**
 * Node's `clientError`: a request that is not valid HTTP never reaches Fastify, so the answer is
 * written on the socket here, as far as the socket still allows.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = err.code ? FRAMING[err.code] : undefined;
  const { status, reason, message } = known ?? {
    status: 400,
    reason: 'Bad Request',
    message: 'The request is not valid HTTP',
  };
  const requestId = newRequestId();
  const body = JSON.stringify({ error: message, code: 'INVALID_INPUT', requestId });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}

/**
 * While the server shuts down, new requests get 503 SERVICE_UNAVAILABLE in the envelope: the
 * returned check answers such a request and says so (build-server.ts calls it from its one
 * per-request hook).
 */
export function shutdownAnswer(
  app: FastifyInstance,
): (request: FastifyRequest, reply: FastifyReply) => boolean {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  return (request, reply) => {
    if (!closing) return false;
    reply.header('connection', 'close');
    sendError(request, reply, new AppError('SERVICE_UNAVAILABLE', 'The service is shutting down'));
    return true;
  };
}
