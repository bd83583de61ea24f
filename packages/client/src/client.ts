import { randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import { errorFromResponse, WalletApiError } from './errors.ts';
import { type FollowEventsOptions, followEvents, listTransactionPages, nextChange } from './event-streams.ts';
import type { paths } from './generated/openapi.ts';
import { type RetryOptions, realSleep, resolveRetry, retryDelayMs, type Sleep, Stopwatch } from './retry.ts';
import type {
  Approval,
  ApproveBody,
  BalancesQuery,
  BalancesResult,
  CallOptions,
  CancelBody,
  ContractCallBody,
  ControlledTransaction,
  ControlResult,
  EventType,
  KeySelfResult,
  ListApprovalsQuery,
  ListApprovalsResult,
  ListAuditQuery,
  ListAuditResult,
  ListChainsResult,
  ListPayoutsQuery,
  ListPayoutsResult,
  ListTransactionsQuery,
  ListWalletsQuery,
  ListWalletsResult,
  Payout,
  PayoutBody,
  PayoutResult,
  QuoteBody,
  QuoteResult,
  SendBody,
  SimulateBody,
  Simulation,
  SpeedUpBody,
  SwapBody,
  Transaction,
  WaitOptions,
  WalletBalancesQuery,
  WriteOptions,
  WriteResult,
} from './types.ts';

export interface WalletApiClientOptions {
  /** The service's origin, e.g. http://127.0.0.1:8080 (the client adds /api/v1). */
  baseUrl: string;
  /** An API key, wak_…; sent as x-api-key. */
  apiKey: string;
  /** Timeout of each attempt (default 30 000 ms). */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** The fetch to use (default globalThis.fetch): to count, log or route requests. */
  fetch?: typeof globalThis.fetch;
  /** How the client waits between attempts and polls (default a real timer). For tests. */
  sleep?: Sleep;
}

/** The events that may end or advance a wait (waitForTransaction, waitForPayout). */
const TRANSACTION_CHANGES: readonly EventType[] = ['transaction.confirmed', 'transaction.failed'];
const PAYOUT_CHANGES: readonly EventType[] = ['payout.completed', ...TRANSACTION_CHANGES];

/** One attempt of an openapi-fetch call: what its methods resolve to. */
interface AttemptResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** What `call` resolves to. */
export interface CallResult<T> {
  data: T;
  response: Response;
  requestId: string | null;
  replayed: boolean;
  /** The key offered to the attempts (used only by those that send it). */
  idempotencyKey: string;
}

export interface CallContext {
  /** Pass to the openapi-fetch call: the attempt's timeout and the caller's signal. */
  signal: AbortSignal;
  /** The call's Idempotency-Key, the same on every attempt: send it for writes. */
  idempotencyKey: string;
}

export type WalletApiClient = ReturnType<typeof createWalletApiClient>;

const API_PREFIX = '/api/v1';

export function createWalletApiClient(options: WalletApiClientOptions) {
  const policy = resolveRetry(options.retry);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const sleep = options.sleep ?? realSleep;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  /**
   * The generated, typed openapi-fetch client for every path of the document (the escape hatch):
   * one request per call, no retries, and no timeout unless a `signal` is given. Run its calls
   * through `call` to get the retry rules and WalletApiError.
   */
  const api: Client<paths> = createClient<paths>({
    baseUrl: `${options.baseUrl.replace(/\/+$/, '')}${API_PREFIX}`,
    headers: { 'x-api-key': options.apiKey },
    fetch: (request: Request) => fetchImpl(request),
  });

  async function attempt<T>(
    run: (ctx: CallContext) => Promise<AttemptResult<T>>,
    idempotencyKey: string,
    writeKey: string | null,
    callerSignal: AbortSignal | undefined,
    attemptTimeoutMs: number,
  ): Promise<CallResult<T>> {
    const timeout = AbortSignal.timeout(attemptTimeoutMs);
    const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
    let result: AttemptResult<T>;
    try {
      result = await run({ signal, idempotencyKey });
    } catch (cause) {
      if (callerSignal?.aborted) {
        throw new WalletApiError({
          message: 'The request was aborted',
          code: 'ABORTED',
          status: 0,
          idempotencyKey: writeKey,
          cause: callerSignal.reason ?? cause,
        });
      }
      if (timeout.aborted) {
        throw new WalletApiError({
          message: `No response within ${attemptTimeoutMs} ms`,
          code: 'TIMEOUT',
          status: 0,
          idempotencyKey: writeKey,
          cause,
        });
      }
      const reason = (cause as { cause?: { code?: string; message?: string } })?.cause;
      const detail = reason?.code ?? reason?.message ?? (cause as Error)?.message ?? String(cause);
      throw new WalletApiError({
        message: `No usable response from ${options.baseUrl}: ${detail}`,
        code: 'NETWORK_ERROR',
        status: 0,
        idempotencyKey: writeKey,
        cause,
      });
    }
    const { response } = result;
    if (!response.ok) throw errorFromResponse(response, result.error, writeKey);
    return {
      data: result.data as T,
      response,
      requestId: response.headers.get('x-request-id'),
      replayed: response.headers.get('idempotent-replayed') === 'true',
      idempotencyKey,
    };
  }

  /**
   * Runs an openapi-fetch call (for example one of `api`'s) with the client's rules: a timeout per
   * attempt, retries (network errors, 5xx, 429, 409 still in progress) within the attempt and time
   * budget, the same Idempotency-Key on every attempt, and WalletApiError on failure.
   */
  async function call<T>(
    run: (ctx: CallContext) => Promise<AttemptResult<T>>,
    opts: { idempotencyKey?: string; write?: boolean; signal?: AbortSignal; timeoutMs?: number } = {},
  ): Promise<CallResult<T>> {
    const idempotencyKey = opts.idempotencyKey ?? randomUUID();
    const writeKey = opts.write || opts.idempotencyKey ? idempotencyKey : null;
    const clock = new Stopwatch(sleep);
    let previous: WalletApiError | null = null;
    for (let n = 1; ; n++) {
      const remaining = policy.maxElapsedMs - clock.elapsedMs();
      const attemptTimeout = Math.ceil(Math.min(opts.timeoutMs ?? timeoutMs, Math.max(remaining, 1000)));
      let err: WalletApiError;
      try {
        return await attempt(run, idempotencyKey, writeKey, opts.signal, attemptTimeout);
      } catch (e) {
        if (!(e instanceof WalletApiError)) throw e;
        err = e;
      }
      // The key's earlier attempt failed on the server: its own error says why, the 409 only that it failed.
      if (err.code === 'IDEMPOTENT_REPLAY' && err.retryAfterSeconds === undefined && previous) {
        if (previous.status >= 500) throw previous;
      }
      const wait = retryDelayMs(err, n, policy);
      if (wait === null || n >= policy.maxAttempts || clock.elapsedMs() + wait > policy.maxElapsedMs) {
        throw err;
      }
      previous = err;
      try {
        await clock.sleep(wait, opts.signal);
      } catch (cause) {
        throw new WalletApiError({
          message: 'The request was aborted',
          code: 'ABORTED',
          status: 0,
          idempotencyKey: writeKey,
          cause,
        });
      }
    }
  }

  const read = async <T>(run: (ctx: CallContext) => Promise<AttemptResult<T>>, opts?: CallOptions) =>
    (await call(run, opts?.signal ? { signal: opts.signal } : {})).data;

  const core = { api, call };

  /**
   * Between two looks of a wait: the events long poll, which a change of `types` answers at once;
   * without it (null: the key may not read events), a sleep, for the rest of the wait.
   */
  async function waitBetweenLooks(
    cursor: string | null,
    types: readonly EventType[],
    ms: number,
    clock: Stopwatch,
    signal: AbortSignal | undefined,
  ): Promise<string | null> {
    if (cursor !== null) {
      const next = await nextChange(core, cursor, types, ms, signal).catch((cause: unknown) => {
        throw new WalletApiError({ message: 'The wait was aborted', code: 'ABORTED', status: 0, cause });
      });
      if (next !== null) return next;
    }
    try {
      await clock.sleep(Math.ceil(ms), signal);
    } catch (cause) {
      throw new WalletApiError({ message: 'The wait was aborted', code: 'ABORTED', status: 0, cause });
    }
    return null;
  }

  /**
   * Looks until `done` holds, between looks waiting for one of `changes` in the event log (a change
   * wakes the wait at once) or the backoff (from 250 ms, x1.5, at most `maxIntervalMs`); the cursor is
   * taken before the first look, so a change right after it still wakes the wait. TIMEOUT after
   * `timeoutMs`, saying what the last look found.
   */
  async function waitUntil<T>(
    look: (signal: AbortSignal | undefined) => Promise<T>,
    done: (t: T) => boolean,
    o: {
      changes: readonly EventType[];
      timeoutMs: number;
      maxIntervalMs: number;
      signal: AbortSignal | undefined;
    },
    still: (t: T, limitMs: number) => string,
  ): Promise<T> {
    const clock = new Stopwatch(sleep);
    let interval = 250;
    let cursor = await nextChange(core, undefined, o.changes, 0, o.signal);
    for (;;) {
      const t = await look(o.signal);
      if (done(t)) return t;
      const remaining = o.timeoutMs - clock.elapsedMs();
      if (remaining <= 0)
        throw new WalletApiError({ message: still(t, o.timeoutMs), code: 'TIMEOUT', status: 0 });
      cursor = await waitBetweenLooks(cursor, o.changes, Math.min(interval, remaining), clock, o.signal);
      interval = Math.min(interval * 1.5, o.maxIntervalMs);
    }
  }

  const write = async (
    run: (ctx: CallContext) => Promise<AttemptResult<WriteResult['submission']>>,
    opts: WriteOptions = {},
  ): Promise<WriteResult> => {
    const r = await call(run, { ...opts, write: true });
    return {
      submission: r.data,
      idempotencyKey: r.idempotencyKey,
      replayed: r.replayed,
      requestId: r.requestId,
    };
  };

  async function control(
    id: string,
    action: 'speed-up' | 'cancel',
    body: SpeedUpBody,
    opts: WriteOptions = {},
  ): Promise<ControlResult> {
    const r = await call<ControlledTransaction>(
      ({ signal, idempotencyKey }) =>
        api.POST(action === 'speed-up' ? '/tx/{id}/speed-up' : '/tx/{id}/cancel', {
          body,
          params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } },
          signal,
        }),
      { ...opts, write: true },
    );
    return {
      transaction: r.data,
      idempotencyKey: r.idempotencyKey,
      replayed: r.replayed,
      requestId: r.requestId,
    };
  }

  const getTransaction = (id: string, opts?: CallOptions): Promise<Transaction> =>
    read(({ signal }) => api.GET('/tx/{id}', { params: { path: { id } }, signal }), opts);

  return {
    api,
    call,

    listWallets: (query?: ListWalletsQuery, opts?: CallOptions): Promise<ListWalletsResult> =>
      read(({ signal }) => api.GET('/wallets', { params: { query: query ?? {} }, signal }), opts),

    listChains: (opts?: CallOptions): Promise<ListChainsResult> =>
      read(({ signal }) => api.GET('/chains', { signal }), opts),

    /** What this client's API key may do: scopes, chains, allowlists, limits and what is left today. */
    getKeySelf: (opts?: CallOptions): Promise<KeySelfResult> =>
      read(({ signal }) => api.GET('/keys/self', { signal }), opts),

    /** Your audit trail, newest first (`nextCursor` pages back); filter by action or key. */
    listAudit: (query?: ListAuditQuery, opts?: CallOptions): Promise<ListAuditResult> =>
      read(({ signal }) => api.GET('/audit', { params: { query: query ?? {} }, signal }), opts),

    /** Balances of a wallet (`query.address`, or your default wallet for the chain's type). */
    getBalances: (query: BalancesQuery, opts?: CallOptions): Promise<BalancesResult> =>
      read(({ signal }) => api.GET('/wallets/balances', { params: { query }, signal }), opts),

    getWalletBalances: (
      address: string,
      query: WalletBalancesQuery,
      opts?: CallOptions,
    ): Promise<BalancesResult> =>
      read(
        ({ signal }) =>
          api.GET('/wallets/{address}/balances', { params: { path: { address }, query }, signal }),
        opts,
      ),

    send: (body: SendBody, opts?: WriteOptions) =>
      write(
        ({ signal, idempotencyKey }) =>
          api.POST('/send', { body, params: { header: { 'Idempotency-Key': idempotencyKey } }, signal }),
        opts,
      ),

    approve: (body: ApproveBody, opts?: WriteOptions) =>
      write(
        ({ signal, idempotencyKey }) =>
          api.POST('/token/approve', {
            body,
            params: { header: { 'Idempotency-Key': idempotencyKey } },
            signal,
          }),
        opts,
      ),

    callContract: (body: ContractCallBody, opts?: WriteOptions) =>
      write(
        ({ signal, idempotencyKey }) =>
          api.POST('/contracts/send', {
            body,
            params: { header: { 'Idempotency-Key': idempotencyKey } },
            signal,
          }),
        opts,
      ),

    /** A swap quote (a POST that counts as a write for rate limits, but needs no Idempotency-Key). */
    quote: (body: QuoteBody, opts?: CallOptions): Promise<QuoteResult> =>
      read(({ signal }) => api.POST('/trade/quote', { body, signal }), opts),

    swap: (body: SwapBody, opts?: WriteOptions) =>
      write(
        ({ signal, idempotencyKey }) =>
          api.POST('/trade/swap', {
            body,
            params: { header: { 'Idempotency-Key': idempotencyKey } },
            signal,
          }),
        opts,
      ),

    getTransaction,

    /**
     * EVM: a replacement at the same nonce with fees raised (POST /tx/{id}/speed-up). Solana: refused
     * (400); a `computeUnitPrice` named is recorded first, for the re-sign after a proven expiry.
     */
    speedUp: (id: string, body: SpeedUpBody = {}, opts?: WriteOptions) => control(id, 'speed-up', body, opts),

    /** Cancels a pending transaction (POST /tx/{id}/cancel): a race; the final status tells. */
    cancel: (id: string, body: CancelBody = {}, opts?: WriteOptions) => control(id, 'cancel', body, opts),

    /** What a write would do now (POST /simulate): nothing signed, recorded or counted. */
    simulate: (body: SimulateBody, opts?: CallOptions): Promise<Simulation> =>
      read(({ signal }) => api.POST('/simulate', { body, signal }), opts),

    /**
     * Your transactions, newest first: an async iterator over pages of GET /tx (`{ transactions,
     * nextCursor }`), following `nextCursor` to the last page. Filters: chain, status, from, since,
     * until, limit (page size).
     */
    listTransactions: (
      query?: Omit<ListTransactionsQuery, 'cursor'> & { cursor?: string },
      opts?: CallOptions,
    ) => listTransactionPages(core, query, opts),

    /**
     * Your events as they happen: an endless async iterator over GET /events long polls (see
     * event-streams.ts). Resume after a restart with `after`: the id of the last event handled.
     */
    events: (options?: FollowEventsOptions) => followEvents(core, options),

    /**
     * Writes waiting for a person's approval (`status: 'pending'` for those not decided yet).
     * Needs a key with the approve scope.
     */
    listApprovals: (query?: ListApprovalsQuery, opts?: CallOptions): Promise<ListApprovalsResult> =>
      read(({ signal }) => api.GET('/approvals', { params: { query: query ?? {} }, signal }), opts),

    /** Approves a write waiting for a person (never one this client's own key asked for). */
    approveApproval: (id: string, opts?: CallOptions): Promise<Approval> =>
      read(({ signal }) => api.POST('/approvals/{id}/approve', { params: { path: { id } }, signal }), opts),

    /** Denies a write waiting for a person; it ends FAILED with nothing signed. */
    denyApproval: (id: string, reason?: string, opts?: CallOptions): Promise<Approval> =>
      read(
        ({ signal }) =>
          api.POST('/approvals/{id}/deny', {
            params: { path: { id } },
            body: reason === undefined ? {} : { reason },
            signal,
          }),
        opts,
      ),
    /** A payout (extension): up to 1000 transfers in one request; answered 202 once every item is recorded. */
    async createPayout(body: PayoutBody, opts: WriteOptions = {}): Promise<PayoutResult> {
      const r = await call(
        ({ signal, idempotencyKey }) =>
          api.POST('/payouts', { body, params: { header: { 'Idempotency-Key': idempotencyKey } }, signal }),
        { ...opts, write: true },
      );
      return {
        payout: r.data,
        idempotencyKey: r.idempotencyKey,
        replayed: r.replayed,
        requestId: r.requestId,
      };
    },

    getPayout: (id: string, opts?: CallOptions): Promise<Payout> =>
      read(({ signal }) => api.GET('/payouts/{id}', { params: { path: { id } }, signal }), opts),

    listPayouts: (query?: ListPayoutsQuery, opts?: CallOptions): Promise<ListPayoutsResult> =>
      read(({ signal }) => api.GET('/payouts', { params: { query: query ?? {} }, signal }), opts),

    /**
     * Polls GET /payouts/{id} until the payout is no longer processing (every item CONFIRMED or
     * FAILED); `onProgress` sees each look. Backoff from 250 ms, x1.5, at most 3 s between polls.
     */
    async waitForPayout(
      id: string,
      opts: WaitOptions & { onProgress?: (p: Payout) => void } = {},
    ): Promise<Payout> {
      return waitUntil(
        async (signal) => {
          const payout = await read(
            ({ signal: s }) => api.GET('/payouts/{id}', { params: { path: { id } }, signal: s }),
            signal ? { signal } : {},
          );
          opts.onProgress?.(payout);
          return payout;
        },
        (p) => p.status !== 'processing',
        {
          changes: PAYOUT_CHANGES,
          timeoutMs: opts.timeoutMs ?? 600_000,
          maxIntervalMs: 3000,
          signal: opts.signal,
        },
        (_p, limit) => `Payout ${id} is still processing after ${limit} ms`,
      );
    },

    /**
     * Polls GET /tx/{id} until the transaction is CONFIRMED or FAILED and returns it (a FAILED one is
     * returned, not thrown: its `error` says why). Backoff from 250 ms, x1.5, at most 5 s between polls.
     */
    waitForTransaction(id: string, opts: WaitOptions = {}): Promise<Transaction> {
      return waitUntil(
        (signal) => getTransaction(id, signal ? { signal } : {}),
        (tx) => tx.status === 'CONFIRMED' || tx.status === 'FAILED',
        {
          changes: TRANSACTION_CHANGES,
          timeoutMs: opts.timeoutMs ?? 120_000,
          maxIntervalMs: 5000,
          signal: opts.signal,
        },
        (tx, limit) => `Transaction ${id} is still ${tx.status} after ${limit} ms`,
      );
    },
  };
}
