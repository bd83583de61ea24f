import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../schemas/api-prefix.ts';

/** One call of the public REST API, with a path relative to /api/v1 (for example `/send`). */
export interface ApiRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  idempotencyKey?: string;
}

/** The API's answer: its status, lower-cased headers, and its body (parsed when JSON, else text). */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * The port every MCP tool goes through: exactly one request to /api/v1 with the caller's API key,
 * so authentication, rate limits, key scopes, spend limits, idempotency and audit stay the API's.
 * It rejects only when no answer came (the network, a timeout); any HTTP status resolves.
 */
export type ApiCaller = (request: ApiRequest) => Promise<ApiResponse>;

/** Each call's time limit: a write that waits for a wallet's lock and its RPC stays well inside it. */
export const API_CALL_TIMEOUT_MS = 60_000;

function pathWithQuery(request: ApiRequest): string {
  const query = request.query ? new URLSearchParams(request.query).toString() : '';
  return `${API_PREFIX}${request.path}${query ? `?${query}` : ''}`;
}

function requestHeaders(request: ApiRequest, apiKey: string): Record<string, string> {
  return {
    'x-api-key': apiKey,
    accept: 'application/json',
    ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(request.idempotencyKey !== undefined ? { 'idempotency-key': request.idempotencyKey } : {}),
  };
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * `WALLET_API_URL` as given: the service's root (http://127.0.0.1:8080), with or without a
 * trailing slash or /api/v1.
 */
export function serviceRoot(url: string): string {
  return url.replace(/\/+$/, '').replace(new RegExp(`${API_PREFIX}$`), '');
}

/** The stdio server's adapter: `fetch` to a running service, with a time limit on every call. */
export function httpApiCaller(options: { baseUrl: string; apiKey: string; timeoutMs?: number }): ApiCaller {
  const root = serviceRoot(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? API_CALL_TIMEOUT_MS;
  return async (request) => {
    const res = await fetch(`${root}${pathWithQuery(request)}`, {
      method: request.method,
      headers: requestHeaders(request, options.apiKey),
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: res.status, headers, body: parseBody(await res.text(), headers['content-type']) };
  };
}

/**
 * The /mcp route's adapter: the same request through the server in process (`inject`), with the
 * caller's key and address, so it passes every hook a request from outside passes.
 */
export function injectApiCaller(
  app: FastifyInstance,
  options: { apiKey: string; remoteAddress?: string; timeoutMs?: number },
): ApiCaller {
  const timeoutMs = options.timeoutMs ?? API_CALL_TIMEOUT_MS;
  return async (request) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    });
    try {
      const res = await Promise.race([
        app.inject({
          method: request.method,
          url: pathWithQuery(request),
          headers: requestHeaders(request, options.apiKey),
          ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
          ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        }),
        timeout,
      ]);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers))
        if (value !== undefined)
          headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return { status: res.statusCode, headers, body: parseBody(res.body, headers['content-type']) };
    } finally {
      clearTimeout(timer);
    }
  };
}
