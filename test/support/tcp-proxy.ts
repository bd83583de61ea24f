// A TCP proxy on loopback that can go silent: `blackhole()` keeps every connection open but stops
// moving bytes both ways (a partitioned network: nothing is refused, nothing arrives), until
// `heal()` delivers what waited, as TCP would after a partition heals; `forget()` silences one
// connection for good; `drop()` resets every open connection (bytes waiting in them are lost).
import { connect, createServer, type Socket } from 'node:net';

export async function startTcpProxy(targetPort: number) {
  let silent = false;
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    if (silent) {
      client.pause();
      upstream.pause();
    } else {
      client.pipe(upstream);
      upstream.pipe(client);
    }
    const close = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
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
    blackhole() {
      silent = true;
      for (const [a, b] of pairs) {
        a.unpipe(b);
        b.unpipe(a);
        a.pause();
        b.pause();
      }
    },
    /**
     * The network forgets the one connection whose upstream side has local port `upstreamPort` (a
     * load balancer or NAT dropping a flow without a word): its bytes stop both ways for good, while
     * other and new connections go on. Returns whether such a connection was open.
     */
    forget(upstreamPort: number): boolean {
      for (const [a, b] of pairs)
        if (b.localPort === upstreamPort) {
          a.unpipe(b);
          b.unpipe(a);
          a.pause();
          b.pause();
          return true;
        }
      return false;
    },
    /** The network resets every open connection: what waited in them is lost; new ones go through unless silent. */
    drop() {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
    },
    heal() {
      silent = false;
      for (const [a, b] of pairs) {
        a.pipe(b);
        b.pipe(a);
      }
    },
    async close() {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
