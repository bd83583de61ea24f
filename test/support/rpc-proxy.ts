import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface JsonRpcCall {
  method: string;
  params?: unknown[];
  id?: unknown;
}

/**
 * A JSON-RPC proxy on loopback in front of a development node, for tests that need to act between
 * the service's calls: change chain state after a simulation, or cut the service off mid-request.
 * `beforeForward` runs for every call before it is forwarded; `afterForward` once the node answered.
 */
export async function startRpcProxy(
  target: string,
  hooks: {
    beforeForward?: (call: JsonRpcCall) => Promise<void> | void;
    afterForward?: (call: JsonRpcCall) => Promise<void> | void;
    /** Answers a (non-batch) call itself instead of forwarding it, when it returns a result. */
    answer?: (call: JsonRpcCall) => unknown | undefined;
  } = {},
): Promise<{ url: string; calls: JsonRpcCall[]; close(): Promise<void> }> {
  const calls: JsonRpcCall[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const parsed = JSON.parse(body) as JsonRpcCall | JsonRpcCall[];
    const list = Array.isArray(parsed) ? parsed : [parsed];
    calls.push(...list);
    const own = !Array.isArray(parsed) ? hooks.answer?.(parsed) : undefined;
    if (own !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: (parsed as JsonRpcCall).id, result: own }));
      return;
    }
    for (const call of list) await hooks.beforeForward?.(call);
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await upstream.text();
    for (const call of list) await hooks.afterForward?.(call);
    if (res.destroyed) return;
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
