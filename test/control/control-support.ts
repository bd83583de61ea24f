// Helpers of the speed-up and cancel tests: a write left pending on a node that mines only when told,
// the control requests, and mining until the tracker calls the transaction final.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../support/app.ts';
import { waitForTx, write } from '../support/chain-app.ts';
import type { PrivateEvm } from '../support/private-chains.ts';

// biome-ignore lint/suspicious/noExplicitAny: the Transaction resource as the API returns it
export type TxJson = Record<string, any>;

/** Node settings for these tests: no automatic re-pricing (only the caller's), final at two blocks. */
export const CONTROL_ENV = {
  REPLACE_AFTER_MS_EVM_LOCALNET: '3600000',
  CONFIRMATIONS_EVM_LOCALNET: '2',
};

/** A native send that the node holds in its pool (automine off): SUBMITTED, not mined. */
export async function pendingSend(app: TestApp, key: string, to: string, amount: bigint): Promise<TxJson> {
  const res = await write(
    app,
    '/send',
    { chain: 'evm-localnet', to, asset: 'native', amount: String(amount) },
    key,
  );
  assert.equal(res.status, 200, await res.clone().text());
  const { id } = await res.json();
  return waitForTx(app, id, key, (tx) => tx.status === 'SUBMITTED');
}

/** POST /tx/{id}/speed-up or /cancel with an Idempotency-Key (a fresh one unless given). */
export function control(
  app: TestApp,
  id: string,
  action: 'speed-up' | 'cancel',
  key: string,
  body: Record<string, string> = {},
  idempotencyKey: string = randomUUID(),
) {
  return app.post(`/api/v1/tx/${id}/${action}`, body, key, { 'idempotency-key': idempotencyKey });
}

/** Mines a block at a time until GET /tx says the transaction is final. */
export async function mineUntilFinal(
  app: TestApp,
  evm: PrivateEvm,
  id: string,
  key: string,
): Promise<TxJson> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await evm.mine();
    const tx = (await (await app.get(`/api/v1/tx/${id}`, key)).json()) as TxJson;
    if (tx.status === 'CONFIRMED' || tx.status === 'FAILED') return tx;
    if (Date.now() > deadline) throw new Error(`transaction ${id} still ${JSON.stringify(tx)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
