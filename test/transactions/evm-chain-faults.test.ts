// @needs devnet
// The EVM write path on a chain that does not cooperate (issue 10): base-fee spikes and the
// operator's fee cap, transactions dropped from the pool, a nonce used outside the service,
// confirmation depth, and a reorg that takes a confirmed transaction's block away. A private Hardhat
// node, since these change the chain for everyone on it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, waitForTx, walletOf, write } from '../support/chain-app.ts';
import { type PrivateEvm, startPrivateEvm } from '../support/private-chains.ts';

const GWEI = 1_000_000_000n;
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('EVM writes on a chain that does not cooperate', () => {
  let evm: PrivateEvm;
  let app: TestApp;
  /** Fee cap 5 gwei, three confirmations. */
  let strict: TestApp;
  before(async () => {
    evm = await startPrivateEvm();
    [app, strict] = await Promise.all([
      startChainApp({ evmRpcUrl: evm.url, env: { REPLACE_AFTER_MS_EVM_LOCALNET: '60000' } }).then(
        (c) => c.app,
      ),
      startChainApp({
        evmRpcUrl: evm.url,
        env: { MAX_FEE_PER_GAS_EVM_LOCALNET: String(5n * GWEI), CONFIRMATIONS_EVM_LOCALNET: '3' },
      }).then((c) => c.app),
    ]);
  });
  after(async () => {
    await Promise.all([app.stop(), strict.stop()]);
    await evm.stop();
  });

  async function fundedUser(on: TestApp) {
    const user = await on.newUser();
    const address = (await walletOf(on, user.userId, 'ethereum')) as Address;
    await evm.fund(address, 10n ** 19n);
    return { ...user, address };
  }
  const pay = (on: TestApp, key: string, to: string, amount: bigint) =>
    write(on, '/send', { chain: 'evm-localnet', to, asset: 'native', amount: String(amount) }, key);
  const balance = (address: string) => evm.client.getBalance({ address: address as Address });
  /** Waits until the node knows a transaction again (the tracker sent it). */
  const untilInPool = async (hash: `0x${string}`) => {
    for (let i = 0; i < 100 && !(await evm.client.getTransaction({ hash }).catch(() => null)); i++)
      await new Promise((r) => setTimeout(r, 100));
  };
  const pending = async (on: TestApp, key: string, to: string, amount: bigint) => {
    const res = await pay(on, key, to, amount);
    assert.equal(res.status, 200, await res.clone().text());
    return res.json();
  };

  test('priced out by a base-fee spike: re-signed at the same nonce with higher fees, and that one lands', async () => {
    const user = await fundedUser(app);
    await evm.setBaseFee(1n * GWEI);
    await evm.automine(false);
    try {
      const to = randomAddress();
      const submission = await pending(app, user.key, to, 1234n);
      await evm.setBaseFee(50n * GWEI); // the next block asks far more than the transaction offers
      const replaced = await waitForTx(app, submission.id, user.key, (tx) => tx.attempts.length >= 2);
      assert.equal(replaced.status, 'SUBMITTED');
      assert.equal(replaced.nonce, 0);
      await evm.mine();
      const tx = await waitForFinal(app, submission.id, user.key);
      assert.equal(tx.status, 'CONFIRMED', tx.error);
      assert.notEqual(tx.hash, submission.hash, 'the replacement landed');
      assert.equal(tx.hash, tx.attempts.at(-1));
      assert.equal(tx.attempts[0], submission.hash, 'every hash is kept');
      const landed = await evm.client.getTransaction({ hash: tx.hash });
      assert.equal(landed.nonce, 0);
      assert.ok((landed.maxFeePerGas ?? 0n) >= 50n * GWEI);
      assert.equal(await balance(to), 1234n, 'paid exactly once');
    } finally {
      await evm.automine(true);
    }
  });

  test('at the fee cap it stays SUBMITTED and says why, then lands when fees fall', async () => {
    const user = await fundedUser(strict);
    await evm.setBaseFee(1n * GWEI);
    await evm.automine(false);
    try {
      const to = randomAddress();
      const submission = await pending(strict, user.key, to, 99n);
      await evm.setBaseFee(20n * GWEI);
      const stuck = await waitForTx(strict, submission.id, user.key, (tx) => tx.stuckReason !== null);
      assert.equal(stuck.status, 'SUBMITTED');
      assert.match(stuck.stuckReason, /fee cap for evm-localnet is 5 gwei \(MAX_FEE_PER_GAS_EVM_LOCALNET\)/);
      assert.match(stuck.stuckReason, /base fee is 20 gwei/);
      await evm.setBaseFee(1n * GWEI);
      await evm.automine(true);
      await evm.mine();
      await evm.mine();
      const tx = await waitForFinal(strict, submission.id, user.key);
      assert.equal(tx.status, 'CONFIRMED', tx.error);
      assert.equal(tx.stuckReason, null);
      const landed = await evm.client.getTransaction({ hash: tx.hash });
      assert.ok((landed.maxFeePerGas ?? 0n) <= 5n * GWEI, 'never above the cap');
      assert.equal(await balance(to), 99n);
    } finally {
      await evm.automine(true);
    }
  });

  test('a transaction waiting at the head of the queue past REPLACE_AFTER_MS is re-signed at its nonce with higher fees, and one lands once', async () => {
    // Its own instance: the others wait a minute before replacing (their tests must not see it).
    const eager = (
      await startChainApp({ evmRpcUrl: evm.url, env: { REPLACE_AFTER_MS_EVM_LOCALNET: '1000' } })
    ).app;
    try {
      const user = await fundedUser(eager);
      const to = randomAddress();
      await evm.automine(false);
      let submission: { id: string; hash: `0x${string}` };
      let replaced: Awaited<ReturnType<typeof waitForTx>>;
      try {
        submission = await pending(eager, user.key, to, 51n);
        const first = await evm.client.getTransaction({ hash: submission.hash });
        // In the pool, its nonce still free on chain, nothing mined: only the wait can trigger a replacement.
        replaced = await waitForTx(eager, submission.id, user.key, (tx) => tx.attempts.length >= 2, 30_000);
        assert.equal(replaced.attempts[0], submission.hash);
        const second = await evm.client.getTransaction({ hash: replaced.attempts[1] as `0x${string}` });
        assert.equal(second.nonce, 0, 'the same nonce');
        assert.ok((second.maxPriorityFeePerGas ?? 0n) > (first.maxPriorityFeePerGas ?? 0n), 'a higher tip');
        await evm.mine();
      } finally {
        await evm.automine(true);
      }
      const tx = await waitForFinal(eager, submission.id, user.key);
      assert.equal(tx.status, 'CONFIRMED', tx.error);
      assert.notEqual(tx.hash, submission.hash, 'a replacement landed, not the first signature');
      assert.ok(tx.attempts.includes(tx.hash));
      assert.equal(await balance(to), 51n, 'paid once');
      assert.equal(await evm.client.getTransactionCount({ address: user.address }), 1);
    } finally {
      await eager.stop();
    }
  });

  test('a transaction dropped from the node’s pool is sent again and lands once', async () => {
    const user = await fundedUser(app);
    await evm.automine(false);
    try {
      const to = randomAddress();
      const submission = await pending(app, user.key, to, 31n);
      await evm.rpc('hardhat_dropTransaction', [submission.hash]);
      assert.equal(await evm.client.getTransaction({ hash: submission.hash }).catch(() => null), null);
      // The tracker finds it missing and sends the same signed copy again.
      await untilInPool(submission.hash);
      await evm.mine();
      const tx = await waitForFinal(app, submission.id, user.key);
      assert.equal(tx.status, 'CONFIRMED', tx.error);
      assert.equal(tx.hash, submission.hash);
      assert.equal(await balance(to), 31n);
    } finally {
      await evm.automine(true);
    }
  });

  test('a nonce used outside the service: the transaction that needed it is FAILED, and the wallet recovers', async () => {
    const user = await fundedUser(app);
    await evm.automine(false);
    const to = randomAddress();
    let submission: { id: string; hash: string };
    try {
      submission = await pending(app, user.key, to, 42n);
      // The wallet's owner sends a transaction of their own at nonce 0 (outbidding ours in the pool),
      // and two more: the chain's count moves past our nonce.
      await evm.rpc('hardhat_impersonateAccount', [user.address]);
      for (const nonce of [0, 1, 2])
        await evm.rpc('eth_sendTransaction', [
          {
            from: user.address,
            to: user.address,
            value: '0x0',
            nonce: `0x${nonce.toString(16)}`,
            maxFeePerGas: `0x${(500n * GWEI).toString(16)}`,
            maxPriorityFeePerGas: `0x${(100n * GWEI).toString(16)}`,
          },
        ]);
      await evm.mine();
    } finally {
      await evm.automine(true);
    }
    const tx = await waitForFinal(app, submission.id, user.key);
    assert.equal(tx.status, 'FAILED');
    assert.match(tx.error, /Nonce 0 of wallet .* was used by another transaction/);
    assert.equal(await balance(to), 0n);
    const next = await pending(app, user.key, to, 43n);
    const confirmed = await waitForFinal(app, next.id, user.key);
    assert.equal(confirmed.status, 'CONFIRMED', confirmed.error);
    assert.equal(confirmed.nonce, 3, 'allocated from the chain’s count');
    assert.equal(await balance(to), 43n);
  });

  test('CONFIRMED only at the chain’s confirmation depth', async () => {
    const user = await fundedUser(strict);
    const submission = await pending(strict, user.key, randomAddress(), 7n);
    const included = await waitForTx(strict, submission.id, user.key, (tx) => tx.status !== 'PENDING');
    assert.equal(included.status, 'SUBMITTED', 'included, one confirmation of three');
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(
      (await (await strict.get(`/api/v1/tx/${submission.id}`, user.key)).json()).status,
      'SUBMITTED',
    );
    await evm.mine();
    await evm.mine();
    const tx = await waitForFinal(strict, submission.id, user.key);
    assert.equal(tx.status, 'CONFIRMED');
  });

  test('a reorg that puts another block at a confirmed transaction’s height puts it back to SUBMITTED; it lands again, once', async () => {
    const user = await fundedUser(app);
    const to = randomAddress();
    const snapshot = await evm.rpc('evm_snapshot');
    await evm.fund(user.address, 10n ** 19n); // the funding survives the revert below
    const submission = await pending(app, user.key, to, 555n);
    const confirmed = await waitForFinal(app, submission.id, user.key);
    assert.equal(confirmed.status, 'CONFIRMED');
    assert.equal(await balance(to), 555n);
    // The block (and the transaction) disappear; the node will not mine the re-sent copy until asked.
    await evm.automine(false);
    try {
      await evm.rpc('evm_revert', [snapshot]);
      await evm.fund(user.address, 10n ** 19n);
      assert.equal(await balance(to), 0n);
      // The new chain grows past the old height with another block there: the proof of a reorg
      // (a chain merely shorter than the confirmed height looks like a lagging node, read-evidence.ts).
      await evm.mine();
      const back = await waitForTx(app, submission.id, user.key, (tx) => tx.status === 'SUBMITTED', 30_000);
      assert.equal(back.hash, submission.hash);
      await untilInPool(submission.hash);
      await evm.mine();
    } finally {
      await evm.automine(true);
    }
    const tx = await waitForFinal(app, submission.id, user.key);
    assert.equal(tx.status, 'CONFIRMED');
    assert.equal(tx.hash, submission.hash);
    assert.equal(await balance(to), 555n, 'paid exactly once on the surviving chain');
  });
});
