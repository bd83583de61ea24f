// A TCP proxy on loopback in front of a database server, for its faults: `cut()` ends every
// connection and ends new ones at once (a server gone, or a failover under way), until `heal()`.
// `dropAnswerAfter(match)` forwards the next request that matches, then ends that connection when
// the first byte of its answer comes back: the server did the work, the client never hears of it.
// (tcp-proxy.ts is the one that goes silent instead.)
import { connect, createServer, type Socket } from 'node:net';

export async function startFaultProxy(targetPort: number) {
  let refusing = false;
  type Drop = { match: (chunk: string) => boolean; then?: () => void; after?: (chunk: string) => boolean };
  const drops: Drop[] = [];
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, '127.0.0.1');
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    let dropAnswer: (() => void) | null = null;
    // Drops whose `after` an earlier request on this connection matched.
    const primed = new Set<Drop>();
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      const i = drops.findIndex((d) => (!d.after || primed.has(d)) && d.match(text));
      for (const d of drops) if (d.after?.(text)) primed.add(d);
      if (i >= 0) dropAnswer = drops.splice(i, 1)[0]?.then ?? (() => {});
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => client.resume());
    upstream.on('data', (chunk: Buffer) => {
      if (dropAnswer) {
        const then = dropAnswer;
        close();
        then();
        return;
      }
      if (!client.write(chunk)) upstream.pause();
    });
    client.on('drain', () => upstream.resume());
    function close() {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    }
    client.on('close', close);
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  const destroyAll = () => {
    for (const [a, b] of pairs) {
      a.destroy();
      b.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    /** Ends every connection, and every new one at once, until `heal()`. */
    cut() {
      refusing = true;
      destroyAll();
    },
    /**
     * Forwards the next client chunk that `match`es (its text), then ends that connection instead
     * of passing on the first bytes of the answer, and runs `then`. With `after`, only a chunk on a
     * connection that earlier sent one matching `after` (a COMMIT of one database transaction).
     */
    dropAnswerAfter(
      match: (chunk: string) => boolean,
      then?: () => void,
      after?: (chunk: string) => boolean,
    ) {
      drops.push({ match, ...(then ? { then } : {}), ...(after ? { after } : {}) });
    },
    /** New connections pass again. */
    heal() {
      refusing = false;
    },
    async close() {
      destroyAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
