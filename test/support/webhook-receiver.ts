import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A delivery as a receiver saw it: the raw body and the Standard Webhooks headers. */
export interface ReceivedDelivery {
  /** The request path and query (which endpoint it was). */
  path: string;
  /** The Host header (the URL's host, whatever address was connected to). */
  host: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** The answer this request got (a number, or `hang`). */
  answered: number | 'hang';
  /** When it arrived (ms since epoch). */
  at: number;
}

export type Answer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

/**
 * A webhook receiver on 127.0.0.1: records every request and answers what `answer` says for the
 * n-th request (0-based) it gets. `verify` checks a delivery with the official `standardwebhooks`
 * package, as a receiver would (it throws on a bad signature or timestamp).
 */
export async function startReceiver(
  answer: (n: number, d: ReceivedDelivery) => Answer = () => ({ status: 200 }),
  /** A port chosen beforehand (a receiver that comes up later); a free one by default. */
  listenPort = 0,
) {
  const received: ReceivedDelivery[] = [];
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const d: ReceivedDelivery = {
        path: req.url ?? '',
        host: String(req.headers.host ?? ''),
        id: String(req.headers['webhook-id'] ?? ''),
        timestamp: String(req.headers['webhook-timestamp'] ?? ''),
        signature: String(req.headers['webhook-signature'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
        answered: 200,
        at: Date.now(),
      };
      const a = answer(received.length, d);
      d.answered = a === 'hang' ? 'hang' : a.status;
      received.push(d);
      for (const w of waiters) w();
      if (a === 'hang') return;
      res.writeHead(a.status, a.headers ?? {});
      res.end(a.body ?? '');
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** Resolves once `done(received)` holds; rejects after `timeoutMs` with what arrived. */
    waitFor(done: (r: ReceivedDelivery[]) => boolean, timeoutMs = 30_000): Promise<ReceivedDelivery[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!done(received)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `the receiver got ${received.length} deliveries: ${JSON.stringify(received.map((r) => [r.id, r.answered, r.body.slice(0, 80)]))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The payload of a delivery, verified under `secret` by `standardwebhooks` (throws if it does not verify). */
export function verify(
  secret: string,
  d: ReceivedDelivery,
): { id: string; type: string; sequence: number; data: Record<string, unknown> } {
  return new Webhook(secret).verify(d.body, {
    'webhook-id': d.id,
    'webhook-timestamp': d.timestamp,
    'webhook-signature': d.signature,
  }) as { id: string; type: string; sequence: number; data: Record<string, unknown> };
}
