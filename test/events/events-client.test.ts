import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
// The package's source in this checkout: node_modules/@wallet-api/client is the main checkout's
// (a worktree shares its node_modules), which would test the client as it was before this change.
import {
  createWalletApiClient,
  type WalletApiClientOptions,
  type WalletEvent,
} from '../../packages/client/src/index.ts';
import type { UserId } from '../../src/domain/ids.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { recordTransaction, walletRow } from './event-fixtures.ts';

const clientFor = (app: { url: string }, apiKey: string, options: Partial<WalletApiClientOptions> = {}) =>
  createWalletApiClient({ baseUrl: app.url, apiKey, ...options });

describe('the typed client: listTransactions and events', () => {
  let app: TestApp;
  let user: { userId: UserId; key: string };
  let wallet: Parameters<typeof recordTransaction>[1];
  before(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_READ_PER_MINUTE: '100000' } });
    user = await app.newUser();
    wallet = { ...(await walletRow(app.db, user.userId, 'ethereum')), userId: user.userId };
  });
  after(async () => {
    await app?.stop();
  });

  test('listTransactions iterates over pages, newest first, to the last', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await recordTransaction(app.db, wallet)).id);
    const client = clientFor(app, user.key);
    const pages = [];
    for await (const page of client.listTransactions({ limit: 2, chain: 'evm-localnet' })) pages.push(page);
    assert.deepEqual(
      pages.map((p) => p.transactions.length),
      [2, 2, 1],
    );
    assert.equal(pages.at(-1)?.nextCursor, null);
    assert.deepEqual(
      pages.flatMap((p) => p.transactions.map((t) => t.id)),
      [...made].reverse(),
    );
  });

  test('events follows as things happen, and carries on through a dropped connection and a 503', async () => {
    let eventRequests = 0;
    const faults: string[] = [];
    // Faults on the way: the second events request never gets an answer, the third a 503.
    const flaky: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/events')) {
        eventRequests++;
        if (eventRequests === 2) {
          faults.push('network');
          throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
        }
        if (eventRequests === 3) {
          faults.push('503');
          return new Response(
            JSON.stringify({ error: 'Service unavailable', code: 'SERVICE_UNAVAILABLE', requestId: 'req_x' }),
            { status: 503, headers: { 'content-type': 'application/json' } },
          );
        }
      }
      return fetch(input, init);
    };
    const client = clientFor(app, user.key, { fetch: flaky, sleep: async () => {} });
    const stop = new AbortController();
    const got: WalletEvent[] = [];
    const following = (async () => {
      for await (const event of client.events({
        after: 'now',
        types: ['transaction.created'],
        waitSeconds: 1,
        limit: 1,
        signal: stop.signal,
      })) {
        got.push(event);
        if (got.length === 3) break;
      }
    })();
    const made = [];
    for (let i = 0; i < 3; i++) {
      // Wait for the follower to be waiting, so the events arrive across several long polls.
      for (let n = 0; app.services.events.waiters.waiting() === 0; n++) {
        assert.ok(n < 400, 'the follower never waited');
        await delay(25);
      }
      made.push((await recordTransaction(app.db, wallet)).id);
    }
    await following;
    stop.abort();
    assert.deepEqual(
      got.map((e) => e.data.id),
      made,
      'each once, in order',
    );
    assert.deepEqual(faults, ['network', '503'], 'both faults happened and were retried');
  });

  test('events ends with the API’s error on a refusal (a cursor that is not one)', async () => {
    const client = clientFor(app, user.key);
    await assert.rejects(
      async () => {
        for await (const _ of client.events({ after: 'bogus-cursor', waitSeconds: 1 })) break;
      },
      (err: { code?: string; status?: number }) => err.code === 'INVALID_INPUT' && err.status === 400,
    );
  });
});
