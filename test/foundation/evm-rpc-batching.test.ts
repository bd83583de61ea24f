// The EVM read client's batching (chains/evm/batch-transport.ts) against a JSON-RPC server of the
// test's own: what the calls of one turn send, and how every kind of failure reaches the caller.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { BaseError, createPublicClient, HttpRequestError, RpcRequestError, TimeoutError } from 'viem';
import { immediateBatchHttp } from '../../src/chains/evm/batch-transport.ts';

interface Call {
  id: number;
  method: string;
  params: unknown[];
}
type Answer = (calls: Call[], res: ServerResponse) => void;

const WALLET = '0x000000000000000000000000000000000000dEaD';

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const results = (calls: Call[]) =>
  calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: c.method === 'eth_chainId' ? '0x7a69' : '0x2a' }));

describe('EVM RPC batching', () => {
  let url = '';
  let close: () => Promise<void>;
  let answer: Answer = (calls, res) => json(res, 200, results(calls));
  const requests: Call[][] = [];

  before(async () => {
    const server = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Call | Call[];
      const calls = Array.isArray(body) ? body : [body];
      requests.push(calls);
      answer(calls, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
  });
  after(() => close());

  const client = (timeout = 2_000) => createPublicClient({ transport: immediateBatchHttp(url, { timeout }) });
  const reset = (a: Answer) => {
    answer = a;
    requests.length = 0;
  };
  const failsWith = async (p: Promise<unknown>, kind: new (...args: never[]) => Error) => {
    const err = await p.then(
      () => assert.fail('expected the call to fail'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof BaseError, `a viem error, got ${String(err)}`);
    assert.ok(
      err.walk((e) => e instanceof kind),
      `${kind.name} in ${err.name}: ${err.message}`,
    );
  };

  test('the calls of one turn leave as one HTTP request, and each gets its own answer', async () => {
    // Answered in reverse order, as a node may: answers are matched by id.
    reset((calls, res) =>
      json(
        res,
        200,
        calls
          .map((c) => ({
            jsonrpc: '2.0',
            id: c.id,
            result: c.method === 'eth_getBalance' ? '0x1' : c.method === 'eth_blockNumber' ? '0x2' : '0x3',
          }))
          .reverse(),
      ),
    );
    const c = client();
    const [balance, block, nonce] = await Promise.all([
      c.getBalance({ address: WALLET }),
      c.getBlockNumber({ cacheTime: 0 }),
      c.getTransactionCount({ address: WALLET }),
    ]);
    assert.deepEqual([balance, block, nonce], [1n, 2n, 3]);
    assert.equal(requests.length, 1);
    assert.deepEqual(requests[0]?.map((r) => r.method).sort(), [
      'eth_blockNumber',
      'eth_getBalance',
      'eth_getTransactionCount',
    ]);
  });

  test('more than 1000 calls in one turn leave in more than one request, as with viem', async () => {
    reset((calls, res) => json(res, 200, results(calls)));
    const c = client();
    const answers = await Promise.all(
      Array.from({ length: 1001 }, () => c.request({ method: 'eth_blockNumber' })),
    );
    assert.equal(answers.length, 1001);
    assert.deepEqual(
      requests.map((r) => r.length).sort((a, b) => b - a),
      [1000, 1],
    );
  });

  test('calls of later turns leave in later requests', async () => {
    reset((calls, res) => json(res, 200, results(calls)));
    const c = client();
    await c.getBalance({ address: WALLET });
    await c.getBalance({ address: WALLET });
    assert.equal(requests.length, 2);
  });

  test("a JSON-RPC error fails only its own call, with the node's code and message", async () => {
    reset((calls, res) =>
      json(
        res,
        200,
        calls.map((c) =>
          c.method === 'eth_getBalance'
            ? { jsonrpc: '2.0', id: c.id, error: { code: -32000, message: 'header not found' } }
            : { jsonrpc: '2.0', id: c.id, result: '0x5' },
        ),
      ),
    );
    const c = client();
    const [balance, nonce] = await Promise.allSettled([
      c.getBalance({ address: WALLET }),
      c.getTransactionCount({ address: WALLET }),
    ]);
    assert.equal(nonce.status === 'fulfilled' && nonce.value, 5);
    assert.equal(balance.status, 'rejected');
    const err = (balance as PromiseRejectedResult).reason as BaseError;
    assert.ok(err.walk((e) => e instanceof RpcRequestError));
    assert.match(err.message, /header not found/);
    assert.ok(!err.walk((e) => e instanceof HttpRequestError), 'not a transport failure');
  });

  test('a batch refused as a whole (one error object, answers missing or for other ids) fails each call as a transport failure', async () => {
    reset((_calls, res) =>
      json(res, 200, { jsonrpc: '2.0', id: null, error: { code: -32005, message: 'rate limited' } }),
    );
    const c = client();
    await Promise.all([
      failsWith(c.getBalance({ address: WALLET }), HttpRequestError),
      failsWith(c.getTransactionCount({ address: WALLET }), HttpRequestError),
    ]);
    // viem's HTTP client refuses an answer with fewer responses than calls as a whole.
    reset((calls, res) => json(res, 200, results(calls).slice(0, 1)));
    await Promise.all([
      failsWith(c.getBalance({ address: WALLET }), HttpRequestError),
      failsWith(c.getBalance({ address: '0x000000000000000000000000000000000000bEEF' }), HttpRequestError),
    ]);
    // Answers for other ids than the calls': each call without its answer fails the same way.
    reset((calls, res) =>
      json(
        res,
        200,
        results(calls).map((r) => ({ ...r, id: r.id + 1000 })),
      ),
    );
    await Promise.all([
      failsWith(c.getBalance({ address: WALLET }), HttpRequestError),
      failsWith(c.getTransactionCount({ address: WALLET }), HttpRequestError),
    ]);
  });

  test('a connection dropped before the answer fails every call of the batch as a transport failure', async () => {
    reset((_calls, res) => res.socket?.destroy());
    const c = client();
    await Promise.all([
      failsWith(c.getBalance({ address: WALLET }), HttpRequestError),
      failsWith(c.getTransactionCount({ address: WALLET }), HttpRequestError),
    ]);
  });

  test('an HTTP error status fails every call of the batch as a transport failure', async () => {
    reset((_calls, res) => res.writeHead(503).end('upstream busy'));
    const c = client();
    await Promise.all([
      failsWith(c.getBalance({ address: WALLET }), HttpRequestError),
      failsWith(c.getTransactionCount({ address: WALLET }), HttpRequestError),
    ]);
  });

  test('a call made with an abort signal goes alone and stops when aborted', async () => {
    // The node holds eth_blockNumber and answers the rest.
    reset((calls, res) => {
      if (!calls.some((c) => c.method === 'eth_blockNumber')) json(res, 200, results(calls));
    });
    const c = client(5_000);
    const controller = new AbortController();
    const call = c.request({ method: 'eth_blockNumber' }, { signal: controller.signal });
    const other = c.getBalance({ address: WALLET });
    // Batched together, the node would have held both.
    assert.equal(await other, 42n, 'the other call was not held with it');
    controller.abort();
    await assert.rejects(call);
  });

  test('a node that never answers: every call fails with a timeout, none hangs', async () => {
    reset(() => {});
    const c = client(300);
    await Promise.all([
      failsWith(c.getBalance({ address: WALLET }), TimeoutError),
      failsWith(c.getTransactionCount({ address: WALLET }), TimeoutError),
    ]);
  });
});
