// Names for the generated types the client's methods take and give (never hand-written copies).
import type { components, operations } from './generated/openapi.ts';

type Schemas = components['schemas'];
type JsonBody<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type JsonOk<Op> = Op extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : never;
type Query<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type Wallet = Schemas['Wallet'];
export type Chain = Schemas['Chain'];
export type Submission = Schemas['Submission'];
/** The 202 answer of a write an API key's rules sent for approval: PENDING, nothing signed, with its `approval`. */
export type ApprovalSubmission = Schemas['ApprovalSubmission'];
export type Approval = Schemas['Approval'];
export type ListApprovalsQuery = Query<operations['listApprovals']>;
export type ListApprovalsResult = JsonOk<operations['listApprovals']>;
export type Transaction = Schemas['Transaction'];
/** What a transaction moves (`Transaction['intent']`), by `kind`; null on transactions recorded without it. */
export type TransactionIntent = NonNullable<Transaction['intent']>;
export type WalletBalance = Schemas['WalletBalance'];
/** One event of your event log (GET /events, webhook deliveries). */
export type WalletEvent = Schemas['Event'];
export type EventType = WalletEvent['type'];

export type ListWalletsQuery = Query<operations['listWallets']>;
export type ListWalletsResult = JsonOk<operations['listWallets']>;
export type ListChainsResult = JsonOk<operations['listChains']>;
export type KeySelfResult = JsonOk<operations['getKeySelf']>;
export type AuditEntry = Schemas['AuditEntry'];
export type ListAuditQuery = Query<operations['listAudit']>;
export type ListAuditResult = JsonOk<operations['listAudit']>;
export type BalancesQuery = Query<operations['getWalletBalances']>;
export type WalletBalancesQuery = Query<operations['getWalletBalancesByAddress']>;
export type BalancesResult = JsonOk<operations['getWalletBalances']>;
export type SendBody = JsonBody<operations['send']>;
export type ApproveBody = JsonBody<operations['approveToken']>;
export type ContractCallBody = JsonBody<operations['sendContractTransaction']>;
export type QuoteBody = JsonBody<operations['tradeQuote']>;
export type QuoteResult = JsonOk<operations['tradeQuote']>;
export type SwapBody = JsonBody<operations['tradeSwap']>;
export type ListTransactionsQuery = Query<operations['listTransactions']>;
/** One page of GET /tx: `{ transactions, nextCursor }`. */
export type TransactionPage = JsonOk<operations['listTransactions']>;
export type EventsPage = JsonOk<operations['listEvents']>;
export type SpeedUpBody = NonNullable<JsonBody<operations['speedUpTransaction']>>;
export type CancelBody = NonNullable<JsonBody<operations['cancelTransaction']>>;
/** The transaction after a speed-up or cancel, with its `notice` (a cancel is a race the original may win). */
export type ControlledTransaction = Schemas['ControlledTransaction'];
export type SimulateBody = JsonBody<operations['simulate']>;
export type Simulation = Schemas['Simulation'];

/** What speedUp and cancel resolve to. */
export interface ControlResult {
  transaction: ControlledTransaction;
  /** The Idempotency-Key it was sent with (the caller's, or the one the client generated). */
  idempotencyKey: string;
  /** True when the service replayed a stored answer: nothing new was signed. */
  replayed: boolean;
  requestId: string | null;
}

/** A payout (extension): many transfers in one request, each item with its transaction's status. */
export type Payout = Schemas['Payout'];
export type PayoutItem = Schemas['PayoutItem'];
export type PayoutBody = JsonBody<operations['createPayout']>;
export type ListPayoutsQuery = Query<operations['listPayouts']>;
export type ListPayoutsResult = JsonOk<operations['listPayouts']>;

/** What createPayout resolves to: the payout as recorded (every item PENDING), and how it was sent. */
export interface PayoutResult {
  payout: Payout;
  idempotencyKey: string;
  replayed: boolean;
  requestId: string | null;
}

/** What a write (send, approve, callContract, swap) resolves to. */
export interface WriteResult {
  /**
   * The service's answer: the transaction's id, status SUBMITTED, hash, explorer link; or, for a
   * write the API key's rules sent for approval (HTTP 202), status PENDING and its `approval`.
   */
  submission: Submission | ApprovalSubmission;
  /** The Idempotency-Key the write was sent with (the caller's, or the one the client generated). */
  idempotencyKey: string;
  /** True when the service replayed a stored answer (`Idempotent-Replayed: true`): nothing new was sent. */
  replayed: boolean;
  /** x-request-id of the answer. */
  requestId: string | null;
}

export interface CallOptions {
  /** Aborts the call (and its retries); the client then throws WalletApiError code ABORTED. */
  signal?: AbortSignal;
}

export interface WriteOptions extends CallOptions {
  /** Use this Idempotency-Key (a UUID) instead of a fresh one, e.g. to resume a write that threw. */
  idempotencyKey?: string;
}

export interface WaitOptions {
  /** Give up after this long (default 120 000 ms): WalletApiError code TIMEOUT naming the last status. */
  timeoutMs?: number;
  signal?: AbortSignal;
}
