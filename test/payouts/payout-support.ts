import assert from 'node:assert/strict';
import type { Address } from 'viem';
import type { TestApp } from '../support/app.ts';
import { walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';

// biome-ignore lint/suspicious/noExplicitAny: the Payout resource as the API returns it
export type PayoutJson = Record<string, any>;

/**
 * Polls GET /payouts/{id} until the payout is no longer processing (the runner and the tracker move
 * it); a 503 (the database away for a moment) is asked again.
 */
export async function waitForPayout(
  app: TestApp,
  key: string,
  id: string,
  timeoutMs = 120_000,
): Promise<PayoutJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.get(`/api/v1/payouts/${id}`, key);
    const payout = (await res.json()) as PayoutJson;
    // The database away for a moment (a test restarting it): asked again, as a client would.
    if (res.status === 503 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    if (res.status !== 200) throw new Error(`GET /payouts/${id}: ${res.status} ${JSON.stringify(payout)}`);
    if (payout.status !== 'processing') return payout;
    if (Date.now() > deadline)
      throw new Error(`payout ${id} still processing: ${JSON.stringify(payout.totals)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A new user of `app` whose default EVM wallet (`from`) holds `wei` on the development chain. */
export async function fundedEvmUser(app: TestApp, wei: bigint) {
  const user = await app.newUser();
  const from = (await walletOf(app, user.userId, 'ethereum')) as Address;
  await fund({ chain: 'evm-localnet', address: from, amount: wei });
  return { user, from };
}

/** POST /payouts (202 asserted), then the payout once it is no longer processing. */
export async function paidOut(app: TestApp, key: string, body: unknown): Promise<PayoutJson> {
  const res = await write(app, '/payouts', body, key);
  assert.equal(res.status, 202, await res.clone().text());
  return waitForPayout(app, key, (await res.json()).id);
}
