// Helpers of the speed-up and cancel tests: a write left pending on a node that mines only when told,
// the control requests, and mining until the tracker calls the transaction final.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseAbi,
} from 'viem';
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

const FAUCET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/**
 * Deploys this checkout's TestToken (which reverts with OpenZeppelin's standard ERC20 errors) from the
 * node's unlocked account #0 and mints `amount` to `holder`; `mine` mines when automine is off.
 */
export async function deployStandardToken(
  rpcUrl: string,
  holder: Address,
  amount: bigint,
  mine: () => Promise<void> = async () => {},
): Promise<Address> {
  const artifact = JSON.parse(
    readFileSync(new URL('../../packages/devnet/src/evm/compiled/TestToken.json', import.meta.url), 'utf8'),
  ) as { abi: Abi; bytecode: string };
  const wallet = createWalletClient({ account: FAUCET, transport: http(rpcUrl) });
  const reader = createPublicClient({ transport: http(rpcUrl) });
  const bytecode = (artifact.bytecode.startsWith('0x') ? artifact.bytecode : `0x${artifact.bytecode}`) as Hex;
  const deployed = await wallet.deployContract({
    abi: artifact.abi,
    bytecode,
    args: ['Standard', 'STD'],
    chain: null,
  });
  await mine();
  const token = (await reader.waitForTransactionReceipt({ hash: deployed })).contractAddress as Address;
  const minted = await wallet.writeContract({
    address: token,
    abi: parseAbi(['function mint(address to, uint256 amount)']),
    functionName: 'mint',
    args: [holder, amount],
    chain: null,
  });
  await mine();
  await reader.waitForTransactionReceipt({ hash: minted });
  return token;
}
