// 1inch Classic Swap API v6.0 payloads as documented (shared/reference/aggregators.md §1 and
// upstream/1inch-aggregation-openapi.json): responses, and errors in `{ error, description,
// statusCode, requestId, meta }` form, with the descriptions 1inch is known to send.
import type { FakeAnswer } from './fake-upstream.ts';

/** The v6 router (spender) on every chain but zkSync. */
export const ONEINCH_ROUTER = '0x111111125421ca6dc452d289314280a0f8842a65';
export const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';

export const oneInchError = (
  description: string,
  statusCode = 400,
  meta: { type: string; value: string }[] = [],
): FakeAnswer => ({
  status: statusCode,
  json: {
    error: statusCode >= 500 ? 'Internal Server Error' : 'Bad Request',
    description,
    statusCode,
    requestId: '2a92c18a-5c20-4f0d-a0da-e8b5b3602ad6',
    meta,
  },
});

export const quoteResponse = (dstAmount: string, gas?: number): FakeAnswer => ({
  status: 200,
  json: { dstAmount, ...(gas !== undefined ? { gas } : {}) },
});

export const swapResponse = (
  tx: { from: string; value: string; to?: string; data?: string },
  dstAmount: string,
): FakeAnswer => ({
  status: 200,
  json: {
    dstAmount,
    tx: {
      from: tx.from,
      to: tx.to ?? ONEINCH_ROUTER,
      data: tx.data ?? '0x07ed2379000000000000000000000000',
      value: tx.value,
      gasPrice: '6994090150',
      gas: 121363,
    },
  },
});

/** Captured in RichardAtCT/1inch_wrapper#15 (reference §1.5). */
export const notEnoughAllowance = (amount: string): FakeAnswer =>
  oneInchError(`Not enough allowance. Amount: ${amount}. Allowance: 0. Spender: ${ONEINCH_ROUTER}`, 400, [
    { type: 'amount', value: amount },
    { type: 'allowance', value: '0' },
  ]);
