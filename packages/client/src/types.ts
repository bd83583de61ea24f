// Names for the generated types the client's methods take and give (never hand-written copies).
import type { components, operations } from './generated/openapi.ts';

type Schemas = components['schemas'];
type JsonBody<Op> = Op extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type JsonOk<Op> = Op extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : never;
type Query<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type Wallet = Schemas['Wallet'];
export type Chain = Schemas['Chain'];
export type Submission = Schemas['Submission'];
export type Transaction = Schemas['Transaction'];
/** What a transaction moves (`Transaction['intent']`), by `kind`; null on transactions recorded without it. */
export type TransactionIntent = NonNullable<Transaction['intent']>;
export type WalletBalance = Schemas['WalletBalance'];

export type ListWalletsQuery = Query<operations['listWallets']>;
export type ListWalletsResult = JsonOk<operations['listWallets']>;
export type ListChainsResult = JsonOk<operations['listChains']>;
export type KeySelfResult = JsonOk<operations['getKeySelf']>;
export type BalancesQuery = Query<operations['getWalletBalances']>;
export type WalletBalancesQuery = Query<operations['getWalletBalancesByAddress']>;
export type BalancesResult = JsonOk<operations['getWalletBalances']>;
export type SendBody = JsonBody<operations['send']>;
export type ApproveBody = JsonBody<operations['approveToken']>;
export type ContractCallBody = JsonBody<operations['sendContractTransaction']>;
export type QuoteBody = JsonBody<operations['tradeQuote']>;
export type QuoteResult = JsonOk<operations['tradeQuote']>;
export type SwapBody = JsonBody<operations['tradeSwap']>;
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
  /** The service's answer: the transaction's id, status SUBMITTED, hash, explorer link. */
  submission: Submission;
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
