// Real HTTP servers between the service and a chain node, for counting upstream requests and for
// nodes that fail: a dead port, a node that never answers, a node that answers garbage.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export interface CountingProxy extends TestServer {
  /** HTTP requests forwarded since the last reset. */
  readonly requests: number;
  /** JSON-RPC methods of each forwarded HTTP request (a batch lists several). */
  readonly methods: string[][];
  /** The JSON-RPC calls of each forwarded HTTP request. */
  readonly calls: RpcCall[][];
  reset(): void;
}

async function listen(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface RpcCall {
  method: string;
  params: unknown[];
}

function callsOf(body: Buffer): RpcCall[] {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as Partial<RpcCall> | Partial<RpcCall>[];
    return [parsed].flat().map((r) => ({ method: r.method ?? '?', params: r.params ?? [] }));
  } catch {
    return [{ method: '?', params: [] }];
  }
}

/** Forwards every request to `target` and counts them. */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  let calls: RpcCall[][] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      calls.push(callsOf(body));
      const forward = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      forward.end(body);
    });
  });
  const base = await listen(server);
  return {
    ...base,
    get requests() {
      return calls.length;
    },
    get methods() {
      return calls.map((c) => c.map((r) => r.method));
    },
    get calls() {
      return calls;
    },
    reset() {
      calls = [];
    },
  };
}

/** Accepts connections and requests, and never answers. */
export async function silentServer(): Promise<TestServer> {
  return listen(createServer(() => {}));
}

/** Answers every request with 200 and a body that is not JSON-RPC. */
export async function garbageServer(): Promise<TestServer> {
  return listen(
    createServer((req, res) => {
      void readBody(req).then(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"jsonrpc":"2.0","result":"<html>upstream maintenance</html>"');
      });
    }),
  );
}

/** A loopback URL on which nothing listens. */
export async function deadPortUrl(): Promise<string> {
  const server = createServer();
  const { url, close } = await listen(server);
  await close();
  return url;
}
