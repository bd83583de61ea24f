// @needs devnet
// The development network's test mints carry Metaplex metadata like real tokens (issue 32 item 3),
// so balances show their symbols: the Token mint through its Metaplex account, the Token-2022 mint
// too (it has no metadata extension).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf } from '../support/chain-app.ts';
import { type DevnetInfo, fund } from '../support/devnet.ts';

describe('solana-localnet test mints have symbols', () => {
  let app: TestApp;
  let info: DevnetInfo;
  before(async () => {
    const ctx = await startChainApp();
    app = ctx.app;
    info = ctx.info;
  });
  after(async () => {
    await app.stop();
  });

  test('balances show TSPL and T22 with their decimals, listed or found among the accounts', async () => {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await fund({ chain: 'solana-localnet', address: wallet, amount: 10n ** 9n });
    for (const mint of [info.solana.splMint, info.solana.token2022Mint])
      await fund({ chain: 'solana-localnet', address: wallet, amount: 2_500_000n, token: mint.address });
    const expected = [
      [info.solana.splMint.address, '2500000', 6, 'TSPL'],
      [info.solana.token2022Mint.address, '2500000', 6, 'T22'],
    ].sort();
    for (const query of [
      'chain=solana-localnet&fresh=true',
      `chain=solana-localnet&fresh=true&tokens=${info.solana.splMint.address},${info.solana.token2022Mint.address}`,
    ]) {
      const res = await app.get(`/api/v1/wallets/balances?${query}`, user.key);
      assert.equal(res.status, 200);
      const { balances } = (await res.json()) as {
        balances: { token: string | null; raw: string; decimals: number; symbol: string | null }[];
      };
      assert.deepEqual(
        balances
          .filter((b) => b.token !== null)
          .map((b) => [b.token, b.raw, b.decimals, b.symbol])
          .sort(),
        expected,
        query,
      );
    }
    assert.equal(info.solana.splMint.symbol, 'TSPL', 'devnet info names the same symbols');
  });
});
