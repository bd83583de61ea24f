// @needs devnet
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSolanaRpc, address as solanaAddress } from '@solana/kit';
import type { TestApp } from '../support/app.ts';
import { waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { type DevnetInfo, fund, useDevnet } from '../support/devnet.ts';
import { balanceOf, startTradingApp } from '../trading/trading-app.ts';

const ETH = 10n ** 18n;

describe('approved writes of every kind go through their own builders', () => {
  let app: TestApp;
  let info: DevnetInfo;
  before(async () => {
    info = await useDevnet();
    app = await startTradingApp(info);
  });
  after(async () => {
    await app.stop();
  });

  async function keys(userId: Parameters<TestApp['services']['apiKeys']['create']>[0], policy: object) {
    const agent = await app.services.apiKeys.create(userId, { name: 'agent', policy });
    const approver = await app.services.apiKeys.create(userId, {
      name: 'owner app',
      policy: { scopes: ['approve'] },
    });
    return { agent: agent.key, approver: approver.key };
  }

  test('a swap waits, is quoted again when approved, and lands', async () => {
    const user = await app.newUser();
    const address = await walletOf(app, user.userId, 'ethereum');
    await fund({ chain: 'evm-localnet', address, amount: 10n * ETH });
    const k = await keys(user.userId, { approvalFor: ['swap'] });
    const tusd = info.evm.testToken.address;
    const res = await write(
      app,
      '/trade/swap',
      { chain: 'evm-localnet', fromToken: 'NATIVE', toToken: tusd, amount: ETH.toString(), slippage: 1 },
      k.agent,
    );
    assert.equal(res.status, 202, await res.clone().text());
    const waiting = await res.json();
    const listed = await (await app.get('/api/v1/approvals?status=pending', k.approver)).json();
    assert.equal(listed.approvals[0].kind, 'swap');
    assert.equal(listed.approvals[0].intent.amount, ETH.toString());
    assert.match(listed.approvals[0].reasons[0], /every swap by this API key needs approval/);
    assert.equal(await balanceOf(app, user.key, 'evm-localnet', address, tusd), 0n);
    const approved = await app.post(`/api/v1/approvals/${waiting.approval.id}/approve`, {}, k.approver);
    assert.equal(approved.status, 200, await approved.clone().text());
    const tx = await waitForFinal(app, waiting.id, k.agent);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    assert.equal(tx.to, info.evm.swapRouter);
    assert.ok((await balanceOf(app, user.key, 'evm-localnet', address, tusd)) > 0n, 'TUSD received');
  });

  test('a Solana send above its threshold waits and lands once approved', async () => {
    const user = await app.newUser();
    const address = await walletOf(app, user.userId, 'solana');
    await fund({ chain: 'solana-localnet', address, amount: 2n * 10n ** 9n });
    const k = await keys(user.userId, {
      approvalAbove: [{ chain: 'solana-localnet', asset: 'native', amount: '1000000' }],
    });
    // Another user's wallet: a fresh Solana address the send creates (5000000 is above rent).
    const to = await walletOf(app, (await app.newUser()).userId, 'solana');
    const res = await write(
      app,
      '/send',
      { chain: 'solana-localnet', asset: 'native', to, amount: '5000000' },
      k.agent,
    );
    assert.equal(res.status, 202, await res.clone().text());
    const waiting = await res.json();
    const approved = await app.post(`/api/v1/approvals/${waiting.approval.id}/approve`, {}, k.approver);
    assert.equal(approved.status, 200);
    const tx = await waitForFinal(app, waiting.id, k.agent);
    assert.equal(tx.status, 'CONFIRMED', tx.error);
    const rpc = createSolanaRpc(info.solana.rpcUrl);
    const { value } = await rpc.getBalance(solanaAddress(to)).send();
    assert.equal(value, 5000000n);
  });
});
