// A scriptable HTTP server on loopback standing in for a third-party API (1inch, Jupiter): each test
// sets what a path answers, and every request is recorded for assertions on what the adapter sent.
import { createServer, type IncomingHttpHeaders } from 'node:http';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type FakeAnswer =
  | { status: number; json: unknown }
  | { status: number; text: string }
  /** Never answers (until the server closes): for timeouts. */
  | { hang: true };

export type FakeRoute = (req: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeUpstream {
  url: string;
  requests: RecordedRequest[];
  /** Sets the answer of METHOD path (exact path, without the query). */
  on(method: string, path: string, route: FakeRoute): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  const routes = new Map<string, FakeRoute>();
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(recorded);
    const route = routes.get(`${recorded.method} ${recorded.path}`);
    const answer: FakeAnswer = route ? await route(recorded) : { status: 404, text: 'Not Found' };
    if ('hang' in answer) return;
    const body = 'json' in answer ? JSON.stringify(answer.json) : answer.text;
    res.writeHead(answer.status, { 'content-type': 'json' in answer ? 'application/json' : 'text/plain' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on: (method, path, route) => routes.set(`${method} ${path}`, route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
