// A minimal JSON HTTP server for the local aggregator: loopback only, bounded bodies, one handler per
// path, every unexpected failure answered (never a hung request).
import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface ApiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

export type ApiHandler = (req: ApiRequest) => Promise<ApiResponse | null>;

const BODY_LIMIT = 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Serves `handler` (null means 404) on 127.0.0.1; `onError` shapes failures in the API's own format. */
export async function listenJson(
  port: number,
  handler: ApiHandler,
  onError: (path: string, status: number, message: string) => ApiResponse,
): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let response: ApiResponse;
    try {
      const text = req.method === 'POST' ? await readBody(req) : '';
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
        response = onError(url.pathname, 400, 'Request body is not valid JSON');
      }
      response ??=
        (await handler({
          method: req.method ?? 'GET',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body,
        })) ?? onError(url.pathname, 404, `No route ${req.method} ${url.pathname}`);
    } catch (err) {
      response = onError(url.pathname, 500, (err as Error).message.split('\n')[0] ?? 'internal error');
    }
    const json = JSON.stringify(response.body, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
    res.writeHead(response.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(json),
    });
    res.end(json);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const actual = address && typeof address === 'object' ? address.port : port;
  return { server, url: `http://127.0.0.1:${actual}` };
}
