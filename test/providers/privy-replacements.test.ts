// @needs devnet
// A Privy answer lost while re-signing (a fee replacement), then a retry with other fees: the retry
// must not reuse the lost request's Privy idempotency key with a different body, which Privy refuses
// for its whole key window (issue 26 item 7). A private Hardhat node: automine off, base-fee moves.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForTx, write } from '../support/chain-app.ts';
import { type PrivateEvm, startPrivateEvm } from '../support/private-chains.ts';
import { type FakePrivy, linkedPrivyUser, privyEnv, startFakePrivy } from '../support/privy.ts';

const GWEI = 1_000_000_000n;
const RPC = /\/rpc$/;

describe('Privy: a lost answer to a fee replacement', () => {
  let evm: PrivateEvm;
  let fake: FakePrivy;
  let app: TestApp;
  before(async () => {
    [evm, fake] = await Promise.all([startPrivateEvm(), startFakePrivy()]);
    ({ app } = await startChainApp({
      evmRpcUrl: evm.url,
      env: privyEnv(fake, { PRIVY_TIMEOUT_MS: '1000' }),
    }));
  });
  after(async () => {
    await app?.stop();
    await fake?.close();
    await evm?.stop();
  });

  const signings = (from: number) => fake.requests.slice(from).filter((r) => RPC.test(r.path));

  test('the retry with other fees gets a new Privy key, is signed, and lands', async () => {
    const user = await linkedPrivyUser(app, fake);
    await evm.fund(user.evm as Address, 10n ** 19n);
    await evm.setBaseFee(1n * GWEI);
    await evm.automine(false);
    try {
      const to = privateKeyToAddress(generatePrivateKey());
      const res = await write(
        app,
        '/send',
        { chain: 'evm-localnet', to, asset: 'native', amount: '777' },
        user.key,
      );
      assert.equal(res.status, 200, await res.clone().text());
      const submission = await res.json();
      const from = fake.requests.length;
      // Privy signs the replacement, but neither its answer nor the SDK's retry's reaches us.
      fake.fault({ path: RPC, failAfterHandling: 503, times: 2 });
      await evm.setBaseFee(50n * GWEI); // priced out: the tracker re-signs with higher fees
      for (let i = 0; i < 200 && !signings(from).some((r) => r.executed); i++)
        await new Promise((r) => setTimeout(r, 50));
      const lost = signings(from);
      assert.ok(lost[0]?.executed, 'Privy signed the replacement whose answer was lost');
      // Fees move again before the tracker retries: the same attempt, another body.
      await evm.setBaseFee(80n * GWEI);
      const replaced = await waitForTx(app, submission.id, user.key, (tx) => tx.attempts.length >= 2, 20_000);
      await evm.mine();
      const tx = await waitForTx(app, submission.id, user.key, (t) => t.status === 'CONFIRMED', 20_000);
      assert.equal(tx.hash, replaced.attempts.at(-1), 'the re-signed replacement landed');
      assert.equal(await evm.client.getBalance({ address: to }), 777n, 'paid once');
      const later = signings(from);
      const refused = later.filter((r) => r.status === 400);
      assert.deepEqual(refused, [], 'Privy never saw one key with two bodies');
      const keys = new Set(later.map((r) => r.idempotencyKey));
      assert.ok(keys.size >= 2, `a new key for the new body: ${[...keys].join(', ')}`);
    } finally {
      await evm.automine(true);
    }
  });
});
