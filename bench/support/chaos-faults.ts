/**
 * The faults of the chaos soak (bench/chaos.ts), on top of test/support/rpc-proxy.ts: answers lost
 * (held past the timeout, dropped, gateway errors), broadcasts that prove nothing, and reads served
 * by a node that lags behind a load balancer (an answer it gave a while ago, or nothing yet).
 */
import type { Fault, JsonRpcCall, RpcProxy } from '../../test/support/rpc-proxy.ts';

/** What a lost read answer looks like, one picked at random: never a wrong answer. */
export function lostAnswers(rpcTimeoutMs: number): Array<() => Fault> {
  return [
    () => ({ kind: 'hold', ms: rpcTimeoutMs + 1000 }),
    () => ({ kind: 'drop' }),
    () => ({ kind: 'status', status: 502 }),
    () => ({ kind: 'status', status: 503 }),
    () => ({ kind: 'status', status: 504 }),
  ];
}

/** The faults a disturbed broadcast gets, one picked at random. */
export function broadcastFaults(rpcTimeoutMs: number, uncertainError: Fault): Array<() => Fault> {
  return [...lostAnswers(rpcTimeoutMs), () => uncertainError, () => ({ kind: 'swallow' })];
}

type Statuses = { context: unknown; value: unknown[] };

/**
 * Reads answered by a node behind the others, for a share `rate` of the calls of each method: the
 * oldest of the last answers it gave to the same call (a receipt not there yet, a nonce before the
 * last sends, an older head), or, when it never saw that call, what a node without it answers (a
 * null receipt, null signature statuses) or the true answer where nothing else fits. Returns the
 * count of stale answers given, by method.
 */
export function laggingReads(
  proxy: RpcProxy,
  methods: string[],
  rate: number,
  random: () => number,
): Record<string, number> {
  const lagged: Record<string, number> = {};
  const seen = new Map<string, unknown[]>();
  const unseen: Record<string, (result: unknown) => unknown> = {
    eth_getTransactionReceipt: () => null,
    getSignatureStatuses: (r) => ({ ...(r as Statuses), value: (r as Statuses).value.map(() => null) }),
  };
  for (const method of methods)
    proxy.rewrite(method, (result: unknown, call: JsonRpcCall) => {
      const key = `${method}:${JSON.stringify(call.params ?? [])}`;
      const before = seen.get(key) ?? [];
      const lag = random() < rate;
      const answer = lag ? (before.length > 0 ? before[0] : (unseen[method]?.(result) ?? result)) : result;
      before.push(result);
      if (before.length > 8) before.shift();
      seen.set(key, before);
      if (lag) lagged[method] = (lagged[method] ?? 0) + 1;
      return answer;
    });
  return lagged;
}
