// @needs devnet
// Speed-up and cancel (issue 29) on a private Hardhat node with automine off, so a transaction waits in
// the pool until the test mines: the speed-up is the attempt mined, a cancel leaves the recipient
// unpaid and the transaction FAILED as cancelled (its amount back in the key's daily limit), a cancel
// that loses the race ends CONFIRMED, a final transaction is 409, the same key replays, and a lost
// broadcast answer of the replacement still ends right. Solana: speed-up is 400, a cancel stops the
// re-sign after a proven expiry.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { address, generateKeyPairSigner } from '@solana/kit';
import {
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  keccak256,
  parseAbiParameters,
} from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { createWalletApiClient } from '../../packages/client/src/index.ts';
import { localOperator } from '../../src/app/operator.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import {
  type PrivateEvm,
  type PrivateSolana,
  startPrivateEvm,
  startPrivateSolana,
} from '../support/private-chains.ts';
import { type RpcProxy, sentId, startRpcProxy } from '../support/rpc-proxy.ts';
import { CONTROL_ENV, control, deployStandardToken, mineUntilFinal, pendingSend } from './control-support.ts';

const ETH = 10n ** 18n;
const GWEI = 10n ** 9n;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('speed-up and cancel on EVM, automine off', () => {
  let evm: PrivateEvm;
  let proxy: RpcProxy;
  let app: TestApp;
  before(async () => {
    evm = await startPrivateEvm();
    proxy = await startRpcProxy(evm.url);
    app = (await startChainApp({ evmRpcUrl: proxy.url, env: { ...CONTROL_ENV, RPC_TIMEOUT_MS: '1000' } }))
      .app;
    await evm.automine(false);
  });
  after(async () => {
    await app.stop();
    await proxy.close();
    await evm.stop();
  });

  async function fundedUser() {
    const user = await app.newUser();
    const wallet = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await evm.fund(wallet, 10n * ETH);
    return { ...user, wallet };
  }
  const balance = (a: string) => evm.client.getBalance({ address: a as Address });
  const minedNonce = (a: string) =>
    evm.client.getTransactionCount({ address: a as Address, blockTag: 'latest' });

  test('a speed-up signs a replacement at the same nonce with higher fees, and it is the one mined', async () => {
    const user = await fundedUser();
    const to = randomAddress();
    const sent = await pendingSend(app, user.key, to, 1000n);
    const first = await evm.client.getTransaction({ hash: sent.hash as Hex });

    const tooHigh = await control(app, sent.id, 'speed-up', user.key, {
      maxFeePerGas: (20_000n * GWEI).toString(),
    });
    assert.equal(tooHigh.status, 400);
    assert.match(
      (await tooHigh.json()).error,
      /above the operator's ceiling for a speed-up, 10000000000000 wei/,
    );
    const solanaOnly = await control(app, sent.id, 'speed-up', user.key, { computeUnitPrice: '1000' });
    assert.equal(solanaOnly.status, 400);
    assert.match((await solanaOnly.json()).error, /^computeUnitPrice: is for Solana transactions only/);

    const key = randomUUID();
    const res = await control(
      app,
      sent.id,
      'speed-up',
      user.key,
      { maxFeePerGas: (2000n * GWEI).toString() },
      key,
    );
    assert.equal(res.status, 200, await res.clone().text());
    const answer = await res.text();
    const view = JSON.parse(answer);
    assert.equal(view.id, sent.id);
    assert.equal(view.attempts.length, 2);
    assert.equal(view.attempts[0], sent.hash);
    assert.equal(view.hash, view.attempts[1]);
    assert.equal(view.nonce, sent.nonce);
    assert.match(view.notice, /replacement at nonce 0 was signed with higher fees/);
    const replacement = await evm.client.getTransaction({ hash: view.hash as Hex });
    assert.equal(replacement.nonce, first.nonce, 'the same nonce');
    assert.equal(replacement.maxFeePerGas, 2000n * GWEI, 'above the chain cap, as the body asked');
    assert.ok(
      (replacement.maxPriorityFeePerGas as bigint) * 8n >= (first.maxPriorityFeePerGas as bigint) * 9n,
      'the tip raised by 12.5 % at least',
    );

    const again = await control(
      app,
      sent.id,
      'speed-up',
      user.key,
      { maxFeePerGas: (2000n * GWEI).toString() },
      key,
    );
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(await again.text(), answer, 'the same key replays, byte for byte');

    const tx = await mineUntilFinal(app, evm, sent.id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.hash, view.attempts[1], 'the speed-up was mined');
    assert.equal(tx.attempts.length, 2, 'the replay signed nothing');
    assert.equal(await balance(to), 1000n, 'paid once');
    assert.equal(await minedNonce(user.wallet), 1);

    const late = await control(app, sent.id, 'speed-up', user.key);
    assert.equal(late.status, 409);
    const error = await late.json();
    assert.equal(error.code, 'TRANSACTION_FINAL');
    assert.match(error.error, /already CONFIRMED/);
    assert.equal((await control(app, sent.id, 'cancel', user.key)).status, 409);
  });

  test('a cancel that lands leaves the recipient unpaid, ends FAILED as cancelled, and gives the amount back', async () => {
    const user = await fundedUser();
    const { key } = await app.services.apiKeys.create(user.userId, {
      name: 'limited',
      policy: { limits: [{ chain: 'evm-localnet', asset: 'native', perDay: '1000' }] },
    });
    const remaining = async () =>
      (await (await app.get('/api/v1/keys/self', key)).json()).limits[0].remainingLast24h;
    const to = randomAddress();
    const sent = await pendingSend(app, key, to, 1000n);
    assert.equal(await remaining(), '0');

    const res = await control(app, sent.id, 'cancel', key);
    assert.equal(res.status, 200, await res.clone().text());
    const view = await res.json();
    assert.equal(view.attempts.length, 2);
    assert.match(view.notice, /A cancel is a race: the original transaction may still be mined first/);
    const cancel = await evm.client.getTransaction({ hash: view.hash as Hex });
    assert.equal(cancel.to?.toLowerCase(), user.wallet.toLowerCase(), 'a transfer to the wallet itself');
    assert.equal(cancel.value, 0n);
    assert.equal(cancel.nonce, 0);

    const tx = await mineUntilFinal(app, evm, sent.id, key);
    assert.equal(tx.status, 'FAILED');
    assert.match(
      tx.error,
      /^Cancelled: a zero-value transfer from the wallet to itself \(0x[0-9a-f]{64}\) took nonce 0/,
    );
    assert.equal(tx.hash, view.attempts[1]);
    assert.deepEqual(tx.attempts, view.attempts);
    assert.equal(await balance(to), 0n, 'the recipient was never paid');
    assert.equal(await minedNonce(user.wallet), 1, 'the nonce was used, by the cancel');
    assert.equal(await remaining(), '1000', 'the cancelled amount no longer counts');
    const next = await write(
      app,
      '/send',
      { chain: 'evm-localnet', to, asset: 'native', amount: '1000' },
      key,
    );
    assert.equal(next.status, 200, 'the key may move it again');
  });

  test('the operator (wallet-api tx speed-up) speeds up a user’s transaction, idempotent per key', async () => {
    const user = await fundedUser();
    const to = randomAddress();
    const sent = await pendingSend(app, user.key, to, 500n);
    const operator = localOperator(app.services);
    const idempotencyKey = randomUUID();
    const input = { email: user.email, id: sent.id, action: 'speed-up', idempotencyKey };
    const done = await operator.controlTransaction(input);
    assert.equal(done.replayed, false);
    assert.deepEqual((done.attempts as string[]).length, 2);
    const again = await operator.controlTransaction(input);
    assert.equal(again.replayed, true);
    assert.deepEqual(again.attempts, done.attempts);
    const stranger = await app.newUser();
    await assert.rejects(
      operator.controlTransaction({ ...input, email: stranger.email, idempotencyKey: randomUUID() }),
      {
        code: 'NOT_FOUND',
      },
    );
    const tx = await mineUntilFinal(app, evm, sent.id, user.key);
    assert.equal(tx.hash, (done.attempts as string[])[1]);
  });

  test('a key may not speed up or cancel on a chain it may not use, nor outside its active hours', async () => {
    const user = await fundedUser();
    const sent = await pendingSend(app, user.key, randomAddress(), 1000n);
    const create = async (name: string, policy: unknown) =>
      (await app.services.apiKeys.create(user.userId as never, { name, policy } as never)).key;
    const otherChain = await create('solana only', { chains: ['solana-localnet'] });
    const now = new Date();
    const closed = `${String((now.getUTCHours() + 2) % 24).padStart(2, '0')}:00-${String((now.getUTCHours() + 3) % 24).padStart(2, '0')}:00`;
    const asleep = await create('asleep now', { activeHours: closed });
    for (const [key, rule] of [
      [otherChain, /may not use chain evm-localnet/],
      [asleep, /active hours/],
    ] as const)
      for (const action of ['speed-up', 'cancel'] as const) {
        const res = await control(app, sent.id, action, key);
        assert.equal(res.status, 403, `${action}: ${await res.clone().text()}`);
        assert.match((await res.json()).error, rule);
      }
    const tx = await (await app.get(`/api/v1/tx/${sent.id}`, user.key)).json();
    assert.equal(tx.attempts.length, 1, 'nothing was signed');
    await mineUntilFinal(app, evm, sent.id, user.key);
  });

  test('a cancel that loses the race ends CONFIRMED, the recipient paid', async () => {
    const user = await fundedUser();
    const to = randomAddress();
    const sent = await pendingSend(app, user.key, to, 2000n);
    await evm.mine(); // the original is included, not yet final (two confirmations)
    // Through the typed client of this checkout (packages/client), as an integrator would.
    const client = createWalletApiClient({ baseUrl: app.url, apiKey: user.key });
    const cancelled = await client.cancel(sent.id);
    assert.equal(cancelled.replayed, false);
    assert.equal(cancelled.transaction.attempts.length, 2);
    assert.match(cancelled.transaction.notice, /race/);
    const again = await client.cancel(sent.id, {}, { idempotencyKey: cancelled.idempotencyKey });
    assert.equal(again.replayed, true);
    const tx = await mineUntilFinal(app, evm, sent.id, user.key);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.hash, sent.hash, 'the original won');
    assert.equal(await balance(to), 2000n);
  });

  test('a transaction that reverts on chain ends FAILED with the decoded revert reason', async () => {
    const user = await fundedUser();
    const token = await deployStandardToken(evm.url, user.wallet, 100n, () => evm.mine());
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [randomAddress(), 90n],
    });
    const res = await write(app, '/contracts/send', { chain: 'evm-localnet', to: token, data }, user.key);
    assert.equal(res.status, 200, await res.clone().text());
    const { id } = await res.json();
    // After its preflight passed (100 held), the wallet's balance drops to 10 before it is mined:
    // balanceOf is the token's storage slot 3 (name, symbol, totalSupply before it).
    const slot = keccak256(encodeAbiParameters(parseAbiParameters('address, uint256'), [user.wallet, 3n]));
    await evm.rpc('hardhat_setStorageAt', [token, slot, `0x${10n.toString(16).padStart(64, '0')}`]);
    const tx = await mineUntilFinal(app, evm, id, user.key);
    assert.equal(tx.status, 'FAILED');
    assert.match(
      tx.error,
      /^Transaction reverted: ERC20InsufficientBalance\(sender 0x[0-9a-fA-F]{40}, balance 10, needed 90\)$/,
    );
    // The same call now is refused before signing, with the decoded reason.
    const refused = await write(app, '/contracts/send', { chain: 'evm-localnet', to: token, data }, user.key);
    assert.equal(refused.status, 400);
    assert.match(
      (await refused.json()).error,
      /^The transaction would fail: ERC20InsufficientBalance\(sender .*, balance 10, needed 90\)/,
    );
  });

  for (const fault of [{ kind: 'swallow' }, { kind: 'drop' }] as const)
    test(`a speed-up whose broadcast answer is lost (${fault.kind}) still ends with the replacement mined`, async () => {
      const user = await fundedUser();
      const to = randomAddress();
      const sent = await pendingSend(app, user.key, to, 3000n);
      const fired = proxy.injected[fault.kind] ?? 0;
      proxy.inject('eth_sendRawTransaction', fault);
      const res = await control(app, sent.id, 'speed-up', user.key);
      assert.equal(res.status, 200, await res.clone().text());
      assert.equal(proxy.injected[fault.kind], fired + 1, 'the fault hit the replacement');
      const view = await res.json();
      // Mined only once the node holds the replacement: sent again by the tracker if it never arrived.
      for (const deadline = Date.now() + 30_000; ; ) {
        const held = await evm.client.getTransaction({ hash: view.hash as Hex }).catch(() => null);
        if (held) break;
        if (Date.now() > deadline) throw new Error('the replacement never reached the node');
        await new Promise((r) => setTimeout(r, 100));
      }
      const tx = await mineUntilFinal(app, evm, sent.id, user.key);
      assert.equal(tx.status, 'CONFIRMED', tx.error);
      assert.equal(tx.hash, view.attempts[1], 'the replacement was mined');
      assert.equal(await balance(to), 3000n, 'paid once');
      assert.ok(proxy.calls.some((c) => c.method === 'eth_sendRawTransaction' && sentId(c) === view.hash));
    });
});

describe('speed-up and cancel on Solana', () => {
  let node: PrivateSolana;
  let proxy: RpcProxy;
  let app: TestApp;
  before(async () => {
    node = await startPrivateSolana();
    proxy = await startRpcProxy(node.url);
    app = (await startChainApp({ solanaRpcUrl: proxy.url, env: { RPC_TIMEOUT_MS: '1000' } })).app;
  });
  after(async () => {
    await app.stop();
    await proxy.close();
    await node.stop();
  });

  test('a speed-up is 400 saying why; a cancel stops the re-sign, FAILED as cancelled once expired', async () => {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await node.fund(wallet, 2_000_000_000n);
    const to = (await generateKeyPairSigner()).address;
    // Every send of the wallet is acknowledged and dropped: it stays pending until its blockhash expires.
    proxy.inject('sendTransaction', { kind: 'swallow' }, { times: 10_000 });
    const res = await write(
      app,
      '/send',
      { chain: 'solana-localnet', to, asset: 'native', amount: '1000000' },
      user.key,
    );
    assert.equal(res.status, 200, await res.clone().text());
    const { id } = await res.json();

    const speedUp = await control(app, id, 'speed-up', user.key);
    assert.equal(speedUp.status, 400);
    assert.match(
      (await speedUp.json()).error,
      /cannot be sped up: while its blockhash is valid.*re-signs it with a fresh blockhash/,
    );

    const cancel = await control(app, id, 'cancel', user.key);
    assert.equal(cancel.status, 200, await cancel.clone().text());
    assert.match((await cancel.json()).notice, /stops re-signing it/);
    const priced = await control(app, id, 'speed-up', user.key, { computeUnitPrice: '1000' });
    assert.equal(priced.status, 400);
    assert.match((await priced.json()).error, /^computeUnitPrice: this transaction was cancelled/);
    await node.advanceSlots(400);
    const tx = await waitForFinal(app, id, user.key);
    assert.equal(tx.status, 'FAILED');
    assert.match(tx.error, /^Cancelled: it did not land before its blockhash expired/);
    assert.equal(tx.attempts.length, 1, 'never signed again');
    assert.equal((await node.rpc.getBalance(address(to), { commitment: 'confirmed' }).send()).value, 0n);
    proxy.clearFaults();
  });
});
