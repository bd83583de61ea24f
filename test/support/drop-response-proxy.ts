// A TCP proxy on loopback that loses a response: the request is forwarded and the server answers,
// but the client's connection is destroyed before any byte of that answer reaches it (what a client
// sees when a load balancer or the network drops a connection after the server did the work).
// By default the first POST is dropped; everything else passes through untouched.
import { connect, createServer, type Socket } from 'node:net';

export async function startDropResponseProxy(
  targetPort: number,
  options: {
    /** Whether to drop the answer to a request, given its first bytes (request line and headers). */
    match?: (head: string) => boolean;
    /** How many answers to drop (default 1). */
    times?: number;
  } = {},
) {
  const match = options.match ?? ((head: string) => head.startsWith('POST '));
  let left = options.times ?? 1;
  let dropped = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    let dropNextAnswer = false;
    client.on('data', (chunk: Buffer) => {
      // A new request starts with its request line (no pipelining: one request at a time).
      if (!dropNextAnswer && left > 0 && /^[A-Z]+ \S+ HTTP\/1\.1\r\n/.test(chunk.toString('latin1', 0, 64))) {
        if (match(chunk.toString('latin1'))) {
          left--;
          dropNextAnswer = true;
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dropNextAnswer) {
        dropped++;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', close);
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** How many answers were dropped so far. */
    get dropped() {
      return dropped;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
