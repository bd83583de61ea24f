// GET /tx as pages and GET /events as a long-poll stream (issue 28): the typed client's followers.

import type { Client } from 'openapi-fetch';
import type { CallContext, CallResult } from './client.ts';
import type { paths } from './generated/openapi.ts';
import type { CallOptions, EventType, ListTransactionsQuery, TransactionPage, WalletEvent } from './types.ts';

/** The parts of the client the followers run on: the typed paths and `call` (timeouts, retries, errors). */
export interface FollowerCore {
  api: Client<paths>;
  call: <T>(
    run: (ctx: CallContext) => Promise<{ data?: T; error?: unknown; response: Response }>,
    opts?: { signal?: AbortSignal; timeoutMs?: number },
  ) => Promise<CallResult<T>>;
}

/**
 * Your transactions, newest first, one page (`{ transactions, nextCursor }`) per iteration until
 * the last. Each page is one GET /tx with the client's retry rules. Paging never skips or repeats a
 * transaction while others are being recorded; ones recorded after the first page are not in later
 * pages (iterate again from the start to see them).
 */
export async function* listTransactionPages(
  core: FollowerCore,
  query: Omit<ListTransactionsQuery, 'cursor'> & { cursor?: string } = {},
  opts: CallOptions = {},
): AsyncGenerator<TransactionPage, void, undefined> {
  let cursor = query.cursor;
  for (;;) {
    const page = (
      await core.call(
        ({ signal }) =>
          core.api.GET('/tx', {
            params: { query: { ...query, ...(cursor !== undefined ? { cursor } : {}) } },
            signal,
          }),
        opts.signal ? { signal: opts.signal } : {},
      )
    ).data;
    yield page;
    if (page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}

export interface FollowEventsOptions extends CallOptions {
  /**
   * Where to start: a nextCursor, the id of the last event you handled (evt_…: resume after it), or
   * `now` (only what happens from now on). Default: your first event.
   */
  after?: string;
  /** Only these types (default: all). */
  types?: readonly EventType[];
  /** Seconds each request waits for something new (1-30, default 30). */
  waitSeconds?: number;
  /** Events per request (1-100, default 50). */
  limit?: number;
}

/**
 * Your events, oldest first, as they happen: an endless async iterator over GET /events long polls,
 * each continuing from the last one's nextCursor, so no event is missed or seen twice. Transient
 * failures (network errors, timeouts, 5xx, 429) are retried by the client's retry rules; an error
 * they give up on, or a 4xx, ends the iteration with a WalletApiError. Stop with `break` or the
 * signal. To resume after a restart, pass the id of the last event you handled as `after`.
 */
export async function* followEvents(
  core: FollowerCore,
  options: FollowEventsOptions = {},
): AsyncGenerator<WalletEvent, void, undefined> {
  const wait = Math.min(30, Math.max(1, options.waitSeconds ?? 30));
  let after = options.after;
  for (;;) {
    const { data } = await core.call(
      ({ signal }) =>
        core.api.GET('/events', {
          params: {
            query: {
              ...(after !== undefined ? { after } : {}),
              ...(options.types ? { types: options.types.join(',') } : {}),
              ...(options.limit !== undefined ? { limit: options.limit } : {}),
              wait,
            },
          },
          signal,
        }),
      // The server holds the request up to `wait` seconds: each attempt may take that long, and more.
      { ...(options.signal ? { signal: options.signal } : {}), timeoutMs: (wait + 15) * 1000 },
    );
    for (const event of data.events) yield event;
    after = data.nextCursor;
  }
}

/**
 * What the waits (waitForTransaction, waitForPayout) hold between their looks: a GET /events long
 * poll for `types` after `after`, answered as soon as one happens, or after `waitMs` (at least 1 s,
 * whole seconds) when none does; returns the cursor to wait from next. The first call (no `after`)
 * only takes the current end of the stream, at once, so a change made after it cannot be missed.
 * null when the key may not read events (or the server has none): the caller sleeps instead.
 */
export async function nextChange(
  core: FollowerCore,
  after: string | undefined,
  types: readonly EventType[],
  waitMs: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const wait = Math.min(30, Math.max(1, Math.round(waitMs / 1000)));
  try {
    const { data } = await core.call(
      ({ signal: s }) =>
        core.api.GET('/events', {
          params: {
            query:
              after === undefined
                ? { after: 'now', limit: 1 }
                : { after, types: types.join(','), limit: 1, wait },
          },
          signal: s,
        }),
      { ...(signal ? { signal } : {}), timeoutMs: (wait + 15) * 1000 },
    );
    return data.nextCursor;
  } catch (err) {
    if (signal?.aborted) throw err;
    return null;
  }
}
