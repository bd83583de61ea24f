// @needs devnet
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generateKeyPairSigner } from '@solana/kit';
import { fund } from '../support/devnet.ts';
import { find, type Harness, startHarness } from './harness.ts';
import { createMints, createToken2022MintWithMetadata } from './solana-fixtures.ts';

const CHAIN = 'solana-localnet';
const SOL = 1_000_000_000n;

describe('Solana balances', () => {
  let h: Harness;
  let spl: string;
  let t22: string;
  let meta: string;
  before(async () => {
    h = await startHarness();
    spl = h.devnet.solana.splMint.address;
    t22 = h.devnet.solana.token2022Mint.address;
    meta = await createToken2022MintWithMetadata(h.devnet.solana.rpcUrl, {
      name: 'Metadata Coin',
      symbol: 'META',
    });
  });
  after(async () => {
    await h?.stop();
  });

  test('without tokens, lists native and every Token and Token-2022 account the wallet owns', async () => {
    const user = await h.newUser();
    const path = `/api/v1/wallets/balances?chain=${CHAIN}`;
    assert.deepEqual((await h.get(user, path)).body.balances, [], 'an empty wallet shows nothing by default');

    await fund({ chain: CHAIN, address: user.solana, amount: 2n * SOL });
    await fund({ chain: CHAIN, address: user.solana, amount: 7_000_000n, token: spl });
    await fund({ chain: CHAIN, address: user.solana, amount: 8_000_000n, token: t22 });
    await fund({ chain: CHAIN, address: user.solana, amount: 5n * SOL, token: meta });
    const res = await h.get(user, `${path}&fresh=true`);
    assert.equal(res.status, 200);
    const native = find(res.body, 'native');
    assert.deepEqual(
      [native?.chainType, native?.chainId, native?.address, native?.raw, native?.decimals, native?.symbol],
      ['solana', -1, user.solana, (2n * SOL).toString(), 9, 'SOL'],
    );
    const tokens = res.body.balances.filter((b) => b.asset === 'spl');
    assert.deepEqual(
      tokens.map((b) => [b.token, b.raw, b.decimals, b.symbol]),
      [
        [spl, '7000000', 6, 'TSPL'],
        [t22, '8000000', 6, 'T22'],
        [meta, (5n * SOL).toString(), 9, 'META'],
      ].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
      'decimals from the mint; symbol from the Token-2022 metadata extension, else from Metaplex metadata (the devnet mints have some)',
    );
  });

  test('a transfer into the wallet shows with fresh=true, and without it once the write path invalidates', async () => {
    const user = await h.newUser();
    await fund({ chain: CHAIN, address: user.solana, amount: SOL });
    const path = `/api/v1/wallets/${user.solana}/balances?chain=${CHAIN}&tokens=${spl}&includeZero=true`;
    const before = await h.get(user, path);
    assert.equal(find(before.body, 'native')?.raw, SOL.toString());
    assert.equal(find(before.body, spl)?.raw, '0', 'no token account yet: zero');

    await fund({ chain: CHAIN, address: user.solana, amount: SOL });
    await fund({ chain: CHAIN, address: user.solana, amount: 1_500_000n, token: spl });
    assert.deepEqual((await h.get(user, path)).body, before.body, 'served from the cache: the same reading');
    const fresh = await h.get(user, `${path}&fresh=true`);
    assert.equal(find(fresh.body, 'native')?.raw, (2n * SOL).toString());
    assert.equal(find(fresh.body, spl)?.raw, '1500000');

    await fund({ chain: CHAIN, address: user.solana, amount: 500_000n, token: spl });
    await h.app.services.balances.invalidate(CHAIN, user.solana);
    assert.equal(find((await h.get(user, path)).body, spl)?.raw, '2000000');
  });

  test('reads 50 listed mints in two upstream requests, then none while cached, then one', async () => {
    const user = await h.newUser();
    const mints = await createMints(h.devnet.solana.rpcUrl, 48, { mixPrograms: true });
    await Promise.all(
      mints
        .slice(0, 6)
        .map((mint) => fund({ chain: CHAIN, address: user.solana, amount: 3_000_000n, token: mint })),
    );
    await fund({ chain: CHAIN, address: user.solana, amount: SOL });
    // Not a mint: an ordinary account. Left out, even with includeZero.
    const notMint = (await generateKeyPairSigner()).address;
    await fund({ chain: CHAIN, address: notMint, amount: SOL });
    const tokens = [...mints, meta, notMint];
    assert.equal(tokens.length, 50);
    const path = `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${tokens.join(',')}&includeZero=true`;

    h.solanaRpc.reset();
    const cold = await h.get(user, path);
    assert.equal(cold.status, 200);
    assert.ok(h.solanaRpc.requests <= 2, `at most two upstream requests, got ${h.solanaRpc.requests}`);
    assert.deepEqual(h.solanaRpc.methods.flat(), ['getMultipleAccounts', 'getMultipleAccounts']);
    assert.equal(cold.body.balances.length, 1 + 49);
    for (const [i, mint] of mints.entries()) {
      const b = find(cold.body, mint);
      assert.deepEqual([b?.raw, b?.decimals, b?.symbol], [i < 6 ? '3000000' : '0', 6, null], mint);
    }
    assert.equal(find(cold.body, meta)?.symbol, 'META');
    assert.equal(find(cold.body, notMint), undefined);

    h.solanaRpc.reset();
    assert.deepEqual((await h.get(user, path)).body, cold.body);
    const withoutZero = await h.get(user, path.replace('&includeZero=true', ''));
    assert.equal(withoutZero.body.balances.length, 1 + 6);
    assert.equal(h.solanaRpc.requests, 0, 'served from the cache');

    h.clock.advance(46_000);
    const expired = await h.get(user, path);
    assert.deepEqual(h.solanaRpc.methods, [['getMultipleAccounts']], 'mints known: balances in one request');
    assert.deepEqual(
      expired.body.balances.map((b) => [b.token, b.raw, b.decimals, b.symbol]),
      cold.body.balances.map((b) => [b.token, b.raw, b.decimals, b.symbol]),
    );
  });

  test('refuses an EVM address, a malformed mint and more than 50 mints', async () => {
    const user = await h.newUser();
    const evm = await h.get(user, `/api/v1/wallets/balances?chain=${CHAIN}&address=${user.evm}`);
    assert.equal(evm.status, 400);
    assert.equal(evm.body.code, 'INVALID_INPUT');

    const malformed = await h.get(user, `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${spl},notAMint0OIl`);
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.code, 'INVALID_INPUT');

    const many = await Promise.all(
      Array.from({ length: 51 }, async () => (await generateKeyPairSigner()).address),
    );
    const tooMany = await h.get(user, `/api/v1/wallets/balances?chain=${CHAIN}&tokens=${many.join(',')}`);
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.body.code, 'INVALID_INPUT');

    const other = await h.newUser();
    const notMine = await h.get(user, `/api/v1/wallets/${other.solana}/balances?chain=${CHAIN}`);
    assert.equal(notMine.status, 404);
    assert.equal(notMine.body.code, 'WALLET_NOT_FOUND');
  });
});
