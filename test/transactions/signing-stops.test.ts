// @needs devnet
// Revoking the API key that made a transaction, or switching its wallet's automation off, stops the
// service from signing anything new for it (issue 26, item 8): no fee replacement, no Solana re-sign.
// What was signed before may still land and is still tracked. Private nodes, since these hold
// transactions unmined and expire blockhashes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { address, generateKeyPairSigner } from '@solana/kit';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { ApiKeyId } from '../../src/domain/ids.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, waitForTx, walletOf, write } from '../support/chain-app.ts';
import {
  type PrivateEvm,
  type PrivateSolana,
  startPrivateEvm,
  startPrivateSolana,
} from '../support/private-chains.ts';
import { type RpcProxy, startRpcProxy } from '../support/rpc-proxy.ts';

describe('once its key is revoked or its wallet’s automation is off, nothing new is signed for a transaction', () => {
  let evm: PrivateEvm;
  let solana: PrivateSolana;
  let solanaProxy: RpcProxy;
  let app: TestApp;
  before(async () => {
    [evm, solana] = await Promise.all([startPrivateEvm(), startPrivateSolana()]);
    solanaProxy = await startRpcProxy(solana.url);
    app = (
      await startChainApp({
        evmRpcUrl: evm.url,
        solanaRpcUrl: solanaProxy.url,
        // Unmined at the head of the queue for a second: re-priced, unless signing has stopped.
        env: { REPLACE_AFTER_MS_EVM_LOCALNET: '1000' },
      })
    ).app;
  });
  after(async () => {
    await app.stop();
    await solanaProxy.close();
    await Promise.all([evm.stop(), solana.stop()]);
  });

  test('EVM: the key that sent it is revoked: not re-priced, and the signed transaction still lands', async () => {
    const user = await app.newUser();
    const from = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await evm.fund(from, 10n ** 19n);
    const reader = (await app.services.apiKeys.create(user.userId, { name: 'reader' })).key;
    const to = privateKeyToAddress(generatePrivateKey());
    await evm.automine(false);
    let id: string;
    let hash: string;
    try {
      const res = await write(
        app,
        '/send',
        { chain: 'evm-localnet', to, asset: 'native', amount: '1000' },
        user.key,
      );
      assert.equal(res.status, 200, await res.clone().text());
      ({ id, hash } = await res.json());
      const [sender] = (await app.services.apiKeys.list(user.userId)).filter((k) => k.name === 'test');
      await app.services.apiKeys.revoke(sender!.id as ApiKeyId, user.userId);
      const held = await waitForTx(app, id, reader, (t) => /not signed again/.test(t.stuckReason ?? ''));
      assert.match(held.stuckReason, /the API key that made it .* was revoked/);
      assert.deepEqual(held.attempts, [hash], 'no replacement was signed');
    } finally {
      await evm.automine(true);
    }
    await evm.mine();
    const tx = await waitForFinal(app, id, reader);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.hash, hash);
    assert.equal(await evm.client.getBalance({ address: to }), 1000n);
  });

  test('Solana: automation switched off: a send whose blockhash expired is FAILED, not signed again, nothing paid', async () => {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await solana.fund(wallet, 10n ** 9n);
    const to = (await generateKeyPairSigner()).address;
    // Every send of this wallet is acknowledged and dropped: it can only expire.
    solanaProxy.inject('sendTransaction', { kind: 'swallow' }, { times: 10_000 });
    try {
      const res = await write(
        app,
        '/send',
        { chain: 'solana-localnet', to, asset: 'native', amount: '1000000' },
        user.key,
      );
      assert.equal(res.status, 200, await res.clone().text());
      const { id, hash } = await res.json();
      await app.services.wallets.setAutomation(wallet, false, user.userId);
      await solana.advanceSlots(400);
      const tx = await waitForFinal(app, id, user.key);
      assert.equal(tx.status, 'FAILED');
      assert.match(tx.error, /not signed again: automation was switched off/);
      assert.deepEqual(tx.attempts, [hash]);
      assert.equal((await solana.rpc.getBalance(address(to), { commitment: 'confirmed' }).send()).value, 0n);
      assert.ok((solanaProxy.injected.swallow ?? 0) >= 1, 'the dropped sends happened');
    } finally {
      solanaProxy.clearFaults();
    }
  });
});
