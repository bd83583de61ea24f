// biome-ignore-all lint/performance/useDomNodeTextContent: these are Playwright locators, and innerText (the text as rendered) is what a user reads
// @needs devnet
// The dashboard's payout upload form in Chromium (issue 31): a CSV file chosen in the form is read
// into its text field, the payout is recorded, and its page shows each item's status, refreshing
// itself until every item is final. A file with a bad line is refused whole, with nothing sent.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { type Address, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { TestApp } from '../support/app.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startChainApp, walletOf } from '../support/chain-app.ts';
import { fund } from '../support/devnet.ts';

const PASSWORD = 'correct horse battery staple';
const CHAIN = 'evm-localnet';
const randomAddress = () => privateKeyToAddress(generatePrivateKey());

describe('the payout upload form in a browser', () => {
  let ctx: Awaited<ReturnType<typeof startChainApp>>;
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let wallet: Address;

  /** Clicks something that submits a form, and waits for the page it leads to. */
  const submit = async (target: Locator) => {
    const navigated = page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame() });
    await target.click();
    await navigated;
    await page.waitForLoadState();
  };
  /** Chooses a CSV file in the form, as a user picking one from disk; the page reads it into the field. */
  const chooseCsv = async (name: string, text: string) => {
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    const field = page.getByLabel('Items (CSV: to,amount,reference)');
    // The page reads the file asynchronously (File.text()).
    for (let i = 0; i < 200 && (await field.inputValue()) !== text; i++) await page.waitForTimeout(50);
    assert.equal(await field.inputValue(), text);
  };
  const balance = (a: string) => ctx.evm.getBalance({ address: a as Address });

  before(async () => {
    ctx = await startChainApp();
    app = ctx.app;
    const user = await app.newUser();
    await app.services.users.setPassword(user.email as never, PASSWORD);
    wallet = (await walletOf(app, user.userId, 'ethereum')) as Address;
    await fund({ chain: CHAIN, address: wallet, amount: parseEther('1') });
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

  test('a CSV file with a bad line is refused whole, naming the line; nothing is sent', async () => {
    await page.goto(`${app.url}/dashboard/payouts`);
    const good = randomAddress();
    await page.getByLabel('Chain').selectOption(CHAIN);
    await page.getByLabel('Asset').selectOption('native');
    await chooseCsv('bad.csv', `to,amount,reference\n${good},10,fine\nnot-an-address,11,broken\n`);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await submit(page.getByRole('button', { name: 'Pay' }));
    assert.equal((await answer).status(), 400);
    assert.match(await page.getByRole('alert').innerText(), /Nothing was sent: items\[1\]\.to/);
    assert.match(
      await page.getByLabel('Items (CSV: to,amount,reference)').inputValue(),
      /not-an-address/,
      'the list is kept to be corrected',
    );
    assert.equal(await balance(good), 0n);
    await screenshot(page, 'payout-refused');
  });

  test('a CSV file uploaded is paid, and the payout page shows each item until every one is CONFIRMED', async () => {
    await page.goto(`${app.url}/dashboard/payouts`);
    const rows = [
      { to: randomAddress(), amount: 41n, reference: 'invoice-41' },
      { to: randomAddress(), amount: 42n, reference: 'invoice-42' },
      { to: randomAddress(), amount: 43n, reference: 'invoice-43' },
    ];
    await page.getByLabel('Chain').selectOption(CHAIN);
    await page.getByLabel('Asset').selectOption('native');
    await chooseCsv(
      'contractors.csv',
      `to,amount,reference\n${rows.map((r) => `${r.to},${r.amount},${r.reference}`).join('\n')}\n`,
    );
    await submit(page.getByRole('button', { name: 'Pay' }));
    assert.match(new URL(page.url()).pathname, /^\/dashboard\/payouts\/pay_/);
    const items = page.locator('#payout-items tbody tr');
    assert.equal(await items.count(), 3);
    // The page refreshes itself (no reload) until the payout is final, then says so.
    await page
      .locator('#refresh-announcer', { hasText: 'Every transaction is now final.' })
      .waitFor({ state: 'attached', timeout: 90_000 });
    assert.match(await page.locator('#payout-totals').innerText(), /3 of 3 confirmed, 0 failed/);
    for (const [i, r] of rows.entries()) {
      const row = items.nth(i);
      assert.equal(await row.locator('[data-label="Reference"]').innerText(), r.reference);
      assert.equal(await row.locator('[data-label="Amount"]').innerText(), String(r.amount));
      assert.equal((await row.locator('[data-label="Status"]').innerText()).trim(), 'CONFIRMED');
      assert.match(await row.locator('[data-label="Transaction"]').innerText(), /tx_/);
      assert.equal(await balance(r.to), r.amount);
    }
    await screenshot(page, 'payout-confirmed');
    assert.deepEqual(problems, []);
  });
  test('with Atomic ticked, the CSV is paid in ONE transaction that every item shares', async () => {
    await page.goto(`${app.url}/dashboard/payouts`);
    const rows = [51n, 52n, 53n, 54n].map((amount) => ({
      to: randomAddress(),
      amount,
      reference: `a-${amount}`,
    }));
    const nonce = await ctx.evm.getTransactionCount({ address: wallet });
    await page.getByLabel('Chain').selectOption(CHAIN);
    await page.getByLabel('Asset').selectOption('native');
    await page.getByLabel('Atomic').check();
    await chooseCsv(
      'atomic.csv',
      `to,amount,reference\n${rows.map((r) => `${r.to},${r.amount},${r.reference}`).join('\n')}\n`,
    );
    await submit(page.getByRole('button', { name: 'Pay' }));
    assert.match(new URL(page.url()).pathname, /^\/dashboard\/payouts\/pay_/);
    await page
      .locator('#refresh-announcer', { hasText: 'Every transaction is now final.' })
      .waitFor({ state: 'attached', timeout: 90_000 });
    assert.match(
      await page.locator('#payout-totals').innerText(),
      /4 of 4 confirmed, 0 failed, .* in 1 transaction\./,
    );
    assert.match(
      await page.locator('#transactions-region p').first().innerText(),
      /native · atomic \(Multicall3\)/,
    );
    const items = page.locator('#payout-items tbody tr');
    assert.equal(await items.count(), 4);
    const shown = new Set<string>();
    for (const [i, r] of rows.entries()) {
      const row = items.nth(i);
      assert.equal((await row.locator('[data-label="Status"]').innerText()).trim(), 'CONFIRMED');
      shown.add((await row.locator('[data-label="Transaction"] code').innerText()).trim());
      assert.equal(await balance(r.to), r.amount);
    }
    assert.equal(shown.size, 1, `one transaction for every item: ${[...shown].join(', ')}`);
    assert.equal(await ctx.evm.getTransactionCount({ address: wallet }), nonce + 1, 'the nonce moved by one');
    await screenshot(page, 'payout-atomic-confirmed');
    assert.deepEqual(problems, []);
  });

  test('Atomic with an ERC20 token is refused, and the form keeps the box ticked', async () => {
    await page.goto(`${app.url}/dashboard/payouts`);
    const to = randomAddress();
    await page.getByLabel('Chain').selectOption(CHAIN);
    await page.getByLabel('Asset').selectOption('erc20');
    await page.getByLabel('Token address or mint').fill(ctx.info.evm.testToken.address);
    await page.getByLabel('Atomic').check();
    await chooseCsv('atomic-token.csv', `to,amount,reference\n${to},5,t-1\n`);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await submit(page.getByRole('button', { name: 'Pay' }));
    assert.equal((await answer).status(), 400);
    assert.match(
      await page.getByRole('alert').innerText(),
      /Nothing was sent: atomic: only for native payouts/,
    );
    assert.equal(await page.getByLabel('Atomic').isChecked(), true);
    assert.deepEqual(problems, []);
  });
});
