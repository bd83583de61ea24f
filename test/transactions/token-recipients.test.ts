// @needs devnet
// A send to a token contract, a mint or a token account loses the funds for good: refused with
// 400 INVALID_INPUT before anything is signed (issue 26 item 13). Sends to wallets and to contracts
// that are not tokens still go.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { address, generateKeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../src/chains/solana/solana-transfers.ts';
import type { TestApp } from '../support/app.ts';
import { startChainApp, walletOf, write } from '../support/chain-app.ts';
import { type DevnetInfo, fund } from '../support/devnet.ts';

describe('sends to token contracts, mints and token accounts', () => {
  let app: TestApp;
  let info: DevnetInfo;
  before(async () => {
    const ctx = await startChainApp();
    ({ app, info } = ctx);
  });
  after(async () => {
    await app?.stop();
  });

  async function fundedUser() {
    const user = await app.newUser();
    const evm = await walletOf(app, user.userId, 'ethereum');
    const solana = await walletOf(app, user.userId, 'solana');
    await Promise.all([
      fund({ chain: 'evm-localnet', address: evm, amount: 10n ** 18n }),
      fund({ chain: 'evm-localnet', address: evm, amount: 1_000_000n, token: info.evm.testToken.address }),
      fund({ chain: 'solana-localnet', address: solana, amount: 2n * 10n ** 9n }),
      fund({
        chain: 'solana-localnet',
        address: solana,
        amount: 1_000_000n,
        token: info.solana.splMint.address,
      }),
      fund({
        chain: 'solana-localnet',
        address: solana,
        amount: 1_000_000n,
        token: info.solana.token2022Mint.address,
      }),
    ]);
    return { ...user, evm, solana };
  }

  const refused = async (res: Response, what: RegExp) => {
    const body = await res.json();
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(body.code, 'INVALID_INPUT');
    assert.match(body.error, what);
    assert.match(body.error, /would be lost/);
    assert.deepEqual(
      body.details.map((d: { path: string }) => d.path),
      ['to'],
    );
  };
  const nothingRecorded = async (userId: string) => {
    const rows = await app.db.query('select id from transactions where user_id = $1', [userId]);
    assert.deepEqual(rows, [], 'nothing was signed or recorded');
  };

  test('EVM: an ERC20 send to the token itself or to another token, and a native send to a token, are refused', async () => {
    const user = await fundedUser();
    const token = info.evm.testToken.address;
    const send = (body: Record<string, unknown>) =>
      write(app, '/send', { chain: 'evm-localnet', amount: '1000', ...body }, user.key);
    await refused(await send({ asset: 'erc20', token, to: token }), /the token contract itself/);
    await refused(
      await send({ asset: 'erc20', token, to: info.evm.secondToken.address }),
      /an ERC20 token contract on evm-localnet/,
    );
    await refused(await send({ asset: 'native', to: token }), /an ERC20 token contract/);
    await nothingRecorded(user.userId);
    // A contract that is not a token (Multicall3 here; a multisig in real life) still receives tokens.
    const ok = await send({ asset: 'erc20', token, to: info.evm.multicall3 });
    assert.equal(ok.status, 200, await ok.clone().text());
  });

  test('Solana: a SOL or token send to a mint or a token account (Token and Token-2022) is refused', async () => {
    const user = await fundedUser();
    const spl = info.solana.splMint.address;
    const t22 = info.solana.token2022Mint.address;
    const [splAccount] = await findAssociatedTokenPda({
      owner: address(user.solana),
      mint: address(spl),
      tokenProgram: TOKEN_PROGRAM,
    });
    const [t22Account] = await findAssociatedTokenPda({
      owner: address(user.solana),
      mint: address(t22),
      tokenProgram: TOKEN_2022_PROGRAM,
    });
    const send = (body: Record<string, unknown>) =>
      write(app, '/send', { chain: 'solana-localnet', amount: '1000', ...body }, user.key);
    await refused(await send({ asset: 'native', to: spl }), /is a SPL Token account \(a mint or a token/);
    await refused(await send({ asset: 'native', to: t22Account }), /is a Token-2022 account/);
    await refused(await send({ asset: 'spl', token: spl, to: spl }), /SPL Token account/);
    await refused(await send({ asset: 'spl', token: spl, to: splAccount }), /SPL Token account/);
    await refused(await send({ asset: 'spl', token: t22, to: t22 }), /Token-2022 account/);
    await refused(await send({ asset: 'spl', token: spl, to: t22Account }), /Token-2022 account/);
    await nothingRecorded(user.userId);
    // A wallet (a system account, or one that does not exist yet) still receives.
    const to = (await generateKeyPairSigner()).address;
    const ok = await send({ asset: 'spl', token: spl, to });
    assert.equal(ok.status, 200, await ok.clone().text());
  });
});
