// A JSON-RPC proxy on loopback in front of a development node: the way a public RPC behaves on a bad
// day. Faults are injected per method and per call (and, for soak runs, at random): the answer held
// past the client's timeout after forwarding, the connection dropped after forwarding, an HTTP
// 502/503/504 after forwarding, a JSON-RPC error without forwarding, or a send acknowledged but
// never forwarded (a node that drops it).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getBase58Decoder, getBase64Encoder, getTransactionDecoder } from '@solana/kit';
import { keccak256 } from 'viem';

export interface JsonRpcCall {
  method: string;
  params?: unknown[];
  id?: unknown;
  jsonrpc?: string;
}

export type Fault =
  /** Forwarded; the answer is held this long (past the client's timeout), then sent. */
  | { kind: 'hold'; ms: number }
  /** Forwarded; then the connection is destroyed without an answer. */
  | { kind: 'drop' }
  /** Forwarded; then an HTTP error from the "gateway" instead of the node's answer. */
  | { kind: 'status'; status: number }
  /** Not forwarded: a JSON-RPC error answer. */
  | { kind: 'error'; code: number; message: string; data?: unknown }
  /** Not forwarded: a send acknowledged with its hash or signature, as a node that then drops it. */
  | { kind: 'swallow' };

/** Faults after which a send may well have reached the node: never a reason to report it failed. */
export const LOST_AFTER_FORWARDING: ReadonlyArray<readonly [string, Fault]> = [
  ['answer held past the timeout after forwarding', { kind: 'hold', ms: 2500 }],
  ['connection dropped after forwarding', { kind: 'drop' }],
  ['HTTP 502 after forwarding', { kind: 'status', status: 502 }],
  ['HTTP 503 after forwarding', { kind: 'status', status: 503 }],
  ['HTTP 504 after forwarding', { kind: 'status', status: 504 }],
];

interface Injection {
  method: string;
  fault: Fault;
  times: number;
  match?: (call: JsonRpcCall) => boolean;
}

export interface RpcProxy {
  url: string;
  calls: JsonRpcCall[];
  /** Applies `fault` to the next `times` calls of `method` (that `match`, when given). */
  inject(
    method: string,
    fault: Fault,
    options?: { times?: number; match?: (call: JsonRpcCall) => boolean },
  ): void;
  /**
   * Disturbs each call of the listed methods with probability `rate` (or the rate it gives for the
   * call), with a fault picked by `pick`.
   */
  chaos(options: {
    methods: string[];
    rate: number | ((call: JsonRpcCall) => number);
    pick: (call: JsonRpcCall) => Fault;
    random?: () => number;
  }): void;
  /**
   * Rewrites every answer of `method` (alone or in a batch) from now on: a node that lags, lacks
   * history or disagrees with the others behind a load balancer. Counted in `injected.rewrite`.
   */
  rewrite(method: string, result: (result: unknown, call: JsonRpcCall) => unknown): void;
  /** Faults injected so far, by kind. */
  injected: Record<string, number>;
  /** Stops every fault, chaos and rewrite. */
  clearFaults(): void;
  /** Forwards to another node from now on (a development chain restarted under the same URL). */
  retarget(url: string): void;
  close(): Promise<void>;
}

/** The hash or signature a node would answer for a send. */
export function sentId(call: JsonRpcCall): string {
  const raw = String(call.params?.[0] ?? '');
  if (call.method === 'eth_sendRawTransaction') return keccak256(raw as `0x${string}`);
  const { signatures } = getTransactionDecoder().decode(getBase64Encoder().encode(raw));
  const first = Object.values(signatures)[0];
  return first ? getBase58Decoder().decode(first) : '';
}

/** A deterministic pseudo-random source (mulberry32), so soak runs are repeatable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function startRpcProxy(
  target: string,
  hooks: {
    beforeForward?: (call: JsonRpcCall) => Promise<void> | void;
    afterForward?: (call: JsonRpcCall) => Promise<void> | void;
    /** Answers a (non-batch) call itself instead of forwarding it, when it returns a result. */
    answer?: (call: JsonRpcCall) => unknown | undefined;
  } = {},
): Promise<RpcProxy> {
  const calls: JsonRpcCall[] = [];
  const injections: Injection[] = [];
  let chaos: Parameters<RpcProxy['chaos']>[0] | null = null;
  const rewrites = new Map<string, (result: unknown, call: JsonRpcCall) => unknown>();
  const injected: Record<string, number> = {};
  const sockets = new Set<import('node:net').Socket>();

  const faultFor = (call: JsonRpcCall): Fault | null => {
    const i = injections.findIndex(
      (x) => x.method === call.method && x.times > 0 && (!x.match || x.match(call)),
    );
    if (i >= 0) {
      const found = injections[i]!;
      found.times--;
      if (found.times === 0) injections.splice(i, 1);
      return found.fault;
    }
    const rate = typeof chaos?.rate === 'function' ? chaos.rate(call) : chaos?.rate;
    if (chaos?.methods.includes(call.method) && (chaos.random ?? Math.random)() < (rate ?? 0))
      return chaos.pick(call);
    return null;
  };

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  let upstreamUrl = target;
  const forward = async (body: string) => {
    const upstream = await fetch(upstreamUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: upstream.status, text: await upstream.text() };
  };

  /** The node's answer with the results of rewritten methods replaced. */
  const rewritten = (list: JsonRpcCall[], text: string): string => {
    if (!list.some((c) => rewrites.has(c.method))) return text;
    const answer = JSON.parse(text) as
      | { id?: unknown; result?: unknown }
      | { id?: unknown; result?: unknown }[];
    const change = (a: { id?: unknown; result?: unknown }) => {
      const call = list.find((c) => c.id === a.id);
      const fn = call && rewrites.get(call.method);
      if (!call || !fn || !('result' in a)) return a;
      injected.rewrite = (injected.rewrite ?? 0) + 1;
      return { ...a, result: fn(a.result, call) };
    };
    return JSON.stringify(Array.isArray(answer) ? answer.map(change) : change(answer));
  };

  const server: Server = createServer(async (req: IncomingMessage, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as JsonRpcCall | JsonRpcCall[];
      const list = Array.isArray(parsed) ? parsed : [parsed];
      calls.push(...list);
      const own = !Array.isArray(parsed) ? hooks.answer?.(parsed) : undefined;
      if (own !== undefined)
        return reply(res, 200, { jsonrpc: '2.0', id: (parsed as JsonRpcCall).id, result: own });

      // One fault per HTTP request: the first call of it that draws one.
      let fault: Fault | null = null;
      let faulted: JsonRpcCall | null = null;
      for (const call of list) {
        fault = faultFor(call);
        if (fault) {
          faulted = call;
          break;
        }
      }
      if (fault) injected[fault.kind] = (injected[fault.kind] ?? 0) + 1;
      if (fault && faulted && (fault.kind === 'error' || fault.kind === 'swallow')) {
        // Answered here for the faulted call; the others of a batch still go to the node.
        const own =
          fault.kind === 'error'
            ? {
                jsonrpc: '2.0',
                id: faulted.id,
                error: { code: fault.code, message: fault.message, data: fault.data },
              }
            : { jsonrpc: '2.0', id: faulted.id, result: sentId(faulted) };
        const rest = list.filter((c) => c !== faulted);
        if (!Array.isArray(parsed)) return reply(res, 200, own);
        const forwarded =
          rest.length > 0 ? (JSON.parse((await forward(JSON.stringify(rest))).text) as unknown[]) : [];
        return reply(res, 200, [...forwarded, own]);
      }
      for (const call of list) await hooks.beforeForward?.(call);
      const upstream = await forward(body);
      for (const call of list) await hooks.afterForward?.(call);
      if (fault?.kind === 'drop') return res.socket?.destroy();
      if (fault?.kind === 'status')
        return reply(res, fault.status, `<html><body>${fault.status} Gateway error</body></html>`);
      if (fault?.kind === 'hold') await new Promise((r) => setTimeout(r, fault.ms));
      reply(res, upstream.status, rewritten(list, upstream.text));
    } catch (err) {
      reply(res, 502, { error: String(err) });
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    injected,
    inject(method, fault, options = {}) {
      injections.push({
        method,
        fault,
        times: options.times ?? 1,
        ...(options.match ? { match: options.match } : {}),
      });
    },
    chaos(options) {
      chaos = options;
    },
    rewrite(method, result) {
      rewrites.set(method, result);
    },
    clearFaults() {
      injections.length = 0;
      chaos = null;
      rewrites.clear();
    },
    retarget(url) {
      upstreamUrl = url;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A stable label of a call's first parameter, for matching one transaction's sends. */
export const paramDigest = (call: JsonRpcCall) =>
  createHash('sha256')
    .update(String(call.params?.[0] ?? ''))
    .digest('hex')
    .slice(0, 16);
