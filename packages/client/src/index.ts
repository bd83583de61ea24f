export {
  type CallContext,
  type CallResult,
  createWalletApiClient,
  type WalletApiClient,
  type WalletApiClientOptions,
} from './client.ts';
export { type ErrorBody, WalletApiError, type WalletApiErrorCode } from './errors.ts';
export type { FollowEventsOptions } from './event-streams.ts';
export type { components, operations, paths } from './generated/openapi.ts';
export type { RetryOptions, Sleep } from './retry.ts';
export type * from './types.ts';
export { verifyWebhook, type WebhookEvent, WebhookVerificationError } from './verify-webhook.ts';
