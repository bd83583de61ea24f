import { createWalletApiClient, type WalletApiClient, type WalletApiClientOptions } from '@wallet-api/client';

/** The typed client (packages/client) against a running service, with the given API key. */
export function clientFor(
  app: { url: string },
  apiKey: string,
  options: Partial<Omit<WalletApiClientOptions, 'apiKey'>> = {},
): WalletApiClient {
  return createWalletApiClient({ baseUrl: app.url, apiKey, ...options });
}
