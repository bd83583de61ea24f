// @needs devnet
// Issue 26, item 9: wrapped SOL is SOL for an API key's limits, whichever way a write names it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { generateKeyPairSigner } from '@solana/kit';
import type { KeyPolicyInput } from '../../src/app/key-policies.ts';
import type { TestApp } from '../support/app.ts';
import { waitForFinal, walletOf, write } from '../support/chain-app.ts';
import { type DevnetInfo, fund, useDevnet } from '../support/devnet.ts';
import { startTradingApp } from '../trading/trading-app.ts';

const CHAIN = 'solana-localnet';
const SOL = 1_000_000_000n;
const WSOL = 'So11111111111111111111111111111111111111112';

async function refusal(res: Response, pattern: RegExp) {
  const body = await res.json();
  assert.equal(res.status, 403, JSON.stringify(body));
  assert.equal(body.code, 'FORBIDDEN');
  assert.match(body.error, pattern);
}

describe('wrapped SOL under an API key’s SOL limits', () => {
  let app: TestApp;
  let info: DevnetInfo;
  before(async () => {
    info = await useDevnet();
    app = await startTradingApp(info);
  });
  after(async () => {
    await app.stop();
  });

  async function userWithKey(policy: KeyPolicyInput) {
    const user = await app.newUser();
    const wallet = await walletOf(app, user.userId, 'solana');
    await fund({ chain: CHAIN, address: wallet, amount: 5n * SOL });
    const { key } = await app.services.apiKeys.create(user.userId, { name: 'limited', policy });
    return { ...user, key, wallet };
  }
  const recipient = async () => (await generateKeyPairSigner()).address;
  const send = async (key: string, asset: 'native' | 'spl', amount: bigint) =>
    write(
      app,
      '/send',
      {
        chain: CHAIN,
        to: await recipient(),
        asset,
        ...(asset === 'spl' ? { token: WSOL } : {}),
        amount: amount.toString(),
      },
      key,
    );
  const swap = (key: string, fromToken: string, amount: bigint) =>
    write(
      app,
      '/trade/swap',
      { chain: CHAIN, fromToken, toToken: info.solana.splMint.address, amount: amount.toString() },
      key,
    );
  const self = async (key: string) => (await app.get('/api/v1/keys/self', key)).json();

  // The development network has no wrapped SOL mint account, so a /send spl of wrapped SOL cannot
  // land there: what it shows is that such a send is held to, and counted against, the SOL limit.
  test('a /send spl of wrapped SOL is held to a native SOL limit and what native sends left of it', async () => {
    const user = await userWithKey({
      limits: [{ chain: CHAIN, asset: 'native', perTransaction: SOL.toString(), perDay: SOL.toString() }],
    });
    await refusal(
      await send(user.key, 'spl', 2n * SOL),
      /maximum per transaction of 1000000000 for native on solana-localnet/,
    );
    const ok = await send(user.key, 'native', (6n * SOL) / 10n);
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal((await waitForFinal(app, (await ok.json()).id, user.key)).status, 'CONFIRMED');
    await refusal(
      await send(user.key, 'spl', SOL / 2n),
      /Amount 500000000 exceeds what this API key may still move in 24 hours for native on solana-localnet: 400000000 of 1000000000 left/,
    );
    const [limit] = (await self(user.key)).limits;
    assert.deepEqual([limit.asset, limit.spentLast24h], ['native', ((6n * SOL) / 10n).toString()]);
  });

  test('a limit set on the wrapped SOL mint is a SOL limit: native sends and swaps from SOL are held to it', async () => {
    const user = await userWithKey({
      limits: [{ chain: CHAIN, asset: WSOL, perTransaction: SOL.toString() }],
    });
    assert.equal((await self(user.key)).limits[0].asset, 'native');
    const over = /maximum per transaction of 1000000000 for native on solana-localnet/;
    await refusal(await send(user.key, 'native', 2n * SOL), over);
    await refusal(await swap(user.key, 'NATIVE', 2n * SOL), over);
    await refusal(await swap(user.key, WSOL, 2n * SOL), over);
  });

  test('a swap from wrapped SOL counts against a native SOL daily limit', async () => {
    const user = await userWithKey({ limits: [{ chain: CHAIN, asset: 'native', perDay: SOL.toString() }] });
    const ok = await swap(user.key, WSOL, SOL / 2n);
    assert.equal(ok.status, 200, await ok.clone().text());
    assert.equal((await self(user.key)).limits[0].spentLast24h, (SOL / 2n).toString());
    await refusal(await swap(user.key, 'NATIVE', SOL), /500000000 of 1000000000 left/);
  });
});
