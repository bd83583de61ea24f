import { Type } from 'typebox';
import { TransactionListQuery } from '../schemas/transaction-list.ts';
import type { ApiCaller, ApiResponse } from './api-caller.ts';
import type { ToolDefinition } from './tool-definition.ts';
import { toolInput } from './tool-schemas.ts';

/** What the tools of issue 28 need of tools.ts, passed in (tools.ts imports this file). */
interface ToolKit {
  readOnly: ToolDefinition['annotations'];
  toolInputError: (message: string) => Error;
  toQuery: (args: Record<string, unknown>) => Record<string, string>;
}

export const WAIT_DEFAULT_SECONDS = 50;
export const WAIT_MAX_SECONDS = 120;
/** The API holds a long poll at most this long. */
const POLL_SECONDS = 30;

const WaitInput = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'The transaction id (tx_...)',
    }),
    timeoutSeconds: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: WAIT_MAX_SECONDS,
        description: `How long to wait at most (default ${WAIT_DEFAULT_SECONDS}; keep it below your MCP client's request timeout, often 60 s)`,
      }),
    ),
  },
  { additionalProperties: false },
);

const FINAL = new Set(['CONFIRMED', 'FAILED']);
const isFinal = (res: ApiResponse) =>
  res.status === 200 && FINAL.has(String((res.body as { status?: unknown } | null)?.status));

/**
 * Waits for a transaction to be CONFIRMED or FAILED by long-polling GET /events for its final events
 * (no busy polling), and answers GET /tx/{id} at the end: the final transaction, or, when the time
 * runs out first, the transaction as it is then. Any refusal of the API (404 for an unknown id, 429)
 * is the answer.
 */
export async function waitForTransaction(
  call: ApiCaller,
  id: string,
  timeoutSeconds: number,
): Promise<ApiResponse> {
  const deadline = performance.now() + timeoutSeconds * 1000;
  const lookup = () => call({ method: 'GET', path: `/tx/${encodeURIComponent(id)}` });
  // Where the log ends before the lookup: a final event committed after it is still seen below.
  const start = await call({ method: 'GET', path: '/events', query: { after: 'now' } });
  if (start.status !== 200) return start;
  let cursor = String((start.body as { nextCursor: unknown }).nextCursor);
  const first = await lookup();
  if (first.status !== 200 || isFinal(first)) return first;
  for (;;) {
    const left = Math.floor((deadline - performance.now()) / 1000);
    if (left < 1) return lookup();
    const page = await call({
      method: 'GET',
      path: '/events',
      query: {
        after: cursor,
        types: 'transaction.confirmed,transaction.failed',
        limit: '100',
        wait: String(Math.min(POLL_SECONDS, left)),
      },
    });
    if (page.status !== 200) return page;
    const body = page.body as { events: { data: { id?: unknown } }[]; nextCursor: string };
    cursor = body.nextCursor;
    if (body.events.some((e) => e.data.id === id)) {
      // Its current view (a reorg may have moved it on since the event).
      const now = await lookup();
      if (now.status !== 200 || isFinal(now)) return now;
    }
  }
}

export function transactionTools(kit: ToolKit): ToolDefinition[] {
  return [
    {
      name: 'list_transactions',
      title: 'List transactions',
      description:
        'Your transactions, newest first, each as get_transaction shows it. Filters: `chain` (a slug), ' +
        '`status` (PENDING, SUBMITTED, CONFIRMED, FAILED), `from` (one of your wallets), `since`/`until` ' +
        '(ISO 8601 times), `limit` (1-100, default 50). When `nextCursor` is not null, pass it as `cursor` ' +
        'for the next (older) page. Example call: list_transactions {"status":"SUBMITTED","limit":10}',
      inputSchema: toolInput(TransactionListQuery),
      write: false,
      amounts: [],
      annotations: kit.readOnly,
      request: (args) => ({ method: 'GET', path: '/tx', query: kit.toQuery(args) }),
    },
    {
      name: 'wait_for_transaction',
      title: 'Wait for a transaction',
      description:
        'Waits until a transaction a write tool created (`id`, tx_...) is final, and returns it as ' +
        'get_transaction shows it: `status` CONFIRMED (landed and succeeded) or FAILED (`error` says why). ' +
        `Waits at most \`timeoutSeconds\` (default ${WAIT_DEFAULT_SECONDS}, at most ${WAIT_MAX_SECONDS}); ` +
        'if that passes first, it returns the transaction as it is (PENDING or SUBMITTED, with `stuckReason` ' +
        'when it is not moving): call it again to keep waiting. It follows the event log (no repeated ' +
        'polling) and changes nothing. Example call: wait_for_transaction {"id":"tx_01JZ8Y3K2Q7M4N5P6R7S8T9V0W"}',
      inputSchema: toolInput(WaitInput),
      write: false,
      amounts: [],
      // Reads only; waiting again gives the same final answer.
      annotations: kit.readOnly,
      request: (args) => {
        const { id, timeoutSeconds, ...rest } = args;
        const unknown = Object.keys(rest);
        if (unknown.length > 0) throw kit.toolInputError(`${unknown[0]}: is not a known argument`);
        if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id))
          throw kit.toolInputError('id: is required (a transaction id, tx_...)');
        if (
          timeoutSeconds !== undefined &&
          (!Number.isInteger(timeoutSeconds) ||
            (timeoutSeconds as number) < 1 ||
            (timeoutSeconds as number) > WAIT_MAX_SECONDS)
        )
          throw kit.toolInputError(`timeoutSeconds: a whole number of seconds from 1 to ${WAIT_MAX_SECONDS}`);
        return { method: 'GET', path: `/tx/${encodeURIComponent(id)}` };
      },
      run: (args, call) =>
        waitForTransaction(
          call,
          String(args.id),
          typeof args.timeoutSeconds === 'number' ? args.timeoutSeconds : WAIT_DEFAULT_SECONDS,
        ),
    },
  ];
}
