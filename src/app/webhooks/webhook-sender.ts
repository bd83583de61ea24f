import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { CheckedTarget } from './webhook-targets.ts';

/** The receiver's answer is read up to this much (Standard Webhooks: a receiver answers briefly). */
const BODY_LIMIT = 64 * 1024;
/** What is kept of it for the deliveries list. */
const STORED_BODY = 2048;

export interface SendResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseBody: string | null;
  /** Seconds the receiver asked to wait (Retry-After on 429 and 503). */
  retryAfterSeconds: number | null;
}

/** Retry-After as seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(header: string | undefined, nowMs: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/**
 * One POST to a checked target: connected to the address that was checked (the Host header and
 * TLS server name stay the URL's host), no redirect followed (a 3xx is a failure), cut after
 * `timeoutMs` from the start whatever the receiver is doing, the answer read up to 64 KiB.
 */
export function sendWebhook(
  target: CheckedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<SendResult> {
  const started = performance.now();
  const { url } = target;
  const secure = url.protocol === 'https:';
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve({ ...r, durationMs: Math.round(performance.now() - started) });
    };
    const fail = (error: string) =>
      finish({ statusCode: null, error, responseBody: null, retryAfterSeconds: null });
    const req = (secure ? httpsRequest : httpRequest)({
      host: target.address,
      family: target.family,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      agent: false,
      ...(secure && isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0 ? { servername: url.hostname } : {}),
      headers: {
        host: url.host,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'wallet-api-webhooks/1',
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      fail(`timed out after ${timeoutMs} ms`);
    }, timeoutMs);
    const onAbort = () => {
      req.destroy();
      fail('the service stopped during the attempt');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err: NodeJS.ErrnoException) =>
      fail(err.code ? `${err.code}: ${err.message}` : err.message),
    );
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).toString('utf8').trim();
        const status = res.statusCode ?? 0;
        finish({
          statusCode: status,
          error: null,
          responseBody: text === '' ? null : text.slice(0, STORED_BODY),
          retryAfterSeconds:
            status === 429 || status === 503
              ? retryAfterSeconds(res.headers['retry-after'], Date.now())
              : null,
        });
        res.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        if (size >= BODY_LIMIT) return;
        chunks.push(chunk.subarray(0, BODY_LIMIT - size));
        size += chunk.length;
        if (size >= BODY_LIMIT) done();
      });
      res.on('end', done);
      res.on('error', () => done());
    });
    req.end(body);
  });
}
