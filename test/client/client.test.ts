// @needs devnet
// The typed client (packages/client) against the real service on the development network: retries
// that replay instead of sending twice, Retry-After honoured, errors surfaced as WalletApiError.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { WalletApiError } from '@wallet-api/client';
import { type Address, type Hex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { bootEphemeral } from '../../src/boot/boot-ephemeral.ts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import { memoryRateLimiter } from '../../src/rate-limit/rate-limiter.ts';
import { ManualClock } from '../../src/support/clock.ts';
import { clientFor } from '../support/api-client.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf } from '../support/chain-app.ts';
import { createPgliteDatabase } from '../support/database.ts';
import { fund, useDevnet } from '../support/devnet.ts';
import { startDropResponseProxy } from '../support/drop-response-proxy.ts';
import { startRpcProxy } from '../support/rpc-proxy.ts';

const randomAddress = () => privateKeyToAddress(generatePrivateKey());

interface Seen {
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number | null;
  retryAfter: string | null;
  requestId: string | null;
  replayed: boolean;
  error: string | null;
}

/** A fetch that records every HTTP request the client makes and what came back. */
function recordingFetch() {
  const seen: Seen[] = [];
  const recording = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const entry: Seen = {
      method: request.method,
      path: new URL(request.url).pathname,
      idempotencyKey: request.headers.get('idempotency-key'),
      status: null,
      retryAfter: null,
      requestId: null,
      replayed: false,
      error: null,
    };
    seen.push(entry);
    try {
      const res = await fetch(request);
      entry.status = res.status;
      entry.retryAfter = res.headers.get('retry-after');
      entry.requestId = res.headers.get('x-request-id');
      entry.replayed = res.headers.get('idempotent-replayed') === 'true';
      return res;
    } catch (err) {
      entry.error = String((err as Error)?.cause ?? err);
      throw err;
    }
  };
  return { fetch: recording, seen };
}

async function rejection(promise: Promise<unknown>): Promise<WalletApiError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof WalletApiError, `a WalletApiError, got ${err}`);
    return err;
  }
  assert.fail('the call succeeded');
}

/** A loopback port where nothing listens. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address && typeof address === 'object' ? address.port : 0;
}

describe('the client against the service', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  before(async () => {
    ctx = await startChainApp();
    app = ctx.app;
  });
  after(async () => {
    await app.stop();
  });

  async function fundedUser(eth = 10n) {
    const user = await app.newUser();
    const address = (await walletOf(app, user.userId, 'ethereum')) as Address;
    if (eth > 0n) await fund({ chain: 'evm-localnet', address, amount: eth * 10n ** 18n });
    return { ...user, address };
  }

  test('a send whose answer is lost is retried with the same key, replayed, and sent once', async () => {
    const user = await fundedUser();
    const proxy = await startDropResponseProxy(Number(new URL(app.url).port));
    try {
      const recorder = recordingFetch();
      const client = clientFor(proxy, user.key, { fetch: recorder.fetch });
      const to = randomAddress();
      const nonceBefore = await ctx.evm.getTransactionCount({ address: user.address });
      const result = await client.send({ chain: 'evm-localnet', to, asset: 'native', amount: '777000' });
      assert.equal(proxy.dropped, 1, 'the first answer was lost');
      assert.equal(recorder.seen.length, 2, JSON.stringify(recorder.seen));
      const [first, second] = recorder.seen;
      assert.ok(first?.error, 'the first attempt saw no response');
      assert.equal(second?.status, 200);
      assert.equal(first?.idempotencyKey, result.idempotencyKey, 'the same key on both attempts');
      assert.equal(second?.idempotencyKey, result.idempotencyKey);
      assert.equal(result.replayed, true, 'the retry got the stored answer');
      assert.equal(result.submission.status, 'SUBMITTED');
      const tx = await client.waitForTransaction(result.submission.id);
      assert.equal(tx.status, 'CONFIRMED');
      assert.equal(tx.hash, result.submission.hash);
      assert.equal(await ctx.evm.getBalance({ address: to }), 777_000n, 'the amount arrived once');
      assert.equal(await ctx.evm.getTransactionCount({ address: user.address }), nonceBefore + 1);
    } finally {
      await proxy.close();
    }
  });

  test('a non-retryable 4xx is thrown at once as WalletApiError', async () => {
    const user = await fundedUser(0n);
    const recorder = recordingFetch();
    const client = clientFor(app, user.key, { fetch: recorder.fetch });
    const err = await rejection(
      client.send({ chain: 'evm-localnet', to: 'not-an-address', asset: 'native', amount: '1' }),
    );
    assert.equal(err.code, 'INVALID_INPUT');
    assert.equal(err.status, 400);
    assert.match(err.message, /to/);
    assert.ok(err.requestId, 'the request id is there');
    assert.equal(err.requestId, recorder.seen[0]?.requestId, 'the same as x-request-id');
    assert.equal(err.idempotencyKey, recorder.seen[0]?.idempotencyKey);
    assert.equal(recorder.seen.length, 1, 'exactly one HTTP request');

    // A key whose attempt failed (409 IDEMPOTENT_REPLAY without Retry-After) and a changed body under a
    // used key (409 IDEMPOTENT_BODY_MISMATCH) are not retried either.
    const key = randomUUID();
    const body = { chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '1' } as const;
    const broke = await rejection(client.send(body, { idempotencyKey: key }));
    assert.equal(broke.code, 'INSUFFICIENT_FUNDS');
    const before = recorder.seen.length;
    const burnt = await rejection(client.send(body, { idempotencyKey: key }));
    assert.equal(burnt.code, 'IDEMPOTENT_REPLAY');
    assert.equal(burnt.status, 409);
    assert.equal(burnt.retryAfterSeconds, undefined);
    assert.equal(recorder.seen.length, before + 1);
    const mismatch = await rejection(client.send({ ...body, amount: '2' }, { idempotencyKey: key }));
    assert.equal(mismatch.code, 'IDEMPOTENT_BODY_MISMATCH');
    assert.equal(recorder.seen.length, before + 2);
  });

  test('two concurrent calls with one idempotency key get the same submission, one of them replayed', async () => {
    const user = await fundedUser();
    const recorder = recordingFetch();
    const client = clientFor(app, user.key, { fetch: recorder.fetch });
    const to = randomAddress();
    const nonceBefore = await ctx.evm.getTransactionCount({ address: user.address });
    const key = randomUUID();
    const body = { chain: 'evm-localnet', to, asset: 'native', amount: '4242' } as const;
    const [a, b] = await Promise.all([
      client.send(body, { idempotencyKey: key }),
      client.send(body, { idempotencyKey: key }),
    ]);
    assert.equal(a.submission.id, b.submission.id);
    assert.deepEqual(a.submission, b.submission);
    assert.deepEqual([a.replayed, b.replayed].sort(), [false, true]);
    assert.equal(a.idempotencyKey, key);
    assert.equal(b.idempotencyKey, key);
    // Whether the second arrived while the first ran (409 with Retry-After, waited) or after it.
    for (const r of recorder.seen.filter((s) => s.status === 409)) assert.ok(r.retryAfter);
    assert.equal((await client.waitForTransaction(a.submission.id)).status, 'CONFIRMED');
    assert.equal(await ctx.evm.getBalance({ address: to }), 4242n);
    assert.equal(await ctx.evm.getTransactionCount({ address: user.address }), nonceBefore + 1);
  });

  test('reads are typed and go through the same client', async () => {
    const user = await fundedUser(1n);
    const client = clientFor(app, user.key);
    const { wallets } = await client.listWallets({ chain: 'ethereum' });
    assert.equal(wallets[0]?.address, user.address);
    const { chains } = await client.listChains();
    assert.ok(chains.some((c) => c.slug === 'evm-localnet'));
    const { balances } = await client.getBalances({ chain: 'evm-localnet', fresh: true });
    assert.equal(balances[0]?.raw, (10n ** 18n).toString());
    const byAddress = await client.getWalletBalances(user.address, { chain: 'evm-localnet' });
    assert.equal(byAddress.balances[0]?.raw, (10n ** 18n).toString());
    const missing = await rejection(client.getTransaction('tx_nothing'));
    assert.equal(missing.code, 'NOT_FOUND');
    assert.equal(missing.status, 404);
    assert.equal(missing.idempotencyKey, null);
    // The escape hatch: the generated openapi-fetch client, here run through the client's rules.
    const raw = await client.call(({ signal }) => client.api.GET('/wallets', { signal }));
    assert.equal(raw.data.wallets.length, 2);
    assert.equal(raw.response.status, 200);
  });

  test('waitForTransaction and waitForPayout wake on the event stream, not on a poll timer', async () => {
    const user = await fundedUser(1n);
    // A client whose timer refuses to run: a wait that ever fell back to sleeping would fail.
    const slept: number[] = [];
    const { fetch: recording, seen } = recordingFetch();
    const client = clientFor(app, user.key, {
      fetch: recording,
      sleep: async (ms) => {
        slept.push(ms);
        throw new Error('the wait slept');
      },
    });
    const { submission } = await client.send({
      chain: 'evm-localnet',
      to: randomAddress(),
      asset: 'native',
      amount: '1',
    });
    const tx = await client.waitForTransaction(submission.id, { timeoutMs: 60_000 });
    assert.equal(tx.status, 'CONFIRMED');
    const { payout } = await client.createPayout({
      chain: 'evm-localnet',
      asset: 'native',
      items: [
        { to: randomAddress(), amount: '2' },
        { to: randomAddress(), amount: '3' },
      ],
    });
    const done = await client.waitForPayout(payout.id, { timeoutMs: 60_000 });
    assert.equal(done.status, 'completed');
    assert.deepEqual(slept, [], 'never slept');
    assert.ok(
      seen.some((r) => r.path === '/api/v1/events'),
      'followed GET /events',
    );
  });

  test('waitForTransaction returns a FAILED transaction instead of throwing', async () => {
    // A contract that accepts any call is swapped for one that reverts between the service's
    // simulation and its broadcast (as in the EVM write tests).
    const target = randomAddress();
    const setCode = (code: Hex) =>
      fetch(ctx.info.evm.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'hardhat_setCode', params: [target, code] }),
      });
    await setCode('0x00');
    const proxy = await startRpcProxy(ctx.info.evm.rpcUrl, {
      beforeForward: async (call) => {
        if (call.method === 'eth_sendRawTransaction') await setCode('0x60006000fd');
      },
    });
    const proxied = await startChainApp({ evmRpcUrl: proxy.url });
    try {
      const user = await proxied.app.newUser();
      await fund({
        chain: 'evm-localnet',
        address: await walletOf(proxied.app, user.userId, 'ethereum'),
        amount: parseEther('1'),
      });
      const client = clientFor(proxied.app, user.key);
      const { submission } = await client.callContract({
        chain: 'evm-localnet',
        to: target,
        data: '0x12345678',
      });
      const tx = await client.waitForTransaction(submission.id, { timeoutMs: 60_000 });
      assert.equal(tx.status, 'FAILED');
      assert.match(tx.error ?? '', /reverted/i);
    } finally {
      await proxied.app.stop();
      await proxy.close();
    }
  });
});

describe('429: the client waits the Retry-After the service sent', () => {
  test('a write over the limit is retried once the window resets, and succeeds', async () => {
    // The service with one write per minute. Its in-process limiter is the one the composition root
    // builds, given the test's clock (compose.ts builds it on the system clock), so the client's
    // `sleep` can move time instead of waiting a minute.
    const clock = new ManualClock();
    const info = await useDevnet();
    const runtime = await bootEphemeral({
      env: {
        RATE_LIMIT_WRITE_PER_MINUTE: '1',
        RATE_LIMIT_READ_PER_MINUTE: '100000',
        TRACKER_INTERVAL_MS: '200',
      },
      database: createPgliteDatabase,
      chains: createChainRegistry(
        {},
        {
          'evm-localnet': { rpcUrl: info.evm.rpcUrl },
          'solana-localnet': { rpcUrl: info.solana.rpcUrl },
        },
      ),
      rateLimiter: memoryRateLimiter({ readPerMinute: 100000, writePerMinute: 1 }, () => clock.nowMs()),
    });
    try {
      const user = await runtime.services.users.create({ email: `client-429-${randomUUID()}@example.test` });
      const wallet = await runtime.services.wallets.create(user.id, { chainType: 'ethereum' });
      const { key } = await runtime.services.apiKeys.create(user.id, { name: 'test' });
      await fund({ chain: 'evm-localnet', address: wallet.address, amount: parseEther('1') });

      const waits: number[] = [];
      const recorder = recordingFetch();
      const client = clientFor(runtime, key, {
        fetch: recorder.fetch,
        sleep: async (ms) => {
          waits.push(ms);
          clock.advance(ms);
        },
      });
      const first = await client.send({
        chain: 'evm-localnet',
        to: randomAddress(),
        asset: 'native',
        amount: '1',
      });
      assert.equal(first.submission.status, 'SUBMITTED');
      clock.advance(45_000); // 15 s of the window left
      const to = randomAddress();
      const second = await client.send({ chain: 'evm-localnet', to, asset: 'native', amount: '2' });
      const statuses = recorder.seen.map((s) => s.status);
      assert.deepEqual(statuses, [200, 429, 200]);
      const limited = recorder.seen[1]!;
      assert.equal(limited.retryAfter, '15');
      assert.deepEqual(waits, [15_000], 'the client waited exactly the Retry-After');
      assert.equal(recorder.seen[2]?.idempotencyKey, limited.idempotencyKey, 'the same key after the wait');
      assert.equal(second.replayed, false, 'a 429 records nothing: the retry ran the write');
      // Waiting for confirmation takes real time: a client whose sleep really sleeps.
      const tx = await clientFor(runtime, key).waitForTransaction(second.submission.id);
      assert.equal(tx.status, 'CONFIRMED');
      assert.equal(tx.to, to);
    } finally {
      await runtime.stop();
    }
  });
});

describe('no answer at all', () => {
  test('connection refused: NETWORK_ERROR after maxAttempts, within the budget', async () => {
    const port = await deadPort();
    const recorder = recordingFetch();
    const waits: number[] = [];
    const client = clientFor({ url: `http://127.0.0.1:${port}` }, 'wak_none_none', {
      fetch: recorder.fetch,
      retry: { maxAttempts: 4, maxElapsedMs: 10_000, baseDelayMs: 50 },
      sleep: async (ms) => {
        waits.push(ms);
        await new Promise((r) => setTimeout(r, ms));
      },
    });
    const started = performance.now();
    const err = await rejection(
      client.send({ chain: 'evm-localnet', to: randomAddress(), asset: 'native', amount: '1' }),
    );
    const elapsed = performance.now() - started;
    assert.equal(err.code, 'NETWORK_ERROR');
    assert.equal(err.status, 0);
    assert.equal(err.requestId, null);
    assert.match(err.message, /ECONNREFUSED/);
    assert.ok(err.idempotencyKey, 'the key, to resume the write');
    assert.equal(recorder.seen.length, 4, 'maxAttempts requests');
    assert.equal(new Set(recorder.seen.map((s) => s.idempotencyKey)).size, 1, 'one key throughout');
    assert.equal(waits.length, 3);
    // Exponential backoff with jitter: attempt n waits within [base·2^(n-1)/2, base·2^(n-1)].
    waits.forEach((w, i) => {
      const ceiling = 50 * 2 ** i;
      assert.ok(w >= ceiling / 2 && w <= ceiling, `wait ${i + 1}: ${w} ms`);
    });
    assert.ok(elapsed < 10_000, `${elapsed} ms`);
  });

  test('a wait that would end past the time budget is not started', async () => {
    const port = await deadPort();
    const recorder = recordingFetch();
    const waits: number[] = [];
    const client = clientFor({ url: `http://127.0.0.1:${port}` }, 'wak_none_none', {
      fetch: recorder.fetch,
      retry: { maxAttempts: 50, maxElapsedMs: 5_000, baseDelayMs: 1_000, maxDelayMs: 60_000 },
      sleep: async (ms) => {
        waits.push(ms); // counted against the budget without waiting
      },
    });
    const err = await rejection(client.listWallets());
    assert.equal(err.code, 'NETWORK_ERROR');
    assert.ok(recorder.seen.length < 50, `${recorder.seen.length} attempts`);
    const total = waits.reduce((a, b) => a + b, 0);
    assert.ok(total <= 5_000, `waited ${total} ms in all`);
    assert.equal(recorder.seen.length, waits.length + 1);
  });

  test('a server that never answers: TIMEOUT per attempt, retried, then thrown', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const silent: Server = createServer((s) => {
      sockets.add(s);
      s.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const address = silent.address();
    const port = address && typeof address === 'object' ? address.port : 0;
    try {
      const recorder = recordingFetch();
      const client = clientFor({ url: `http://127.0.0.1:${port}` }, 'wak_none_none', {
        fetch: recorder.fetch,
        timeoutMs: 200,
        retry: { maxAttempts: 2, baseDelayMs: 10 },
      });
      const started = performance.now();
      const err = await rejection(client.getTransaction('tx_x'));
      assert.equal(err.code, 'TIMEOUT');
      assert.equal(err.status, 0);
      assert.equal(recorder.seen.length, 2);
      assert.ok(performance.now() - started < 3_000);
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
