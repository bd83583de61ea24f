// A TCP proxy on loopback that can go silent: `blackhole()` keeps every connection open but stops
// moving bytes both ways (a partitioned network: nothing is refused, nothing arrives), until
// `heal()` delivers what waited, as TCP would after a partition heals. `cut()` ends every
// connection and ends new ones at once (a server gone, or a failover under way), until `heal()`.
// `dropAnswerAfter(match)` forwards the next request that matches, then ends that connection when
// the first byte of its answer comes back: the server did the work, the client never hears of it.
import { connect, createServer, type Socket } from 'node:net';

export async function startTcpProxy(targetPort: number) {
  let silent = false;
  let refusing = false;
  const drops: { match: (chunk: string) => boolean; then?: () => void }[] = [];
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
    client.on('data', (chunk: Buffer) => {
      const i = drops.findIndex((d) => d.match(chunk.toString('latin1')));
      if (i >= 0) dropAnswer = drops.splice(i, 1)[0]?.then ?? (() => {});
      if (!upstream.write(chunk)) client.pause();
    });
    upstream.on('drain', () => {
      if (!silent) client.resume();
    });
    upstream.on('data', (chunk: Buffer) => {
      if (dropAnswer) {
        const then = dropAnswer;
        close();
        then();
        return;
      }
      if (!client.write(chunk)) upstream.pause();
    });
    client.on('drain', () => {
      if (!silent) upstream.resume();
    });
    if (silent) {
      client.pause();
      upstream.pause();
    }
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
    blackhole() {
      silent = true;
      for (const [a, b] of pairs) {
        a.pause();
        b.pause();
      }
    },
    /** Ends every connection, and every new one at once, until `heal()`. */
    cut() {
      refusing = true;
      destroyAll();
    },
    /**
     * Forwards the next client chunk that `match`es (its text), then ends that connection instead
     * of passing on the first bytes of the answer, and runs `then`.
     */
    dropAnswerAfter(match: (chunk: string) => boolean, then?: () => void) {
      drops.push({ match, ...(then ? { then } : {}) });
    },
    heal() {
      silent = false;
      refusing = false;
      for (const [a, b] of pairs) {
        a.resume();
        b.resume();
      }
    },
    async close() {
      destroyAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
