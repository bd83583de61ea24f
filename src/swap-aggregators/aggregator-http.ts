// One outbound call to an aggregator, always bounded by a timeout (headers and body). Transport
// failures become 502 PROVIDER_RPC_ERROR here; HTTP error answers are returned for the adapter to
// translate, since only it knows the upstream's error shapes.
import { AppError } from '../errors/app-error.ts';
import { inSpan, SpanKind, tracingOn } from '../support/tracing.ts';

export interface UpstreamAnswer {
  status: number;
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: unknown;
  headers: Headers;
}

type CallInit = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
};

/**
 * The operation a span names: the last segment of the URL's path (`quote`, `swap`), never the
 * query (token amounts, addresses) or the host; the headers (keys) are not recorded at all.
 */
export function aggregatorOperation(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.replace(/\/+$/, '').split('/').pop() || 'call';
}

export function callAggregator(name: string, url: string, init: CallInit): Promise<UpstreamAnswer> {
  if (!tracingOn()) return send(name, url, init);
  const operation = aggregatorOperation(url);
  return inSpan(
    `aggregator ${name} ${operation}`,
    {
      'aggregator.name': name,
      'aggregator.operation': operation,
      'http.request.method': init.method ?? 'GET',
    },
    async (span) => {
      const answer = await send(name, url, init);
      span?.setAttribute('http.response.status_code', answer.status);
      return answer;
    },
    { kind: SpanKind.CLIENT },
  );
}

async function send(name: string, url: string, init: CallInit): Promise<UpstreamAnswer> {
  const signal = AbortSignal.timeout(init.timeoutMs);
  try {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Gateways answer some errors (429, 502) in plain text.
    }
    return { status: res.status, body, headers: res.headers };
  } catch (err) {
    const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
    if (signal.aborted || e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new AppError('PROVIDER_RPC_ERROR', `${name} did not answer within ${init.timeoutMs} ms`, {
        cause: err,
      });
    const reason = e.cause?.code ?? e.cause?.message ?? e.message ?? 'connection failed';
    throw new AppError('PROVIDER_RPC_ERROR', `${name} could not be reached: ${reason}`, { cause: err });
  }
}

/** A short, single-line reason from an upstream error body (never the whole body). */
export function upstreamReason(body: unknown, ...fields: string[]): string {
  if (typeof body === 'string') return body.trim().split('\n')[0]?.slice(0, 300) || 'no reason given';
  if (body && typeof body === 'object')
    for (const field of fields) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim()) return value.trim().split('\n')[0]?.slice(0, 300) ?? '';
    }
  return 'no reason given';
}

export const isDigits = (v: unknown): v is string => typeof v === 'string' && /^\d+$/.test(v);
