// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, and innerText (the text as rendered) is what a user reads
// @needs devnet
// Amounts people can read (issue 32 items 1 and 3): token payments in whole units with their
// symbols, token balances on the wallets page, limits typed in whole units, copyable ids.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { createChainRegistry } from '../../src/chains/chain-registry.ts';
import type { UserId } from '../../src/domain/ids.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { waitForFinal } from '../support/chain-app.ts';
import { type DevnetInfo, fund, useDevnet } from '../support/devnet.ts';

const PASSWORD = 'correct horse battery staple';

describe('dashboard amounts in whole units', () => {
  let app: TestApp;
  let info: DevnetInfo;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let user: { userId: UserId; email: string; key: string };
  let evm: string;

  const submit = async (target: Locator) => {
    const p = target.page();
    const navigated = p.waitForEvent('framenavigated', { predicate: (f) => f === p.mainFrame() });
    await target.click();
    await navigated;
    await p.waitForLoadState();
  };

  before(async () => {
    info = await useDevnet();
    // As `npm start` wires the development network: its test tokens are the chains' listed tokens.
    const chains = createChainRegistry(
      {},
      {
        'evm-localnet': {
          rpcUrl: info.evm.rpcUrl,
          listedTokens: [info.evm.testToken.address, info.evm.secondToken.address],
        },
        'solana-localnet': {
          rpcUrl: info.solana.rpcUrl,
          listedTokens: [info.solana.splMint.address, info.solana.token2022Mint.address],
        },
      },
    );
    app = await startTestApp({ chains, env: { TRACKER_INTERVAL_MS: '200' } });
    user = await app.newUser();
    await app.services.users.setPassword(user.email, PASSWORD);
    for (const w of await app.services.wallets.list(user.userId)) {
      if (w.chainType === 'ethereum') {
        evm = w.address;
        await fund({ chain: 'evm-localnet', address: w.address, amount: 3n * 10n ** 18n });
        await fund({
          chain: 'evm-localnet',
          address: w.address,
          amount: 12_345_678n,
          token: info.evm.testToken.address,
        });
      } else {
        await fund({ chain: 'solana-localnet', address: w.address, amount: 2n * 10n ** 9n });
        await fund({
          chain: 'solana-localnet',
          address: w.address,
          amount: 7_500_000n,
          token: info.solana.splMint.address,
        });
      }
    }
    browser = await launchBrowser();
    ({ page, problems } = await newContext(browser, 'desktop'));
    await page.goto(`${app.url}/dashboard/sign-in`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await submit(page.getByRole('button', { name: 'Sign in' }));
  });

  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  test('the wallets page shows token balances with symbols beside the native one', async () => {
    await page.goto(`${app.url}/dashboard/wallets`);
    const evmRow = page.locator('tbody tr', { hasText: evm });
    const text = await evmRow.innerText();
    assert.match(text, /3 ETH on EVM Localnet/);
    assert.match(text, /12\.345678 TUSD/);
    assert.match(text, /0 TEUR/, 'a listed token held at zero shows too');
    const tusd = evmRow.locator(`li[data-token="${info.evm.testToken.address}"] .amount`);
    assert.equal(await tusd.getAttribute('title'), `12345678 base units of ${info.evm.testToken.address}`);
    const solText = await page.locator('tbody tr', { hasText: 'Solana' }).innerText();
    assert.match(solText, /2 SOL on Solana Localnet/);
    assert.match(solText, /7\.5 TSPL/, 'the devnet mint has a symbol (Metaplex metadata)');
    await screenshot(page, 'wallets-tokens');
    assert.deepEqual(problems, []);
  });

  test('a token send shows as 1.5 TUSD, base units on hover; ids and hashes copy with one click', async () => {
    const to = privateKeyToAddress(generatePrivateKey());
    const res = await app.post(
      '/api/v1/send',
      { chain: 'evm-localnet', to, asset: 'erc20', token: info.evm.testToken.address, amount: '1500000' },
      user.key,
      { 'idempotency-key': randomUUID() },
    );
    assert.equal(res.status, 200, await res.clone().text());
    const { id } = (await res.json()) as { id: string };
    const tx = await waitForFinal(app, id, user.key);
    assert.equal(tx.status, 'CONFIRMED');

    await page.goto(`${app.url}/dashboard/transactions`);
    const row = page.locator(`tr[data-tx-id="${id}"]`);
    const amount = row.locator('td[data-label="Amount"] .amount');
    assert.equal((await amount.innerText()).trim(), '1.5 TUSD');
    assert.equal(await amount.getAttribute('title'), `1500000 base units of ${info.evm.testToken.address}`);
    assert.doesNotMatch(await row.innerText(), /0 ETH/, 'a token payment does not read as zero ETH');

    await row.getByRole('button', { name: `Copy transaction id ${id}` }).click();
    await page.locator('#copy-announcer').getByText(`Copied ${id}`).waitFor();
    assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), id);
    await row.getByRole('button', { name: `Copy hash ${tx.hash}` }).click();
    assert.equal(await page.evaluate<string>('navigator.clipboard.readText()'), tx.hash);
    await screenshot(page, 'transactions-tokens');
    assert.deepEqual(problems, []);
  });

  test('the key form takes limits in whole units: 1.5 ETH and 2.5 TUSD are stored in base units', async () => {
    await page.goto(`${app.url}/dashboard/keys`);
    await page.getByLabel('Name').fill('capped bot');
    await page
      .getByLabel('Spend limits')
      .fill(`evm-localnet native 1.5 -\nevm-localnet ${info.evm.testToken.address} 2.5 10`);
    assert.equal(await page.getByLabel('Whole units (1.5 ETH)').isChecked(), true, 'whole units by default');
    await submit(page.getByRole('button', { name: 'Create API key' }));
    const key = await page.getByLabel('API key', { exact: true }).inputValue();
    const self = await (await app.get('/api/v1/keys/self', key)).json();
    const limits = (
      self.limits as { chain: string; asset: string; perTransaction: string | null; perDay: string | null }[]
    )
      .map((l) => [l.asset.toLowerCase(), l.perTransaction, l.perDay])
      .sort();
    assert.deepEqual(
      limits,
      [
        ['native', '1500000000000000000', null],
        [info.evm.testToken.address.toLowerCase(), '2500000', '10000000'],
      ].sort(),
    );
    await page.goto(`${app.url}/dashboard/keys`);
    const limit = page.locator('tbody tr', { hasText: 'capped bot' }).locator(`[data-limit$=":native"]`);
    assert.match(await limit.innerText(), /≤ 1\.5 ETH per transaction/);
  });

  test('the key form refuses more decimals than the asset has, and a token whose decimals cannot be read', async () => {
    const before = (await app.services.apiKeys.list(user.userId)).length;
    await page.goto(`${app.url}/dashboard/keys`);
    await page.getByLabel('Name').fill('too precise');
    await page.getByLabel('Spend limits').fill(`evm-localnet ${info.evm.testToken.address} 1.1234567 -`);
    await submit(page.getByRole('button', { name: 'Create API key' }));
    assert.match(
      await page.locator('#create-error').innerText(),
      /"1\.1234567" has 7 decimal places, but TUSD has 6/,
    );
    assert.equal(
      await page.getByLabel('Spend limits').inputValue(),
      `evm-localnet ${info.evm.testToken.address} 1.1234567 -`,
      'what was typed is kept',
    );

    const notAToken = privateKeyToAddress(generatePrivateKey());
    await page.getByLabel('Spend limits').fill(`evm-localnet ${notAToken} 1 -`);
    await submit(page.getByRole('button', { name: 'Create API key' }));
    assert.match(
      await page.locator('#create-error').innerText(),
      new RegExp(`decimals of token ${notAToken} on evm-localnet could not be read`),
    );
    // Base units remain possible for such a token.
    await page.getByLabel('Base units (wei, lamports, token units)').check();
    await submit(page.getByRole('button', { name: 'Create API key' }));
    assert.match(await page.getByLabel('API key', { exact: true }).inputValue(), /^wak_/);
    assert.equal((await app.services.apiKeys.list(user.userId)).length, before + 1);
  });
});
