// @needs devnet
// Later transactions carry on after a nonce was used outside the service (README "EVM nonces heal";
// src/chains/evm/nonce-rules.ts): the wallet's owner signs transactions of their own with the
// wallet's key (exported, here read from the database and opened with the MASTER_KEY) and sends
// them straight to the Hardhat node; the service's next sends take the nonces after them and land.
// With the next nonce taken from our records alone (one past our highest, the chain's count
// ignored) the next send reuses a nonce the chain has used and is refused: this test fails.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type Address, createWalletClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { walletsRepository } from '../../src/store/repositories/wallets-repository.ts';
import { keyEncryption } from '../../src/wallet-providers/local/key-encryption.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';

const MASTER_KEY = 'c3'.repeat(32);
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('a nonce used outside the service', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  before(async () => {
    ctx = await startChainApp({ env: { MASTER_KEY } });
    app = ctx.app;
  });
  after(async () => {
    await app?.stop();
  });

  /** The wallet's private key, as its owner would hold it after exporting it. */
  async function exportedKey(address: string): Promise<`0x${string}`> {
    const wallet = await walletsRepository(app.db).findByAddress(address);
    assert.ok(wallet, 'the wallet is recorded');
    const sealed = await walletsRepository(app.db).findLocalKey(wallet.id);
    assert.ok(sealed, 'the wallet has a key at the local signer');
    const secret = keyEncryption(Buffer.from(MASTER_KEY, 'hex')).decrypt(sealed, wallet.id, address);
    return `0x${secret.toString('hex')}`;
  }

  test('later transactions carry on: they take the nonces after the outside ones and land, each recipient paid once', async () => {
    const user = await app.newUser();
    const from = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: 'evm-localnet', address: from, amount: parseEther('1') });
    const pay = async (amount: bigint) => {
      const to = randomAddress();
      const res = await write(
        app,
        '/send',
        { chain: 'evm-localnet', to, asset: 'native', amount: String(amount) },
        user.key,
      );
      assert.equal(res.status, 200, await res.clone().text());
      return { to, amount, id: (await res.json()).id as string };
    };
    const landed = async (sent: { to: Address; amount: bigint; id: string }) => {
      const tx = await waitForFinal(app, sent.id, user.key);
      assert.equal(tx.status, 'CONFIRMED', tx.error);
      assert.equal(await ctx.evm.getBalance({ address: sent.to }), sent.amount, 'paid once, on chain');
      return tx.nonce as number;
    };

    // Two sends through the service: our records hold nonces 0 and 1.
    assert.deepEqual([await landed(await pay(11n)), await landed(await pay(12n))], [0, 1]);

    // The owner signs two transactions with the wallet's key outside the service: nonces 2 and 3.
    const account = privateKeyToAccount(await exportedKey(from));
    assert.equal(account.address, from);
    const owner = createWalletClient({ account, chain: hardhat, transport: http(ctx.info.evm.rpcUrl) });
    const outsiders = [randomAddress(), randomAddress()];
    for (const [i, to] of outsiders.entries()) {
      const hash = await owner.sendTransaction({ to, value: 100n + BigInt(i), nonce: 2 + i });
      const receipt = await ctx.evm.waitForTransactionReceipt({ hash });
      assert.equal(receipt.status, 'success');
    }
    assert.equal(
      await ctx.evm.getTransactionCount({ address: from }),
      4,
      'the chain counts the outside ones',
    );

    // The service's next sends, three at once: nonces 4, 5 and 6, every one lands.
    const next = await Promise.all([pay(21n), pay(22n), pay(23n)]);
    const nonces = await Promise.all(next.map(landed));
    assert.deepEqual(
      [...nonces].sort((x, y) => x - y),
      [4, 5, 6],
      'after the outside ones, no nonce reused, none skipped',
    );
    assert.equal(
      await ctx.evm.getTransactionCount({ address: from }),
      7,
      'the chain’s nonce moved past ours',
    );
    for (const [i, to] of outsiders.entries())
      assert.equal(
        await ctx.evm.getBalance({ address: to }),
        100n + BigInt(i),
        'the owner’s own payments stand',
      );
  });
});
