// HTTP JSON-RPC 2.0 transport of the LiteSVM development node, on 127.0.0.1 only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SolanaChain } from './chain.ts';
import { Faucet } from './faucet.ts';
import { parseJsonWithBigInts, stringifyJson } from './json.ts';
import { createMethods, type Handler } from './methods.ts';
import { writeTestMintMetadata } from './mint-metadata.ts';
import {
  RPC_INTERNAL_ERROR,
  RPC_INVALID_REQUEST,
  RPC_METHOD_NOT_FOUND,
  RPC_PARSE_ERROR,
  RpcError,
} from './rpc-errors.ts';

export interface SolanaRpcServerOptions {
  port: number;
  slotMs: number;
  finalityDepth: number;
}

export interface SolanaRpcServer {
  url: string;
  chain: SolanaChain;
  close(): Promise<void>;
}

const MAX_BODY = 5 * 1024 * 1024;

type Id = string | number | null;
interface RpcResponse {
  jsonrpc: '2.0';
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

function errorResponse(id: Id, err: unknown): RpcResponse {
  if (err instanceof RpcError) {
    return {
      jsonrpc: '2.0',
      id,
      error: { code: err.code, message: err.message, ...(err.data !== undefined ? { data: err.data } : {}) },
    };
  }
  return {
    jsonrpc: '2.0',
    id,
    error: { code: RPC_INTERNAL_ERROR, message: `Internal error: ${(err as Error).message}` },
  };
}

async function handleOne(methods: Record<string, Handler>, request: unknown): Promise<RpcResponse> {
  const req = request as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  const id: Id = typeof req?.id === 'string' || typeof req?.id === 'number' ? req.id : null;
  if (typeof req !== 'object' || req === null || req.jsonrpc !== '2.0' || typeof req.method !== 'string') {
    return errorResponse(id, new RpcError(RPC_INVALID_REQUEST, 'Invalid request'));
  }
  const handler = Object.hasOwn(methods, req.method) ? methods[req.method] : undefined;
  if (!handler) return errorResponse(id, new RpcError(RPC_METHOD_NOT_FOUND, 'Method not found'));
  if (req.params !== undefined && !Array.isArray(req.params)) {
    return errorResponse(id, new RpcError(-32602, 'Invalid params: expected an array of positional params'));
  }
  try {
    return { jsonrpc: '2.0', id, result: await handler((req.params as unknown[] | undefined) ?? []) };
  } catch (err) {
    return errorResponse(id, err);
  }
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export async function startSolanaRpcServer(opts: SolanaRpcServerOptions): Promise<SolanaRpcServer> {
  const chain = new SolanaChain({ slotMs: opts.slotMs, finalityDepth: opts.finalityDepth });
  // The test mints' Metaplex metadata (their symbols), before any client can ask.
  await writeTestMintMetadata(chain);
  const faucet = await Faucet.create(chain);
  const methods = createMethods(chain, faucet);

  const server: Server = createServer((req, res) => {
    void (async () => {
      // Validators answer GET /health for load balancers.
      if (req.method === 'GET' && req.url === '/health') return send(res, 200, 'ok', 'text/plain');
      if (req.method !== 'POST')
        return send(res, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required', 'text/plain');
      const text = await readBody(req);
      if (text === null) return send(res, 413, 'Payload too large', 'text/plain');
      let body: unknown;
      try {
        body = parseJsonWithBigInts(text);
      } catch {
        return send(
          res,
          200,
          stringifyJson(errorResponse(null, new RpcError(RPC_PARSE_ERROR, 'Parse error'))),
        );
      }
      if (Array.isArray(body)) {
        if (body.length === 0)
          return send(
            res,
            200,
            stringifyJson(errorResponse(null, new RpcError(RPC_INVALID_REQUEST, 'Invalid request'))),
          );
        const results: RpcResponse[] = [];
        for (const item of body) results.push(await handleOne(methods, item));
        return send(res, 200, stringifyJson(results));
      }
      return send(res, 200, stringifyJson(await handleOne(methods, body)));
    })().catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, stringifyJson(errorResponse(null, err)));
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chain,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
