import {
  createTransport,
  type EIP1193RequestFn,
  HttpRequestError,
  RpcRequestError,
  type Transport,
} from 'viem';
import { getHttpRpcClient } from 'viem/utils';

/** At most this many calls in one HTTP request, as viem's `http()` (its default `batchSize`). */
const BATCH_SIZE = 1000;

interface Pending {
  body: { method: string; params?: unknown; id: number };
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * viem's HTTP transport, but a batch leaves at the end of the turn that made its calls
 * (`setImmediate`) rather than on a timer. viem's own batching (`http(url, { batch: { wait: 0 } })`)
 * flushes on `setTimeout(0)`, which Node runs no sooner than 1 ms later: on the write path, whose
 * reads go out as one batch, that was 1 ms of waiting per write against a local node. viem offers
 * no other schedule, so the batching is done here; everything else is viem's: its HTTP JSON-RPC
 * client (timeouts, response size limit, HTTP errors as `HttpRequestError`, `TimeoutError`) and
 * `RpcRequestError` for a call's JSON-RPC error, so callers see the errors they see with `http()`.
 * An answer that does not carry a response for a call (a node that refused the batch as a whole)
 * fails that call as an `HttpRequestError`: nothing can be said about the call itself.
 */
export function immediateBatchHttp(url: string, options: { timeout: number }): Transport {
  return () => {
    const rpc = getHttpRpcClient(url, { timeout: options.timeout });
    let queue: Pending[] = [];
    let nextId = 1;

    /** A call's JSON-RPC error, as viem's `http()` reports it. */
    const rpcErrorOf = (body: Pending['body'], error: unknown) =>
      new RpcRequestError({ body, error: error as never, url });

    const flush = () => {
      const batch = queue;
      if (batch.length === 0) return;
      queue = [];
      const bodies = batch.map((p) => p.body);
      rpc.request({ body: bodies }).then(
        (answer: unknown) => {
          const byId = new Map<unknown, { result?: unknown; error?: unknown }>();
          if (Array.isArray(answer))
            for (const r of answer) if (r && typeof r === 'object') byId.set(r.id, r);
          for (const p of batch) {
            const response = byId.get(p.body.id);
            if (!response)
              p.reject(
                new HttpRequestError({
                  body: p.body,
                  url,
                  details: `the batch's answer has no response for this call: ${JSON.stringify(answer).slice(0, 200)}`,
                }),
              );
            else if (response.error) p.reject(rpcErrorOf(p.body, response.error));
            else p.resolve(response.result);
          }
        },
        (err: unknown) => {
          for (const p of batch) p.reject(err);
        },
      );
    };

    return createTransport(
      {
        key: 'http',
        name: 'HTTP JSON-RPC',
        type: 'http',
        retryCount: 0,
        timeout: options.timeout,
        // The result's type is the method's, which viem knows and this function does not.
        request: (async ({ method, params }, requestOptions?: { signal?: AbortSignal }) => {
          const body = { method, params, id: nextId++ };
          // A call that can be aborted goes alone, with its signal (as viem batches per signal).
          const signal = requestOptions?.signal;
          if (signal) {
            const response: { result?: unknown; error?: unknown } = await rpc.request({
              body,
              fetchOptions: { signal },
            });
            if (response.error) throw rpcErrorOf(body, response.error);
            return response.result;
          }
          return new Promise<unknown>((resolve, reject) => {
            if (queue.length === 0) setImmediate(flush);
            queue.push({ body, resolve, reject });
            if (queue.length >= BATCH_SIZE) flush(); // later calls go in the next batch
          });
        }) as EIP1193RequestFn,
      },
      { fetchOptions: undefined, url },
    );
  };
}
